import type { AsyncMessage } from '@mason/vm';

let nextIndex = 0n;

/**
 * An asynchronous message for a test: `sender` sends it to itself, emitted at (1, 0) with an
 * emission index of its own, 10,000,000 gas, fee 1, 100 coins, valid from (2, 0) to (5, 0).
 */
export function testAsyncMessage(sender: string, options: Partial<AsyncMessage> = {}): AsyncMessage {
  return {
    emissionSlot: { period: 1, thread: 0 },
    emissionIndex: nextIndex++,
    sender,
    destination: sender,
    function: 'handler',
    maxGas: 10_000_000n,
    fee: 1n,
    coins: 100n,
    validityStart: { period: 2, thread: 0 },
    validityEnd: { period: 5, thread: 0 },
    data: new Uint8Array(),
    trigger: undefined,
    ...options,
  };
}
