// JSON-RPC error codes a Massa node answers with (reference §3.1 Massa ApiError, §3.2 jsonrpsee).
// Codes -32006…-32010 mean different things depending on who raised them, so an error is
// identified by code AND message (see rpcErrorKind).

export const RpcErrorCode = {
  // Massa ApiError (massa-api-exports/src/error.rs); the message is the Display string.
  BadRequest: -32000,
  InternalServerError: -32001,
  NotFound: -32004,
  SendChannelError: -32006,
  ReceiveChannelError: -32007,
  MassaHashError: -32008,
  ConsensusError: -32009,
  ExecutionError: -32010,
  ProtocolError: -32012,
  ModelsError: -32013,
  TimeError: -32014,
  WalletError: -32015,
  InconsistencyError: -32016,
  MissingCommandSender: -32017,
  MissingConfig: -32018,
  WrongApi: -32019,
  FactoryError: -32020,
  PoolError: -32021,
  // jsonrpsee
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  BatchesNotSupported: -32005,
  TooManySubscriptions: -32006,
  RequestTooBig: -32007,
  ResponseTooBig: -32008,
  ServerIsBusy: -32009,
  TooBigBatchRequest: -32010,
  TooBigBatchResponse: -32011,
} as const;

export type RpcErrorKind = keyof typeof RpcErrorCode;

/** Exact messages (or message prefixes, ending with a space or colon) the node sends. */
export const RpcErrorMessage = {
  BadRequest: 'Bad request: ',
  TooManyArguments: 'Bad request: too many arguments',
  TooManyArgumentsReceived: 'Bad request: too many arguments received. Only a maximum of 128 arguments are accepted per request',
  NoArguments: 'Bad request: no arguments specified',
  FeeTooLow: 'Bad request: fee is too low provided: ',
  InternalServerError: 'Internal server error: ',
  NotFound: 'Not found',
  SendChannelError: 'Send channel error: ',
  ReceiveChannelError: 'Receive channel error: ',
  MassaHashError: '`massa_hash` error: ',
  ConsensusError: 'consensus error: ',
  ExecutionError: 'execution error: ',
  ProtocolError: 'Protocol error: ',
  ModelsError: 'Models error: ',
  TimeError: 'Time error: ',
  WalletError: 'Wallet error: ',
  InconsistencyError: 'Inconsistency error: ',
  ExpirePeriodTooLow:
    'Inconsistency error: Operation expire_period is lower than the current period of this node. Your operation will never be included in a block.',
  MissingCommandSender: 'Missing command sender: ',
  MissingConfig: 'Missing configuration: ',
  WrongApi: 'The wrong API (either Public or Private) was called',
  FactoryError: 'Versioning Factory error: ',
  PoolError: 'Pool error: ',
  ParseError: 'Parse error',
  InvalidRequest: 'Invalid request',
  MethodNotFound: 'Method not found',
  InvalidParams: 'Invalid params',
  InternalError: 'Internal error',
  BatchesNotSupported: 'Batched requests are not supported by this server',
  TooManySubscriptions: 'Too many subscriptions on the connection',
  RequestTooBig: 'Request is too big',
  ResponseTooBig: 'Response is too big',
  ServerIsBusy: 'Server is busy, try again later',
  TooBigBatchRequest: 'The batch request was too large',
  TooBigBatchResponse: 'The batch response was too large',
} as const;

// Where jsonrpsee and Massa share a code, jsonrpsee's fixed message decides; anything else with
// that code is the Massa error.
const jsonrpseeByCode = new Map<number, RpcErrorKind>([
  [RpcErrorCode.TooManySubscriptions, 'TooManySubscriptions'],
  [RpcErrorCode.RequestTooBig, 'RequestTooBig'],
  [RpcErrorCode.ResponseTooBig, 'ResponseTooBig'],
  [RpcErrorCode.ServerIsBusy, 'ServerIsBusy'],
  [RpcErrorCode.TooBigBatchRequest, 'TooBigBatchRequest'],
]);

const kindByCode = new Map<number, RpcErrorKind>();
for (const [kind, code] of Object.entries(RpcErrorCode) as [RpcErrorKind, number][]) {
  if (!kindByCode.has(code)) kindByCode.set(code, kind);
}

/** Names an error from its code and message; undefined for a code the node never sends. */
export function rpcErrorKind(code: number, message: string): RpcErrorKind | undefined {
  const jsonrpsee = jsonrpseeByCode.get(code);
  if (jsonrpsee !== undefined && message.startsWith(RpcErrorMessage[jsonrpsee])) return jsonrpsee;
  return kindByCode.get(code);
}

/**
 * True for errors caused by the request itself (malformed, bad params, rejected input): sending
 * the same request again gives the same answer, so they are never retried.
 */
export function isClientSideRpcError(code: number): boolean {
  return (code <= -32600 && code >= -32700) || code === RpcErrorCode.BadRequest;
}

/** Errors that say the node is momentarily unable to answer; a read may be retried after them. */
export function isTransientRpcError(code: number, message: string): boolean {
  const kind = rpcErrorKind(code, message);
  return kind === 'InternalServerError' || kind === 'SendChannelError' || kind === 'ReceiveChannelError' || kind === 'ServerIsBusy';
}
