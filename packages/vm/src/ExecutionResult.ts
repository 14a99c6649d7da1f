import type { AsyncMessage } from './asyncMessages.js';
import type { VmErrorCode } from './errors.js';
import type { SCOutputEvent } from '@mason/codec';
import type { LedgerChanges } from './state/LedgerState.js';
import type { DeferredCallWrite } from './deferredCalls/DeferredCall.js';

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
