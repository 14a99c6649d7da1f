import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ANY_ORIGIN } from '../src/rpc/cors.js';
import { createJsonRpcHttpServer, JsonRpcDispatcher, listen } from '../src/rpc/jsonRpcServer.js';
import { ConnectionGuard, resolveLimits } from '../src/rpc/serverLimits.js';
import { onHttpAnswers, openSocket } from './helpers.js';

// The HTTP server's limits per connection, seen from the methods it runs: a connection has one
// request answered at a time, and a client that does not read its answers stops being read.

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

const MIB = 1024 * 1024;

async function start(methods: Record<string, () => unknown>): Promise<number> {
  const limits = resolveLimits({ headersTimeout: 60_000, requestTimeout: 60_000, idleTimeout: 60_000 });
  server = createJsonRpcHttpServer(new JsonRpcDispatcher(methods, new Set()), { limits, cors: ANY_ORIGIN, guard: new ConnectionGuard(limits.maxConnections) });
  return listen(server, 0, '127.0.0.1');
}

const request = (method: string) => {
  const body = `{"jsonrpc":"2.0","id":1,"method":"${method}"}`;
  return `POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
};

/** Counts the HTTP answers arriving on `socket` (bodies with a content-length). */
function countAnswers(socket: Socket): () => number {
  let answers = 0;
  onHttpAnswers(socket, () => answers++);
  return () => answers;
}

async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves once `read()` has not changed for `quietMs`. */
async function settled(read: () => number, quietMs = 300): Promise<number> {
  let last = read();
  let since = Date.now();
  for (let round = 0; round < 1_000; round++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (read() !== last) {
      last = read();
      since = Date.now();
    } else if (Date.now() - since >= quietMs) break;
  }
  return last;
}

describe('HTTP limits per connection', () => {
  it('answers the requests a connection pipelines one at a time, connections side by side', async () => {
    let running = 0;
    let most = 0;
    const port = await start({
      slow: async () => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        return 'done';
      },
    });
    const one = await openSocket(port);
    const answered = countAnswers(one);
    one.write(request('slow').repeat(8));
    await until(() => answered() === 8);
    expect(most).toBe(1);
    // two connections: two requests at once
    const two = await Promise.all([openSocket(port), openSocket(port)]);
    const counts = two.map(countAnswers);
    for (const socket of two) socket.write(request('slow').repeat(4));
    await until(() => counts.every((count) => count() === 4));
    expect(most).toBe(2);
    for (const socket of [one, ...two]) socket.destroy();
  });

  it('stops reading a connection whose client does not read its answers, and answers others meanwhile', async () => {
    let served = 0;
    const answer = 'x'.repeat(MIB);
    const port = await start({ big: () => (served++, answer) });
    const stalled = await openSocket(port);
    stalled.pause();
    // 100 MiB of answers asked for: only what the kernel's buffers hold is answered before the client reads
    stalled.write(request('big').repeat(100));
    const before = await settled(() => served);
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(100);
    // another connection is answered meanwhile
    const other = await openSocket(port);
    const otherAnswers = countAnswers(other);
    other.write(request('big'));
    await until(() => otherAnswers() === 1);
    // reading, the stalled client gets every answer
    const stalledAnswers = countAnswers(stalled);
    stalled.resume();
    await until(() => stalledAnswers() === 100, 60_000);
    expect(served).toBe(101);
    stalled.destroy();
    other.destroy();
  });
});
