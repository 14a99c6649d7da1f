import { describe, expect, it } from 'vitest';
import { LIMITS, MAX_GAS_CALL, MAX_GAS_EXECUTE, MIN_GAS_CALL, NODE_CONSTANTS } from '../src/index.js';

// The values of the reference (massa-compat.md §5.1, §6): a change here is a change of node.
describe('node constants', () => {
  it('gas bounds are web3 MIN_GAS_CALL, MAX_GAS_CALL and MAX_GAS_EXECUTE', () => {
    expect(MIN_GAS_CALL).toBe(2_100_000n);
    expect(MAX_GAS_CALL).toBe(4_294_167_295n);
    expect(MAX_GAS_EXECUTE).toBe(3_980_167_295n);
    expect(NODE_CONSTANTS.maxGasPerBlock).toBe(2n ** 32n - 1n);
  });

  it('storage costs and operation limits', () => {
    expect(NODE_CONSTANTS.ledgerCostPerByte).toBe(100_000n);
    expect(NODE_CONSTANTS.ledgerEntryBaseCost).toBe(1_000_000n);
    expect(NODE_CONSTANTS.maxBlockSize).toBe(300_000);
    expect(LIMITS.maxOperationDatastoreValueLength).toBe(500_000);
    expect(LIMITS.maxBytecodeLength).toBe(NODE_CONSTANTS.maxBytecodeLength);
  });
});
