import { ClientError } from '../errors.js';
import { RpcError } from '../RpcError.js';

export type JsonRpcRequest = { jsonrpc: '2.0'; id: number; method: string; params: unknown };

export type JsonRpcErrorObject = { code: number; message: string; data?: unknown };

type Envelope = { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: unknown };

export function isErrorObject(value: unknown): value is JsonRpcErrorObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as JsonRpcErrorObject).code === 'number' &&
    typeof (value as JsonRpcErrorObject).message === 'string'
  );
}

/** Turns a decoded JSON-RPC response into its result, or throws RpcError / INVALID_RESPONSE. */
export function unwrapResponse(response: unknown, expected: { id: number; method: string; url: string }): unknown {
  const invalid = (reason: string) => new ClientError('MASON_CLIENT_INVALID_RESPONSE', { url: expected.url, method: expected.method, reason });
  if (typeof response !== 'object' || response === null || Array.isArray(response)) {
    throw invalid('expected a JSON object');
  }
  const envelope = response as Envelope;
  if (envelope.jsonrpc !== '2.0') throw invalid('missing "jsonrpc": "2.0"');
  if (envelope.error !== undefined) {
    if (!isErrorObject(envelope.error)) throw invalid('malformed "error" object');
    throw toRpcError(envelope.error, expected);
  }
  if (envelope.id !== expected.id) throw invalid(`answer id ${String(envelope.id)} for request id ${expected.id}`);
  if (!('result' in envelope)) throw invalid('neither "result" nor "error"');
  return envelope.result;
}

export function toRpcError(error: JsonRpcErrorObject, where: { method: string; url: string }): RpcError {
  return new RpcError({ method: where.method, url: where.url, code: error.code, message: error.message, data: error.data });
}
