import { NODE_CONSTANTS } from './nodeConstants.js';

/** Node limits enforced by the operation deserializer (massa-models constants). */
export const LIMITS = {
  maxBytecodeLength: NODE_CONSTANTS.maxBytecodeLength,
  maxFunctionNameLength: NODE_CONSTANTS.maxFunctionNameLength,
  maxParameterSize: NODE_CONSTANTS.maxParameterSize,
  maxOperationDatastoreEntries: NODE_CONSTANTS.maxOperationDatastoreEntries,
  maxOperationDatastoreKeyLength: NODE_CONSTANTS.maxOperationDatastoreKeyLength,
  maxOperationDatastoreValueLength: NODE_CONSTANTS.maxOperationDatastoreValueLength,
} as const;
