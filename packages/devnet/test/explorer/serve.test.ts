import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveExplorer } from '../../src/explorer/serveExplorer.js';
import type { Devnet } from '../../src/index.js';
import { call, startTestDevnet } from '../helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(() => devnet.stop());

/** A raw request, so that paths and Host headers go out exactly as written. */
function raw(url: string, path: string, options: { method?: string; host?: string } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request({ hostname, port, path, method: options.method ?? 'GET', headers: options.host ? { host: options.host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const publicPort = () => new URL(devnet.urls.public).port;

describe('the explorer page on the API port', () => {
  it('serves the page with the public port filled in, under a strict content security policy', async () => {
    expect(devnet.urls.explorer).toBe(`${devnet.urls.api}/explorer`);
    for (const path of ['/explorer', '/explorer/', '/explorer?x=1']) {
      const page = await raw(devnet.urls.api, path);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain(`<meta name="mason-public-port" content="${publicPort()}">`);
      expect(page.body).toContain('<script type="module" src="/explorer/explorer.js"></script>');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain(`http://127.0.0.1:${publicPort()}`);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    }
    const script = await raw(devnet.urls.api, '/explorer/explorer.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('new_filled_blocks');
    const style = await raw(devnet.urls.api, '/explorer/explorer.css');
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    const head = await raw(devnet.urls.api, '/explorer', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers nothing else: unknown assets, traversal, other methods, forged Host headers', async () => {
    for (const path of [
      '/explorer/../package.json',
      '/explorer/%2e%2e/%2e%2e/package.json',
      '/explorer/index.html',
      '/explorer/explorer.js.map',
      '/explorerx',
    ]) {
      const answer = await raw(devnet.urls.api, path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body).not.toContain('"name"');
    }
    const post = await raw(devnet.urls.api, '/explorer', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    const forged = await raw(devnet.urls.api, '/explorer', { host: `x; script-src *` });
    expect(forged.status).toBe(400);
    expect(forged.headers['content-security-policy']).toBeUndefined();
  });

  it('leaves the API port a JSON-RPC server: methods, 404 and 405 as before', async () => {
    expect(await call(devnet.urls.api, 'get_version')).toBe('SAND.5.0');
    expect((await raw(devnet.urls.api, '/')).status).toBe(405);
    expect((await raw(devnet.urls.api, '/other')).status).toBe(404);
    // The public port does not serve the page: it is the API port's.
    expect((await raw(devnet.urls.public, '/explorer')).status).toBe(404);
  });

  it('says how to build the page when it is missing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'mason-explorer-empty-'));
    const server = createServer((req, res) => serveExplorer(req, res, 33035, empty));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await raw(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, '/explorer');
      expect(answer.status).toBe(503);
      expect(answer.body).toContain('The explorer page is not built');
      expect(answer.body).toContain('npx turbo run build --filter @mason/devnet');
    } finally {
      server.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the page sources', () => {
  const dir = fileURLToPath(new URL('../../explorer/src/', import.meta.url));
  const files = (d: string): string[] => readdirSync(d).flatMap((name) => (statSync(join(d, name)).isDirectory() ? files(join(d, name)) : [join(d, name)]));

  it('never turn text into markup or code', () => {
    const found = files(dir).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return ['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'document.write', 'eval(', 'new Function', 'srcdoc', 'DOMParser', 'createContextualFragment']
        .filter((sink) => text.includes(sink))
        .map((sink) => `${file}: ${sink}`);
    });
    expect(found).toEqual([]);
  });
});
