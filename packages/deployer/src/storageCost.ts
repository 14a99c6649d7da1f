/** 0.0001 MAS per byte of bytecode, plus the ledger entry (0.001 MAS), as the node charges a new SC. */
export function contractStorageCost(bytecodeLength: number): bigint {
  return BigInt(bytecodeLength) * 100_000n + 1_000_000n;
}
