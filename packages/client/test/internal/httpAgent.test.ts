import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpAgent } from '../../src/internal/httpAgent.js';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => response.end(`${request.method} ${request.url} ${body}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const options = { keepAliveTimeout: 1_000, connections: 2 };

async function roundTrip(load: (specifier: string) => Promise<Record<string, unknown>>): Promise<string> {
  const agent = await createHttpAgent(options, load);
  try {
    const response = await agent.request({ origin, path: '/rpc?x=1', method: 'POST', body: 'hello' });
    return `${response.statusCode} ${await response.body.text()}`;
  } finally {
    await agent.close();
  }
}

describe('createHttpAgent', () => {
  it("loads only undici's agent and request files, not its index", async () => {
    const loaded: string[] = [];
    const answer = await roundTrip((specifier) => {
      loaded.push(specifier);
      return import(specifier);
    });
    expect(answer).toBe('200 POST /rpc?x=1 hello');
    expect(loaded.sort()).toEqual(['undici/lib/api/api-request.js', 'undici/lib/dispatcher/agent.js']);
  });

  it("falls back to undici's index when a version has moved those files", async () => {
    const loaded: string[] = [];
    const answer = await roundTrip((specifier) => {
      loaded.push(specifier);
      return specifier === 'undici' ? import(specifier) : Promise.reject(new Error(`Cannot find module '${specifier}'`));
    });
    expect(answer).toBe('200 POST /rpc?x=1 hello');
    expect(loaded).toContain('undici');
  });

  it('falls back when the files are there but no longer export what is expected', async () => {
    const answer = await roundTrip((specifier) => (specifier === 'undici' ? import(specifier) : Promise.resolve({ default: {} })));
    expect(answer).toBe('200 POST /rpc?x=1 hello');
  });
});
