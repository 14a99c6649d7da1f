import { describe, expect, it } from 'vitest';
import type { OperationInfo } from '@mason/codec';
import { isExecuted, isFinal, operationStatusFromInfo } from '../../src/wait/operationStatus.js';

const base: OperationInfo = {
  id: 'O1x',
  in_pool: false,
  in_blocks: [],
  is_operation_final: null,
  thread: 18,
  op_exec_status: null,
  operation: {
    content: { fee: '0.01', expire_period: 10, op: { RollBuy: { roll_count: 1 } } },
    signature: '1',
    content_creator_pub_key: 'P1',
    content_creator_address: 'AU1',
    id: 'O1x',
  },
};

describe('operationStatusFromInfo (reference §15.4)', () => {
  it.each([
    ['absent', undefined, 'NotFound'],
    ['known but nowhere', {}, 'NotFound'],
    ['in the pool, not executed', { in_pool: true }, 'PendingInclusion'],
    ['in a block, not executed yet', { in_blocks: ['B1'] }, 'PendingInclusion'],
    ['(ok, none)', { op_exec_status: true, is_operation_final: false }, 'SpeculativeSuccess'],
    ['(fail, none)', { op_exec_status: false, is_operation_final: false }, 'SpeculativeError'],
    ['(ok, ok)', { op_exec_status: true, is_operation_final: true }, 'FinalSuccess'],
    ['(fail, fail)', { op_exec_status: false, is_operation_final: true }, 'FinalError'],
    ['executed but still listed in the pool', { in_pool: true, op_exec_status: true, is_operation_final: false }, 'SpeculativeSuccess'],
  ] as [string, Partial<OperationInfo> | undefined, string][])('%s → %s', (_, patch, expected) => {
    expect(operationStatusFromInfo(patch === undefined ? undefined : { ...base, ...patch })).toBe(expected);
  });

  it('isExecuted / isFinal', () => {
    expect(['NotFound', 'PendingInclusion'].map((s) => isExecuted(s as never))).toEqual([false, false]);
    expect(isExecuted('SpeculativeError')).toBe(true);
    expect(isFinal('SpeculativeSuccess')).toBe(false);
    expect(isFinal('FinalError')).toBe(true);
  });
});
