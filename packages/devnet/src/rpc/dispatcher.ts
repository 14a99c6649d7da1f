import { ApiError } from '../apiError.js';
import { LedgerSourceError } from '@mason/vm';
import { isForkError } from '../fork/ForkError.js';
import { type JsonText, JsonSyntaxError, parseJson, serializeJson } from './json.js';

export type Handler = (params: unknown[]) => unknown;
export type MethodTable = Record<string, Handler>;

/** A JSON-RPC id as jsonrpsee reads it: null, a string, or a u64 (kept exact, echoed verbatim). */
export type Id = string | number | bigint | null;
type Response = { jsonrpc: '2.0'; id: Id; result?: unknown; error?: { code: number; message: string; data?: unknown } };

const U64_MAX = 2n ** 64n - 1n;

const isValidId = (id: unknown): id is Id | undefined =>
  id === undefined ||
  id === null ||
  typeof id === 'string' ||
  (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) ||
  (typeof id === 'bigint' && id >= 0n && id <= U64_MAX);

export const errorResponse = (id: Id, code: number, message: string, data?: unknown): Response => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

export const PARSE_ERROR = JSON.stringify(errorResponse(null, -32700, 'Parse error'));

/** jsonrpsee's answers to a request or a response past the body size limit. */
export const requestTooBig = (limit: number): string => JSON.stringify(errorResponse(null, -32007, 'Request is too big', `Exceeded max limit of ${limit}`));
export const responseTooBig = (limit: number): string => JSON.stringify(errorResponse(null, -32008, 'Response is too big', `Exceeded max limit of ${limit}`));

/**
 * JSON-RPC 2.0 as jsonrpsee serves it for the Massa node: positional params, batches up to a
 * limit, the node's error codes. `otherApi` lists methods of the other API, which answer -32019
 * instead of -32601.
 */
export class JsonRpcDispatcher {
  constructor(
    private readonly methods: MethodTable,
    private readonly otherApi: ReadonlySet<string>,
    private readonly batchRequestLimit = 16,
  ) {}

  /** Handles one request body (single or batch); returns the JSON text to send, or null for notifications only. */
  async handleText(text: string): Promise<JsonText | null> {
    let parsed: unknown;
    try {
      parsed = parseJson(text);
    } catch (error) {
      if (error instanceof JsonSyntaxError) return PARSE_ERROR;
      throw error;
    }
    return this.handleParsed(parsed);
  }

  async handleParsed(parsed: unknown): Promise<JsonText | null> {
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) return JSON.stringify(errorResponse(null, -32600, 'Invalid request'));
      if (parsed.length > this.batchRequestLimit) {
        return JSON.stringify(errorResponse(null, -32010, 'The batch request was too large', `Exceeded max limit of ${this.batchRequestLimit}`));
      }
      const responses = (await Promise.all(parsed.map((call) => this.handleCall(call)))).filter((r): r is Response => r !== null);
      return responses.length > 0 ? serializeJson(responses) : null;
    }
    const response = await this.handleCall(parsed);
    return response ? serializeJson(response) : null;
  }

  async handleCall(call: unknown): Promise<Response | null> {
    if (typeof call !== 'object' || call === null || Array.isArray(call)) return errorResponse(null, -32600, 'Invalid request');
    const { jsonrpc, method, params, id } = call as Record<string, unknown>;
    const validId = isValidId(id);
    if (jsonrpc !== '2.0' || typeof method !== 'string' || !validId) {
      return errorResponse(validId && id !== undefined ? id : null, -32600, 'Invalid request');
    }
    const isNotification = id === undefined;
    const responseId = id ?? null;
    if (params !== undefined && params !== null && typeof params !== 'object') return errorResponse(responseId, -32602, 'Invalid params');
    const handler = Object.hasOwn(this.methods, method) ? this.methods[method] : undefined;
    if (!handler) {
      if (isNotification) return null;
      return this.otherApi.has(method)
        ? errorResponse(responseId, -32019, 'The wrong API (either Public or Private) was called')
        : errorResponse(responseId, -32601, 'Method not found');
    }
    const positional = Array.isArray(params) ? params : params === undefined || params === null ? [] : [params];
    try {
      const result = await handler(positional);
      return isNotification ? null : { jsonrpc: '2.0', id: responseId, result: result === undefined ? null : result };
    } catch (error) {
      if (isNotification) return null;
      if (error instanceof ApiError) return errorResponse(responseId, error.code, error.message);
      // Fork mode: a read of the remote node failed (the node's own "Internal server error" code).
      const cause = error instanceof LedgerSourceError ? error.cause : error;
      if (isForkError(cause)) return errorResponse(responseId, -32001, `Internal server error: ${cause.message} [${cause.code}]`);
      return errorResponse(responseId, -32603, 'Internal error', String((error as Error)?.message ?? error));
    }
  }
}
