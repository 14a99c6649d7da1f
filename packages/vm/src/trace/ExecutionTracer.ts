import { formatMas } from '@mason/codec';
import type { VmExecutionError } from '../ExecutionResult.js';
import { traceBytes } from './traceBytes.js';
import {
  TRACE_VERSION,
  type ExecutionTrace,
  type TraceEffect,
  type TraceFailure,
  type TraceFrame,
  type TraceFrameKind,
  type TraceHostCall,
  type TraceKind,
  type TraceWasmFrame,
} from './ExecutionTrace.js';

const ABI_PREFIX = 'assembly_script_';

/** What the VM's failure may carry besides its message (wasm frames come with source locations). */
type FailureWithFrames = TracedError & { wasmFrames?: TraceWasmFrame[] };

/** The failure a trace records: the VM's, or that of a host running the code (a unit test's expectation). */
type TracedError = Pick<VmExecutionError, 'message'> & { code?: string };

/**
 * Records the call tree of one execution. Give one to a `Vm` run (`tracer` option) and read
 * `trace` afterwards; without one, the VM records nothing and pays nothing. A tracer records the
 * last execution it was given to; use one per execution to keep several.
 */
export class ExecutionTracer {
  #trace: ExecutionTrace | undefined;
  #frames: TraceFrame[] = [];
  #hostCalls: TraceHostCall[] = [];
  #failedFrame: TraceFrame | undefined;
  /** Frames an error left: their gas was not given back to the frame below, which adds it. */
  #failed = new WeakSet<TraceFrame>();

  /** The trace of the last execution, once it has finished. */
  get trace(): ExecutionTrace | undefined {
    return this.#trace;
  }

  /** @internal A new execution starts. */
  begin(kind: TraceKind, gasLimit: bigint): void {
    this.#trace = { version: TRACE_VERSION, kind, ok: false, gasLimit: Number(gasLimit), gasUsed: 0, effects: [], root: null };
    this.#frames = [];
    this.#hostCalls = [];
    this.#failedFrame = undefined;
    this.#failed = new WeakSet();
  }

  /** @internal A function starts running (the operation's own, or a nested call's). */
  enterFrame(kind: TraceFrameKind, address: string, functionName: string, caller: string | null, coins: bigint, args?: Uint8Array): void {
    const frame: TraceFrame = { kind, address, function: functionName, caller, coins: formatMas(coins), gasUsed: 0, hostCalls: [] };
    if (args !== undefined && args.length > 0) frame.args = traceBytes(args);
    const host = this.#hostCalls[this.#hostCalls.length - 1];
    if (host !== undefined) host.frame = frame;
    else if (this.#trace !== undefined && this.#trace.root === null) this.#trace.root = frame;
    this.#frames.push(frame);
  }

  /** @internal The current frame ended; `failed` when an error left it. */
  exitFrame(gasUsed: bigint, failed: boolean, returned?: Uint8Array): void {
    const frame = this.#frames.pop();
    if (frame === undefined) return;
    if (returned !== undefined && returned.length > 0) frame.returned = traceBytes(returned);
    let used = Number(gasUsed);
    if (failed) {
      // A failed nested run never handed its remaining gas back: what it used is added here.
      const last = frame.hostCalls[frame.hostCalls.length - 1];
      if (last?.frame !== undefined && this.#failed.has(last.frame)) used += last.frame.gasUsed;
      this.#failed.add(frame);
      this.#failedFrame ??= frame;
    }
    const limit = this.#trace?.gasLimit ?? used;
    frame.gasUsed = Math.min(used, limit);
  }

  /** @internal A host call starts in the current frame. */
  enterHost(gasKey: string): void {
    const name = gasKey.startsWith(ABI_PREFIX) ? gasKey.slice(ABI_PREFIX.length) : gasKey;
    const call: TraceHostCall = { name, gas: 0 };
    this.#frames[this.#frames.length - 1]?.hostCalls.push(call);
    this.#hostCalls.push(call);
  }

  /** @internal The current host call ended, having charged `gas`. */
  exitHost(gas: bigint): void {
    const call = this.#hostCalls.pop();
    if (call === undefined) return;
    call.gas = Number(gas);
    if (call.frame !== undefined && this.#failed.has(call.frame)) call.gas += call.frame.gasUsed;
  }

  /** @internal Something happened to the chain: attached to the host call doing it, else to the execution. */
  effect(effect: TraceEffect): void {
    const host = this.#hostCalls[this.#hostCalls.length - 1];
    if (host !== undefined) (host.effects ??= []).push(effect);
    else this.#trace?.effects.push(effect);
  }

  /** @internal The execution ended: totals, and the failure on the trace and on its innermost frame. */
  finish(ok: boolean, gasUsed: bigint, error: TracedError | undefined): void {
    const trace = this.#trace;
    if (trace === undefined) return;
    // The root frame of a failed execution is still open here: what the execution reports it used, plus its failed nested runs.
    while (this.#frames.length > 0) this.exitFrame(this.#frames.length === 1 ? gasUsed : 0n, true);
    this.#hostCalls = [];
    trace.ok = ok;
    trace.gasUsed = Number(gasUsed);
    if (!ok && error !== undefined) {
      const frames = (error as FailureWithFrames).wasmFrames;
      const failure: TraceFailure = {
        message: error.message,
        ...(error.code !== undefined && { code: error.code }),
        ...(frames !== undefined && frames.length > 0 && { wasmFrames: frames }),
      };
      trace.failure = failure;
      if (this.#failedFrame !== undefined) this.#failedFrame.failure = failure;
    }
  }
}
