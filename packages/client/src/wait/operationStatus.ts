import type { OperationInfo } from '@mason/codec';

/** Where an operation is, from "unknown to the node" to "final". */
export const OperationStatus = {
  NotFound: 'NotFound',
  PendingInclusion: 'PendingInclusion',
  SpeculativeSuccess: 'SpeculativeSuccess',
  SpeculativeError: 'SpeculativeError',
  FinalSuccess: 'FinalSuccess',
  FinalError: 'FinalError',
} as const;

export type OperationStatus = (typeof OperationStatus)[keyof typeof OperationStatus];

/**
 * Maps a `get_operations` entry to a status (reference §15.4), with one difference from
 * massa-web3: an operation waiting in the pool or in a block but not executed yet is
 * PendingInclusion (web3 reports NotFound), and an executed operation still listed in the pool
 * reports its execution status (web3 reports PendingInclusion until the pool's next refresh).
 */
export function operationStatusFromInfo(info: OperationInfo | undefined): OperationStatus {
  if (!info) return OperationStatus.NotFound;
  if (info.op_exec_status === null && info.is_operation_final === null) {
    return info.in_pool || info.in_blocks.length > 0 ? OperationStatus.PendingInclusion : OperationStatus.NotFound;
  }
  const failed = info.op_exec_status === false;
  if (info.is_operation_final === true) return failed ? OperationStatus.FinalError : OperationStatus.FinalSuccess;
  return failed ? OperationStatus.SpeculativeError : OperationStatus.SpeculativeSuccess;
}

/** True once the operation has been executed (speculatively or finally). */
export function isExecuted(status: OperationStatus): boolean {
  return status !== OperationStatus.NotFound && status !== OperationStatus.PendingInclusion;
}

export function isFinal(status: OperationStatus): boolean {
  return status === OperationStatus.FinalSuccess || status === OperationStatus.FinalError;
}
