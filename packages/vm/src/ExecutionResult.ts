import type { AsyncMessage } from './asyncMessages.js';
import type { VmErrorCode } from './errors.js';
import type { SCOutputEvent } from '@mason/codec';
import type { LedgerChanges } from './state/LedgerState.js';
import type { DeferredCallWrite } from './deferredCalls/DeferredCall.js';

/** A wasm frame of a failure, in the ORIGINAL module (the bytecode stored or sent, before metering). */
export interface FailureWasmFrame {
  /** In the function index space (imports first), when the offset is in a function body. */
  functionIndex?: number;
  /** Byte offset in the module, the unit of asc's source maps. */
  offset: number;
}

/** The module that was executing where an execution failed. */
export interface FailureModule {
  /** sha256 (hex) of the module's bytecode: a build's `<name>.wasm` with the same hash has the source map. */
  bytecodeHash: string;
  /** The address whose code it is (the sender's for ExecuteSC and read-only bytecode). */
  address?: string;
}

/** Why an execution failed: structured for tools, plus the node's own text. */
export interface VmExecutionError {
  code: VmErrorCode;
  /** What happened, for a person. */
  message: string;
  /**
   * The node's `ExecutionError` Display, e.g. `VM Error in CallSC context: VM execution error: …`.
   * Wrap it with `formatMassaExecutionError` (operations) or `formatReadOnlyError` (read-only).
   */
  nodeMessage: string;
  /** Function that ran out of gas or aborted, when known. */
  function?: string;
  gasUsed: bigint;
  gasLimit: bigint;
  abort?: { message: string; file: string; line: number; column: number };
  /** Call stack at the failure, bottom → top. */
  callStack: string[];
  /**
   * Where in the code the failure happened: the wasm frames of the innermost failing module,
   * innermost first, as offsets of `module`'s own bytecode (resolve them with its source map).
   * Absent when no wasm code was running (a load error, a transfer before the call).
   */
  wasmFrames?: FailureWasmFrame[];
  module?: FailureModule;
}

export interface ExecutionResult {
  ok: boolean;
  /** Bytes returned by the called function (empty for `main` and on failure). */
  returnValue: Uint8Array;
  error?: VmExecutionError;
  /** Events in emission order; on failure they are flagged `is_error` and end with the error event (operations). */
  events: SCOutputEvent[];
  /** Gas consumed: max gas minus what is left (all of it when out of gas). */
  gasUsed: bigint;
  /** Gas used by the top-level instantiation (start function included). */
  initGasCost: bigint;
  /** Net ledger changes (empty on failure). Already applied to the state when `committed`. */
  stateChanges: LedgerChanges;
  committed: boolean;
  /** Net writes to the deferred-call registry (registrations, cancellations; empty on failure). Applied with the ledger changes when `committed`. */
  deferredCallWrites: DeferredCallWrite[];
  /** Asynchronous messages emitted with `send_message` (empty on failure). */
  asyncMessages: AsyncMessage[];
  /** SC addresses created by this execution, in creation order (empty on failure). */
  createdAddresses: string[];
}

export interface ReadOnlyResult extends ExecutionResult {
  /** The node's estimate (§ read-only): max(exact use, gas before the last sub-execution + max_instance); 0 on failure. */
  gasCost: bigint;
}
