import type { SignedOperation } from '@mason/codec';
import type { FailureFrames } from '../execution/failureFrames.js';

/** What the devnet knows of an operation, kept after execution so it stays queryable. */
export interface OperationRecord {
  signed: SignedOperation;
  thread: number;
  inPool: boolean;
  inBlocks: string[];
  /** Execution result in the candidate state (null: not executed yet). */
  speculativeSuccess: boolean | null;
  /** Execution result once its block is final (null: not final yet). */
  finalSuccess: boolean | null;
  /** Gas used by an executed ExecuteSC or CallSC (not kept across a restart from the data dir). */
  gasUsed?: bigint;
  /** Where its failed execution stopped in the code (`mason_get_operation_failure`; not kept across a restart). */
  failure?: FailureFrames;
}

/** The node's (is_operation_final, op_exec_status) pair derived from the two statuses (§15.4). */
export function operationStatusFields(record: OperationRecord): { is_operation_final: boolean | null; op_exec_status: boolean | null } {
  if (record.finalSuccess !== null) return { is_operation_final: true, op_exec_status: record.finalSuccess };
  if (record.speculativeSuccess !== null) return { is_operation_final: false, op_exec_status: record.speculativeSuccess };
  return { is_operation_final: null, op_exec_status: null };
}
