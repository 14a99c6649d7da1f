// Errors, byte helpers, the node's constants and the build formats: also `@mason/codec/base`.
export * from './base.js';
export { ByteReader } from './byteReader.js';
export { encodeVarint, decodeVarint, type VarintBits } from './varint.js';
export { MAS, MAX_AMOUNT, parseMas, formatMas, toNanoMas } from './amount.js';
export { blake3, blake3WasmReady, sha256 } from './hash.js';
export { encodeBase58check, decodeBase58check } from './base58check.js';
export { SecretKey } from './secretKey.js';
export { PublicKey } from './publicKey.js';
export { Signature } from './signature.js';
export { Address, isValidAddress, type AddressKind } from './address.js';
export {
  encodeOperationId,
  decodeOperationId,
  encodeBlockId,
  decodeBlockId,
  encodeEndorsementId,
  decodeEndorsementId,
} from './ids.js';
export { LIMITS } from './limits.js';
export { serializeDatastore, deserializeDatastore, type Datastore } from './datastore.js';
export {
  OPERATION_TYPE_IDS,
  type Operation,
  type OperationType,
  type OperationContent,
  type Transaction,
  type RollBuy,
  type RollSell,
  type ExecuteSC,
  type CallSC,
} from './operation.js';
export { serializeOperationContent, deserializeOperationContent } from './serializeOperation.js';
export {
  signOperation,
  toSendOperationInput,
  verifyOperationInput,
  decodeOperationInput,
  checkOperationSignature,
  operationSigningPreimage,
  serializeSignedOperation,
  signedOperationSize,
  deserializeSignedOperation,
  type SignedOperation,
  type SendOperationInput,
} from './signOperation.js';
export { operationContentToJson } from './operationJson.js';
export { Args, ArrayType, type ArrayValue, type Serializable } from './args.js';
export {
  slotTimestamp,
  slotAt,
  nextSlot,
  previousSlot,
  compareSlots,
  slotCycle,
  type Slot,
  type SlotTiming,
} from './slot.js';

// Wire types: the node's JSON objects (snake_case, as the node sends them), shared by the client
// that reads them and the devnet that writes them.
export type { NodeStatus, CompactConfig, ConsensusStats, ExecutionStats, NetworkStats } from './wire/nodeStatus.js';
export type { AddressInfo, AddressCycleInfo, DeferredCredit, EndorsementDraw } from './wire/addressInfo.js';
export type { OperationInfo, OperationContentJson, OperationTypeJson, SecureShareOperation } from './wire/operation.js';
export type { EndorsementContent, EndorsementInfo, SecureShareEndorsement } from './wire/endorsement.js';
export type {
  Block,
  BlockHeader,
  BlockInfo,
  BlockParent,
  Clique,
  Denunciation,
  FilledBlock,
  GraphIntervalBlock,
  SecureShareBlock,
  SecuredHeader,
  TimeInterval,
} from './wire/block.js';
export type { EventExecutionContext, EventFilter, SCOutputEvent } from './wire/event.js';
export type { ExecuteReadOnlyResponse, ReadOnlyBytecodeExecution, ReadOnlyCall, ReadOnlyResult, StateChanges } from './wire/readOnly.js';
export type {
  AddressBytecodeFilter,
  AddressDatastoreKeysRequest,
  AddressDatastoreKeysResponse,
  DatastoreEntryInput,
  DatastoreEntryOutput,
} from './wire/datastore.js';
export type { PagedStakers, PageRequest, Staker } from './wire/stakers.js';
export {
  TRACE_VERSION,
  type ExecutionTrace,
  type TraceBytes,
  type TraceEffect,
  type TraceFailure,
  type TraceFrame,
  type TraceFrameKind,
  type TraceHostCall,
  type TraceKind,
  type TraceSlot,
  type TraceWasmFrame,
} from './wire/executionTrace.js';
