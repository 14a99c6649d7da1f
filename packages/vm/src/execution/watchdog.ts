import { WATCHDOG_TABLE_EXPORT } from '../wasm/meterModule.js';

/**
 * Thrown when an execution runs past its wall-clock budget. Gas bounds the work of a node's
 * execution but not its wall time on this machine (a 4 MiB `memory.fill` costs one operator), so
 * the VM stops an execution at its deadline. No frame catches it: it fails the whole execution.
 */
export class WallTimeExceeded extends Error {
  constructor(readonly limitMs: number) {
    super(`execution stopped by the wall-clock watchdog after ${limitMs} ms`);
    this.name = 'WallTimeExceeded';
  }
}

let deadline = Number.POSITIVE_INFINITY;
let activeLimitMs = Number.POSITIVE_INFINITY;

/**
 * Starts the budget of one execution (operation, async message or read-only request). Returns the
 * function that restores the previous budget when the execution ends.
 */
export function armWatchdog(limitMs: number): () => void {
  const previous = { deadline, activeLimitMs };
  deadline = Number.isFinite(limitMs) ? performance.now() + limitMs : Number.POSITIVE_INFINITY;
  activeLimitMs = limitMs;
  return () => {
    deadline = previous.deadline;
    activeLimitMs = previous.activeLimitMs;
  };
}

/** Called where time can pass without gas in proportion: ABI entries and bulk memory work. */
export function checkDeadline(): void {
  if (deadline !== Number.POSITIVE_INFINITY && performance.now() > deadline) throw new WallTimeExceeded(activeLimitMs);
}

/**
 * Transfers of at least this many bytes between guest memory and the host check the deadline:
 * the work of the ABI doing them grows with their size (a hash of its input, a list of 20,000
 * keys written back).
 */
export const LARGE_TRANSFER = 64 * 1024;
// Reading the clock costs ~150 ns on a small VM, as much as a cheap ABI: ABI entries read it every
// 16th time only. The other ones do a few µs each (small inputs), or a large transfer and check then.
let abiEntries = 0;

/** At every ABI entry: the deadline is checked every 16th. */
export function noteAbiEntry(): void {
  if ((++abiEntries & 15) === 0) checkDeadline();
}

// (module (import "m" "check" (func)) (func (export "check") call 0)): a wasm function wrapping
// the JS check, since only wasm functions can be stored in a wasm table.
// biome-ignore format: wasm bytes, one section per line
const CHECK_MODULE = Uint8Array.of(
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00,
  0x02, 0x0b, 0x01, 0x01, 0x6d, 0x05, 0x63, 0x68, 0x65, 0x63, 0x6b, 0x00, 0x00,
  0x03, 0x02, 0x01, 0x00,
  0x07, 0x09, 0x01, 0x05, 0x63, 0x68, 0x65, 0x63, 0x6b, 0x00, 0x01,
  0x0a, 0x06, 0x01, 0x04, 0x00, 0x10, 0x00, 0x0b,
);
let wasmCheck: WebAssembly.ExportValue | undefined;

/** Plugs the deadline check into the table that the metered code calls after bulk work (exported as `tableExport`). */
export function armInstance(instance: WebAssembly.Instance, tableExport: string = WATCHDOG_TABLE_EXPORT): void {
  const table = instance.exports[tableExport];
  if (!(table instanceof WebAssembly.Table)) return;
  wasmCheck ??= new WebAssembly.Instance(new WebAssembly.Module(CHECK_MODULE), { m: { check: checkDeadline } }).exports.check!;
  table.set(0, wasmCheck);
}
