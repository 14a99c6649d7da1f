import { NODE_CONSTANTS } from '@mason/codec';

/** 0.0001 MAS per byte of bytecode, plus the ledger entry (0.001 MAS), as the node charges a new SC. */
export function contractStorageCost(bytecodeLength: number): bigint {
  return BigInt(bytecodeLength) * NODE_CONSTANTS.ledgerCostPerByte + NODE_CONSTANTS.ledgerEntryBaseCost;
}
