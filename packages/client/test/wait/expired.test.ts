import type { OperationInfo } from '@mason/codec';
import { describe, expect, it } from 'vitest';
import { expired } from '../../src/wait/expired.js';
import { operationStatusFromInfo } from '../../src/wait/operationStatus.js';
import type { ClockNeed, Observation, WaitContext } from '../../src/wait/waitStrategy.js';

// When expired() asks the observer for the node's clock (a get_status per look): a unit test of
// its rule, on observations shaped as the devnet's get_operations entries (the behaviour against
// a real devnet is in waitForOperation.test.ts).

function clockNeedOfExpired(): (last: Observation | undefined) => boolean {
  let need: ClockNeed | undefined;
  const context = {
    client: undefined as never,
    operationId: 'O1',
    expirePeriod: 10,
    signal: new AbortController().signal,
    last: undefined,
    until: (_check: unknown, options?: { needsClock?: ClockNeed }) => {
      need = options?.needsClock;
      return new Promise<never>(() => {});
    },
  } satisfies WaitContext;
  void expired()(context);
  if (typeof need !== 'function') throw new Error(`expected a clock rule, got ${String(need)}`);
  return need;
}

const observation = (fields: Pick<OperationInfo, 'in_pool' | 'in_blocks' | 'op_exec_status' | 'is_operation_final'>): Observation => {
  const info = { id: 'O1', thread: 0, operation: undefined as never, ...fields } as OperationInfo;
  return { status: operationStatusFromInfo(info), info };
};

describe('expired() and the clock', () => {
  const needsClock = clockNeedOfExpired();

  it('reads the clock before the first look and while the operation waits in the pool or is unknown', () => {
    expect(needsClock(undefined)).toBe(true);
    expect(needsClock(observation({ in_pool: true, in_blocks: [], op_exec_status: null, is_operation_final: null }))).toBe(true);
    expect(needsClock({ status: 'NotFound', info: undefined })).toBe(true);
  });

  it('stops once the node lists the operation in a block (that block executes it), or it has executed', () => {
    expect(needsClock(observation({ in_pool: false, in_blocks: ['B1'], op_exec_status: null, is_operation_final: null }))).toBe(false);
    expect(needsClock(observation({ in_pool: false, in_blocks: ['B1'], op_exec_status: true, is_operation_final: false }))).toBe(false);
    expect(needsClock(observation({ in_pool: false, in_blocks: [], op_exec_status: false, is_operation_final: true }))).toBe(false);
  });
});
