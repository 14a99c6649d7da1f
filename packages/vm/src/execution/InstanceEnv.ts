import { POINTS_EXHAUSTED_EXPORT, REMAINING_POINTS_EXPORT } from '../wasm/meterModule.js';
import type { ExecutionContext } from './ExecutionContext.js';
import { detail, HostError, hostFailure } from './failures.js';
import { parseAddressArg } from './parseAddressArg.js';
import { armInstance, checkDeadline, LARGE_TRANSFER, noteAbiEntry } from './watchdog.js';

const utf16 = new TextDecoder('utf-16le');

/**
 * Per-instance glue between host functions and one wasm instance: its memory, its AS runtime
 * exports (`__new`, `__pin`) and its metering globals. A reused instance keeps its env and gets the
 * context of each new execution with `bind` (host functions read `env.ctx` at every call).
 */
export class InstanceEnv {
  private memory: WebAssembly.Memory | undefined;
  private remaining: WebAssembly.Global | undefined;
  private exhausted: WebAssembly.Global | undefined;
  private newObject: ((size: number, id: number) => number) | undefined;
  private pin: ((ptr: number) => number) | undefined;
  /** ABIs are refused while the start function runs (`ABI calls are not available during instantiation`). */
  abiEnabled = false;
  /**
   * Gas of an instance that does not meter itself (instantiated by a host of its own, see
   * HostedInstance): its operators are free, its ABIs and nested calls still pay from this.
   */
  private unmeteredPoints = 0n;

  constructor(public ctx: ExecutionContext) {}

  /** Starts a new execution on a reused instance: its context, ABIs refused until the start function has run. */
  bind(ctx: ExecutionContext): void {
    this.ctx = ctx;
    this.abiEnabled = false;
    this.unmeteredPoints = 0n;
  }

  /** Binds a new instance; `watchdogExport` is the name of its watchdog table (see vmExportNames). */
  attach(instance: WebAssembly.Instance, watchdogExport?: string): void {
    const exports = instance.exports;
    this.memory = exports.memory instanceof WebAssembly.Memory ? exports.memory : undefined;
    this.remaining = exports[REMAINING_POINTS_EXPORT] as WebAssembly.Global;
    this.exhausted = exports[POINTS_EXHAUSTED_EXPORT] as WebAssembly.Global;
    this.newObject = typeof exports.__new === 'function' ? (exports.__new as (size: number, id: number) => number) : undefined;
    this.pin = typeof exports.__pin === 'function' ? (exports.__pin as (ptr: number) => number) : undefined;
    armInstance(instance, watchdogExport);
  }

  get isExhausted(): boolean {
    return this.exhausted !== undefined && this.exhausted.value !== 0;
  }

  /** Remaining metering points; 0 once exhausted (wasmer's `get_remaining_points`). */
  get remainingGas(): bigint {
    if (!this.remaining) return this.unmeteredPoints;
    if (this.isExhausted) return 0n;
    return BigInt.asUintN(64, this.remaining.value as bigint);
  }

  set remainingGas(points: bigint) {
    if (!this.remaining || !this.exhausted) {
      this.unmeteredPoints = points;
      return;
    }
    this.remaining.value = BigInt.asIntN(64, points);
    this.exhausted.value = 0;
  }

  /** Entry of every metered ABI: refuse during instantiation, then pay the table cost. */
  enterAbi(gasKey: string): void {
    if (!this.abiEnabled) throw hostFailure('ABI calls are not available during instantiation');
    this.chargeAbi(gasKey);
  }

  chargeAbi(gasKey: string): void {
    noteAbiEntry();
    const cost = this.ctx.host.gasCosts.abi.get(gasKey);
    if (cost === undefined) {
      throw new HostError('error', `Failed to get gas for ${gasKey} ABI`, detail('MASON_VM_GAS_TABLE', { reason: `no cost for ${gasKey}` }));
    }
    const remaining = this.remainingGas;
    if (remaining < cost) {
      throw new HostError('error', 'Out of gas', detail('MASON_VM_OUT_OF_GAS', { function: gasKey }));
    }
    this.remainingGas = remaining - cost;
  }

  private cachedView: Uint8Array | undefined;

  /** The memory's bytes; the view is made again only when the memory grew (a new buffer). */
  view(): Uint8Array {
    if (!this.memory) throw hostFailure('AssemblyScript memory is missing from the environment');
    const buffer = this.memory.buffer;
    if (this.cachedView?.buffer !== buffer) this.cachedView = new Uint8Array(buffer);
    return this.cachedView;
  }

  /** The u32 (little-endian) at `offset`, in bounds. */
  private static u32(memory: Uint8Array, offset: number): number {
    return (memory[offset]! | (memory[offset + 1]! << 8) | (memory[offset + 2]! << 16) | (memory[offset + 3]! << 24)) >>> 0;
  }

  /** Reads an AS buffer: `rtSize` (u32 LE at ptr − 4) bytes at ptr. */
  readBuffer(ptr: number): Uint8Array {
    const memory = this.view();
    const offset = ptr >>> 0;
    if (offset < 4 || offset > memory.length) throw hostFailure("Wrong offset: can't read buf");
    const size = InstanceEnv.u32(memory, offset - 4);
    if (offset + size > memory.length) throw hostFailure("Wrong offset: can't read buf");
    if (size >= LARGE_TRANSFER) checkDeadline();
    return memory.slice(offset, offset + size);
  }

  /** Reads an AS string: `rtSize / 2` UTF-16 code units, lone surrogates replaced (lossy). */
  readString(ptr: number): string {
    const memory = this.view();
    const offset = ptr >>> 0;
    if (offset < 4 || offset > memory.length) throw hostFailure("Wrong offset: can't read buf");
    const units = Math.floor(InstanceEnv.u32(memory, offset - 4) / 2);
    if (offset + units * 2 > memory.length) throw hostFailure("Wrong offset: can't read buf");
    if (units * 2 >= LARGE_TRANSFER) checkDeadline();
    return utf16.decode(memory.subarray(offset, offset + units * 2));
  }

  /** Reads an address argument (`Address::from_str`, or the test host's lenient rule). */
  readAddress(ptr: number): string {
    return parseAddressArg(this.readString(ptr), this.ctx.host.lenientAddresses);
  }

  /** Host → guest buffer: `__new(len, 1)` (ArrayBuffer class id), bytes copied, not pinned. */
  allocBuffer(bytes: Uint8Array): number {
    if (!this.newObject) throw hostFailure('Failed to get func in env');
    if (bytes.length >= LARGE_TRANSFER) checkDeadline();
    const ptr = this.newObject(bytes.length, 1) >>> 0;
    this.view().set(bytes, ptr);
    return ptr;
  }

  /**
   * Host → guest string: `__new(utf8Length · 2, 2)` (String class id), UTF-16LE written, pinned.
   * As on a node, the allocation uses the UTF-8 length, so a non-ASCII string comes out padded
   * with NUL characters.
   */
  allocString(text: string): number {
    if (!this.newObject || !this.pin) throw hostFailure('Failed to get func in env');
    const ptr = this.newObject(Buffer.byteLength(text, 'utf8') * 2, 2) >>> 0;
    const memory = this.view();
    const encoded = Buffer.from(text, 'utf16le');
    memory.set(encoded, ptr);
    this.pin(ptr);
    return ptr;
  }
}
