/** Node limits enforced by the operation deserializer (massa-models constants). */
export const LIMITS = {
  maxBytecodeLength: 10_000_000,
  maxFunctionNameLength: 255,
  maxParameterSize: 10_000_000,
  maxOperationDatastoreEntries: 128,
  maxOperationDatastoreKeyLength: 255,
  maxOperationDatastoreValueLength: 500_000,
} as const;
