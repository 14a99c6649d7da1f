import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../apiError.js';

export type Handler = (params: unknown[]) => unknown;
export type MethodTable = Record<string, Handler>;

export interface ServerLimits {
  maxRequestBodySize: number;
  maxResponseBodySize: number;
  batchRequestLimit: number;
  maxConnections: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  maxRequestBodySize: 52_428_800,
  maxResponseBodySize: 52_428_800,
  batchRequestLimit: 16,
  maxConnections: 100,
};

type Id = string | number | null;
type Response = { jsonrpc: '2.0'; id: Id; result?: unknown; error?: { code: number; message: string; data?: unknown } };

const errorResponse = (id: Id, code: number, message: string, data?: unknown): Response => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

/**
 * JSON-RPC 2.0 as jsonrpsee serves it for the Massa node: positional params, batches up to a
 * limit, the node's error codes, CORS for POST/OPTIONS, answering at `/` and `/api/v2`.
 * `otherApi` lists methods of the other API, which answer -32019 instead of -32601.
 */
export class JsonRpcDispatcher {
  constructor(
    private readonly methods: MethodTable,
    private readonly otherApi: ReadonlySet<string>,
    private readonly limits: ServerLimits = DEFAULT_LIMITS,
  ) {}

  /** Handles one request body (single or batch); returns the JSON text to send, or null for notifications only. */
  async handleText(text: string): Promise<string | null> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return JSON.stringify(errorResponse(null, -32700, 'Parse error'));
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) return JSON.stringify(errorResponse(null, -32600, 'Invalid request'));
      if (parsed.length > this.limits.batchRequestLimit) {
        return JSON.stringify(errorResponse(null, -32010, 'The batch request was too large', `Exceeded max limit of ${this.limits.batchRequestLimit}`));
      }
      const responses = (await Promise.all(parsed.map((call) => this.handleCall(call)))).filter((r): r is Response => r !== null);
      return responses.length > 0 ? JSON.stringify(responses) : null;
    }
    const response = await this.handleCall(parsed);
    return response ? JSON.stringify(response) : null;
  }

  async handleCall(call: unknown): Promise<Response | null> {
    if (typeof call !== 'object' || call === null || Array.isArray(call)) return errorResponse(null, -32600, 'Invalid request');
    const { jsonrpc, method, params, id } = call as Record<string, unknown>;
    const validId = id === undefined || id === null || typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
    if (jsonrpc !== '2.0' || typeof method !== 'string' || !validId) {
      return errorResponse(validId && id !== undefined ? (id as Id) : null, -32600, 'Invalid request');
    }
    const isNotification = id === undefined;
    const responseId = (id ?? null) as Id;
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
      return errorResponse(responseId, -32603, 'Internal error', String((error as Error)?.message ?? error));
    }
  }
}

const PATHS = new Set(['/', '/api/v2', '/api/v2/']);

export function createJsonRpcHttpServer(dispatcher: JsonRpcDispatcher, limits: ServerLimits = DEFAULT_LIMITS): Server {
  const server = createServer({ keepAlive: true }, (req, res) => {
    // A client that vanishes mid-request only loses its own connection.
    serve(dispatcher, limits, req, res).catch(() => res.destroy());
  });
  server.maxConnections = limits.maxConnections;
  server.keepAliveTimeout = 60_000;
  return server;
}

function cors(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'content-type');
}

function send(res: ServerResponse, status: number, body: string | null): void {
  cors(res);
  if (body === null) {
    res.writeHead(status === 200 ? 200 : status, { 'content-length': 0 });
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function serve(dispatcher: JsonRpcDispatcher, limits: ServerLimits, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0]!;
  if (!PATHS.has(path)) return send(res, 404, null);
  if (req.method === 'OPTIONS') {
    cors(res);
    res.writeHead(200, { 'content-length': 0 });
    res.end();
    return;
  }
  if (req.method !== 'POST') {
    cors(res);
    res.writeHead(405, { 'content-type': 'text/plain', allow: 'POST, OPTIONS' });
    res.end('Only POST is allowed');
    return;
  }
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('application/json')) {
    cors(res);
    res.writeHead(415, { 'content-type': 'text/plain' });
    res.end('Supplied content type is not allowed. Content-Type: application/json is required');
    return;
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limits.maxRequestBodySize) {
    req.resume();
    return send(res, 413, JSON.stringify(errorResponse(null, -32007, 'Request is too big', `Exceeded max limit of ${limits.maxRequestBodySize}`)));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const tooBig = await new Promise<boolean>((resolve, reject) => {
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxRequestBodySize) {
        req.removeAllListeners('data');
        resolve(true);
      } else chunks.push(chunk);
    });
    req.once('end', () => resolve(false));
    req.once('error', reject);
  });
  if (tooBig) {
    send(res, 413, JSON.stringify(errorResponse(null, -32007, 'Request is too big', `Exceeded max limit of ${limits.maxRequestBodySize}`)));
    req.destroy();
    return;
  }
  const body = await dispatcher.handleText(Buffer.concat(chunks).toString('utf8'));
  if (body !== null && Buffer.byteLength(body) > limits.maxResponseBodySize) {
    return send(res, 200, JSON.stringify(errorResponse(null, -32008, 'Response is too big', `Exceeded max limit of ${limits.maxResponseBodySize}`)));
  }
  send(res, 200, body);
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
