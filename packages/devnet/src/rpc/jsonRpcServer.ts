import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyCors, refusedOriginMessage, type CorsPolicy } from './cors.js';
import { answerText } from './answerInProcess.js';
import { PARSE_ERROR, requestTooBig, type JsonRpcDispatcher } from './dispatcher.js';
import { serveConnections } from './httpConnections.js';
import { decodeUtf8, type JsonText } from './json.js';
import type { ConnectionGuard, ServerLimits } from './serverLimits.js';

export { JsonRpcDispatcher, type Handler, type MethodTable } from './dispatcher.js';

export interface HttpServerOptions {
  limits: ServerLimits;
  cors: CorsPolicy;
  /** Shared with the WebSocket layer of the same port. */
  guard: ConnectionGuard;
}

const PATHS = new Set(['/', '/api/v2', '/api/v2/']);

// jsonrpsee's accepted content types and its plain-text answers (server/src/transport/http.rs).
const JSON_CONTENT_TYPES = new Set([
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=utf-8',
  'application/json-rpc',
  'application/json-rpc;charset=utf-8',
  'application/json-rpc; charset=utf-8',
]);
const UNSUPPORTED_CONTENT_TYPE = 'Supplied content type is not allowed. Content-Type: application/json is required\n';
const METHOD_NOT_ALLOWED = 'Used HTTP Method is not allowed. POST is required\n';
export const TOO_MANY_CONNECTIONS = 'Too many connections. Please try again later.';

/**
 * An HTTP JSON-RPC server as the node's jsonrpsee serves one, at `/` and `/api/v2`, with bounds
 * that keep any client from holding the port: request, header, keep-alive and idle timeouts, a
 * cap on sockets (the one idle the longest makes room for a new one), one request served at a
 * time per connection, and the node's cap on concurrent connections.
 */
export function createJsonRpcHttpServer(dispatcher: JsonRpcDispatcher, options: HttpServerOptions): Server {
  const { limits } = options;
  const server = createServer({
    keepAlive: true,
    headersTimeout: limits.headersTimeout,
    requestTimeout: limits.requestTimeout,
    // how often the two timeouts above are checked
    connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(limits.headersTimeout / 4))),
  });
  serveConnections(server, limits.maxSockets, (req, res) => serve(dispatcher, options, req, res));
  server.keepAliveTimeout = limits.keepAliveTimeout;
  // No 'timeout' listener: a socket without progress for this long is destroyed.
  server.timeout = limits.idleTimeout;
  return server;
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function sendJson(res: ServerResponse, status: number, body: JsonText | null): void {
  if (body === null) {
    res.writeHead(status, { 'content-length': 0 });
    res.end();
    return;
  }
  if (typeof body === 'string') {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
    return;
  }
  // In parts: a part repeated (one get_addresses element asked for 128 times) is the same bytes written again.
  const buffers = body.buffers();
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': buffers.reduce((sum, bytes) => sum + bytes.length, 0) });
  for (const bytes of buffers) res.write(bytes);
  res.end();
}

async function serve(dispatcher: JsonRpcDispatcher, options: HttpServerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.socket.destroyed) return; // a request pipelined behind one whose client was cut off
  const path = (req.url ?? '/').split('?')[0]!;
  if (!PATHS.has(path)) return sendJson(res, 404, null);
  const release = options.guard.tryAcquire();
  if (!release) return sendText(res, 429, TOO_MANY_CONNECTIONS);
  // jsonrpsee holds the permit while it computes the answer, not while the client reads it.
  res.once('close', release);
  try {
    await answer(dispatcher, options, req, res);
  } finally {
    release();
  }
}

async function answer(dispatcher: JsonRpcDispatcher, options: HttpServerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { limits } = options;
  if (applyCors(options.cors, req, res) === 'refused') return sendText(res, 403, refusedOriginMessage(req.headers.origin!));
  if (req.method === 'OPTIONS') {
    if (options.cors.anyOrigin || req.headers.origin !== undefined) return sendJson(res, 200, null);
    return sendText(res, 405, METHOD_NOT_ALLOWED, { allow: 'POST' });
  }
  if (req.method !== 'POST') return sendText(res, 405, METHOD_NOT_ALLOWED, { allow: 'POST, OPTIONS' });
  if (!JSON_CONTENT_TYPES.has((req.headers['content-type'] ?? '').toLowerCase())) return sendText(res, 415, UNSUPPORTED_CONTENT_TYPE);

  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limits.maxRequestBodySize) {
    req.resume();
    return sendJson(res, 413, requestTooBig(limits.maxRequestBodySize));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const overLimit = await new Promise<boolean>((resolve, reject) => {
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
  if (overLimit) {
    sendJson(res, 413, requestTooBig(limits.maxRequestBodySize));
    req.destroy();
    return;
  }
  let text: string;
  try {
    text = decodeUtf8(Buffer.concat(chunks));
  } catch {
    return sendJson(res, 200, PARSE_ERROR);
  }
  sendJson(res, 200, await answerText(dispatcher, limits, text));
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
