import { readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the package build bundles the page (packages/devnet/explorer → dist/explorer-page), from src/ or dist/ alike. */
export const EXPLORER_PAGE_DIR = fileURLToPath(new URL('../../dist/explorer-page/', import.meta.url));

const ASSETS: Record<string, { file: string; type: string }> = {
  '/explorer': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/explorer/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/explorer/explorer.js': { file: 'explorer.js', type: 'text/javascript; charset=utf-8' },
  '/explorer/explorer.css': { file: 'explorer.css', type: 'text/css; charset=utf-8' },
};

/** `example.org`, `127.0.0.1`, `[::1]`, with an optional port: anything else is not a host a browser sends. */
const HOST_HEADER = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

const cache = new Map<string, Buffer>();

function readAsset(path: string): Buffer | null {
  let content = cache.get(path);
  if (!content) {
    try {
      content = readFileSync(path);
    } catch {
      return null;
    }
    cache.set(path, content);
  }
  return content;
}

export const isExplorerPath = (url: string | undefined): boolean => {
  const path = (url ?? '/').split('?')[0]!;
  return path === '/explorer' || path.startsWith('/explorer/');
};

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * The page may run scripts and styles of its own origin only, and talk to this API port (JSON-RPC
 * over HTTP, subscriptions over WebSocket) and to the public port of the same host.
 */
function contentSecurityPolicy(hostname: string, apiPort: number, publicPort: number): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ws://${hostname}:${apiPort} http://${hostname}:${publicPort}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Answers a request for `/explorer` or one of its assets: the page, bundled at build time, served from memory. */
export function serveExplorer(req: IncomingMessage, res: ServerResponse, publicPort: number, pageDir = EXPLORER_PAGE_DIR): void {
  const path = (req.url ?? '/').split('?')[0]!;
  const asset = ASSETS[path];
  if (!asset) return plain(res, 404, `Not found: the explorer is at /explorer.\n`);
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Only GET and HEAD are allowed here.\n', { allow: 'GET, HEAD' });
  const host = HOST_HEADER.exec(req.headers.host ?? '');
  if (!host) return plain(res, 400, 'Bad Host header: the explorer needs the host name the browser used.\n');
  const content = readAsset(join(pageDir, asset.file));
  if (!content) {
    return plain(
      res,
      503,
      `The explorer page is not built (no ${join(pageDir, asset.file)}). Build the devnet package: npx turbo run build --filter @mason/devnet\n`,
    );
  }
  const body = asset.file === 'index.html' ? Buffer.from(content.toString('utf8').replace('%MASON_PUBLIC_PORT%', String(publicPort))) : content;
  res.writeHead(200, {
    'content-type': asset.type,
    'content-length': body.length,
    'cache-control': 'no-cache',
    'content-security-policy': contentSecurityPolicy(host[1]!, req.socket.localPort ?? 0, publicPort),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Serves the explorer on an existing HTTP server (the API port): the way engine.io attaches to a
 * server, it takes over 'request' and hands every other request to the listeners already there
 * (the JSON-RPC handler), which stay unaware of it.
 */
export function attachExplorer(server: Server, publicServer: Server): void {
  const others = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (isExplorerPath(req.url)) return serveExplorer(req, res, (publicServer.address() as AddressInfo | null)?.port ?? 0);
    for (const listener of others) listener.call(server, req, res);
  });
}
