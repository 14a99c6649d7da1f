// Client and transport
export { createClient } from './createClient.js';
export type {
  Client,
  ClientCache,
  ClientConfig,
  JsonRpcBodyHandler,
  RequestOptions,
  RetryOptions,
  SubscribeOptions,
  SubscriptionMethods,
} from './client.js';
export { Subscription } from './Subscription.js';

// Errors
export { ClientError, CLIENT_ERROR_CODES, clientErrorDocs, clientErrors, isClientError } from './errors.js';
export type { ClientErrorCode, ClientErrorContext } from './errors.js';
export { RpcError, isRpcError } from './RpcError.js';
export {
  RpcErrorCode,
  RpcErrorMessage,
  rpcErrorKind,
  isClientSideRpcError,
  isTransientRpcError,
} from './rpcErrorCodes.js';
export type { RpcErrorKind } from './rpcErrorCodes.js';

// Node methods (public API)
export { getStatus } from './actions/getStatus.js';
export { getCliques } from './actions/getCliques.js';
export { getStakers } from './actions/getStakers.js';
export { getAddresses } from './actions/getAddresses.js';
export { getAddressesDatastoreKeys } from './actions/getAddressesDatastoreKeys.js';
export { getGraphInterval } from './actions/getGraphInterval.js';
export { getBlocks } from './actions/getBlocks.js';
export { getOperations } from './actions/getOperations.js';
export { getEndorsements } from './actions/getEndorsements.js';
export { getFilteredScOutputEvent } from './actions/getFilteredScOutputEvent.js';
export { sendOperations } from './actions/sendOperations.js';
export { executeReadOnlyCall } from './actions/executeReadOnlyCall.js';
export { executeReadOnlyCallTraced, type TracedReadOnlyResponse } from './actions/executeReadOnlyCallTraced.js';
export { getOperationTrace } from './actions/getOperationTrace.js';
export { executeReadOnlyBytecode } from './actions/executeReadOnlyBytecode.js';
export { getDatastoreEntries } from './actions/getDatastoreEntries.js';
export { getAddressesBytecode } from './actions/getAddressesBytecode.js';
export { getBlockcliqueBlockBySlot } from './actions/getBlockcliqueBlockBySlot.js';
// Node methods (API port, HTTP or WebSocket)
export { getVersion } from './actions/getVersion.js';
export { getLargestStakers } from './actions/getLargestStakers.js';
export { getNextBlockBestParents } from './actions/getNextBlockBestParents.js';
// Subscriptions (WebSocket)
export { subscribeNewBlocks } from './actions/subscribeNewBlocks.js';
export { subscribeNewBlocksHeaders } from './actions/subscribeNewBlocksHeaders.js';
export { subscribeNewFilledBlocks } from './actions/subscribeNewFilledBlocks.js';
export { subscribeNewOperations } from './actions/subscribeNewOperations.js';
// Conveniences
export { getBalance } from './actions/getBalance.js';
export { getChainId } from './actions/getChainId.js';
export { getOperationStatus } from './actions/getOperationStatus.js';
export { getOperationEvents } from './actions/getOperationEvents.js';
export { watchEvents } from './actions/watchEvents.js';
export type { WatchEventsParams } from './actions/watchEvents.js';

// Accounts
export { Account } from './account/Account.js';
export type { FromEnvOptions } from './account/Account.js';
export { checkKeystore, decryptKeystore, encryptKeystore, KEYSTORE_VERSION, type WalletKeystore } from './account/walletKeystore.js';

// Operations
export { Operation } from './operations/Operation.js';
export type { OperationInit, OperationType } from './operations/Operation.js';
export { prepareOperation } from './operations/prepareOperation.js';
export type { OperationBuild, OperationDraft, OperationOptions, PreparedOperation } from './operations/prepareOperation.js';
export { sendPreparedOperation } from './operations/sendPreparedOperation.js';
export { transfer } from './operations/transfer.js';
export type { TransferParams } from './operations/transfer.js';
export { buyRolls } from './operations/buyRolls.js';
export type { BuyRollsParams } from './operations/buyRolls.js';
export { sellRolls } from './operations/sellRolls.js';
export type { SellRollsParams } from './operations/sellRolls.js';
export { executeSC } from './operations/executeSC.js';
export { prepareExecuteSC } from './operations/prepareExecuteSC.js';
export type { ExecuteSCParams } from './operations/prepareExecuteSC.js';
export { callSC } from './operations/callSC.js';
export type { CallSCParams } from './operations/callSC.js';
export { readOnlyCall, READ_ONLY_DEFAULT_CALLER } from './operations/readOnlyCall.js';
export type { ReadOnlyCallParams } from './operations/readOnlyCall.js';
export { readOnlyBytecode } from './operations/readOnlyBytecode.js';
export type { ReadOnlyBytecodeParams } from './operations/readOnlyBytecode.js';
export type { ReadOnlyCallResult } from './operations/readOnlyCallResult.js';
export {
  MIN_GAS_CALL,
  MAX_GAS_CALL,
  MAX_GAS_EXECUTE,
  MAX_READ_ONLY_GAS,
  PERIOD_TO_LIVE_DEFAULT,
  PERIOD_TO_LIVE_MAX,
} from './operations/gasLimits.js';

// Waiting
export { OperationStatus, operationStatusFromInfo, isExecuted, isFinal } from './wait/operationStatus.js';
export { waitForOperation } from './wait/waitForOperation.js';
export type { WaitOptions } from './wait/waitForOperation.js';
export { speculative } from './wait/speculative.js';
export { final } from './wait/final.js';
export { timeout } from './wait/timeout.js';
export { expired } from './wait/expired.js';
export type { ClockNeed, Observation, WaitContext, WaitResult, WaitStrategy } from './wait/waitStrategy.js';

// Wire types (snake_case, as the node sends them): @mason/codec's, re-exported for the client's users.
export type {
  Slot,
  SendOperationInput,
  NodeStatus,
  CompactConfig,
  ConsensusStats,
  ExecutionStats,
  NetworkStats,
  AddressInfo,
  AddressCycleInfo,
  DeferredCredit,
  EndorsementDraw,
  OperationInfo,
  OperationContentJson,
  OperationTypeJson,
  SecureShareOperation,
  EndorsementContent,
  EndorsementInfo,
  SecureShareEndorsement,
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
  EventExecutionContext,
  EventFilter,
  SCOutputEvent,
  ExecuteReadOnlyResponse,
  ReadOnlyBytecodeExecution,
  ReadOnlyCall,
  ReadOnlyResult,
  StateChanges,
  AddressBytecodeFilter,
  AddressDatastoreKeysRequest,
  AddressDatastoreKeysResponse,
  DatastoreEntryInput,
  DatastoreEntryOutput,
  PagedStakers,
  PageRequest,
  Staker,
} from '@mason/codec';
export type { AddressLike } from './types/addressLike.js';
export type { BytesLike } from './types/bytesLike.js';
