import { ClientError, isClientError } from './errors.js';
import { type RpcErrorKind, isClientSideRpcError, rpcErrorKind } from './rpcErrorCodes.js';

/** A JSON-RPC error object answered by the node, with its numeric code and message kept verbatim. */
export class RpcError extends ClientError<'MASON_CLIENT_RPC_ERROR'> {
  override readonly name = 'RpcError';
  /** The node's numeric JSON-RPC code, e.g. -32016. */
  readonly rpcCode: number;
  /** The node's message, verbatim. */
  readonly rpcMessage: string;
  readonly data: unknown;
  readonly method: string;
  /** The named error (code and message together, since some codes are shared; §3.2). */
  readonly kind: RpcErrorKind | undefined;

  constructor(init: { method: string; url: string; code: number; message: string; data?: unknown }) {
    super('MASON_CLIENT_RPC_ERROR', {
      method: init.method,
      url: init.url,
      rpcCode: init.code,
      rpcMessage: init.message,
    });
    this.rpcCode = init.code;
    this.rpcMessage = init.message;
    this.data = init.data;
    this.method = init.method;
    this.kind = rpcErrorKind(init.code, init.message);
  }

  /** True when the request itself was wrong (-326xx, -32000): repeating it cannot succeed. */
  get isClientSide(): boolean {
    return isClientSideRpcError(this.rpcCode);
  }
}

/** True for a node's JSON-RPC error, also one made by another copy of @mason/client (the brand and code, not instanceof). */
export function isRpcError(error: unknown): error is RpcError {
  return isClientError(error, 'MASON_CLIENT_RPC_ERROR');
}
