import type { OperationInfo } from '@mason/client';

/** Where the operation is: waiting in the pool, executed on the candidate state, or final. */
export type OperationStage = 'pool' | 'candidate' | 'final' | 'included';

export function stageOf(info: OperationInfo): OperationStage {
  if (info.is_operation_final === true) return 'final';
  if (info.op_exec_status !== null) return 'candidate';
  return info.in_blocks.length > 0 ? 'included' : 'pool';
}

export function outcomeOf(info: OperationInfo): 'success' | 'failure' | null {
  return info.op_exec_status === null ? null : info.op_exec_status ? 'success' : 'failure';
}
