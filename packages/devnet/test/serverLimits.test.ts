import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Devnet, ServerLimits } from '../src/index.js';
import { call, onHttpAnswers, openSocket, sendResetUpgrade, startTestDevnet } from './helpers.js';

// No client can hold a port or the devnet's memory: idle sockets are closed, concurrent
// connections are capped as on a node (429), and a client that stops reading is cut off.

const SHORT: Partial<ServerLimits> = {
  headersTimeout: 300,
  requestTimeout: 600,
  keepAliveTimeout: 200,
  idleTimeout: 500,
  wsPingInterval: 200,
  maxBufferedBytes: 64 * 1024,
};

let devnet: Devnet | undefined;
afterEach(async () => {
  await devnet?.stop();
  devnet = undefined;
});

const portOf = (url: string) => Number(new URL(url).port);

/** Resolves with everything the server sent once it closes the socket. */
function closed(socket: Socket): Promise<string> {
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => {});
  return new Promise((resolve) => socket.once('close', () => resolve(received)));
}

/** Waits for `condition`, checking every 10 ms; fails after `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const request = (body: string, headers = '') =>
  `POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`;

describe('HTTP connection limits', () => {
  it('serves while 100 idle sockets are open, then closes them (408) after the headers timeout', async () => {
    devnet = await startTestDevnet({ serverLimits: SHORT });
    const port = portOf(devnet.urls.public);
    const idle = await Promise.all(Array.from({ length: 100 }, () => openSocket(port)));
    const closings = idle.map(closed);
    expect((await call(devnet.urls.public, 'get_status')).chain_id).toBe(77);
    const answers = await Promise.all(closings);
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('answers a client while 1,000 idle sockets are open: past maxSockets the ones idle the longest are closed', async () => {
    // timeouts far away: only the socket cap closes them
    devnet = await startTestDevnet({ serverLimits: { ...SHORT, headersTimeout: 60_000, requestTimeout: 60_000, idleTimeout: 60_000 } });
    const port = portOf(devnet.urls.public);
    const idle: Socket[] = [];
    const isClosed: boolean[] = [];
    for (let i = 0; i < 1_000; i++) {
      const socket = await openSocket(port);
      isClosed.push(false);
      socket.on('error', () => {});
      socket.once('close', () => (isClosed[i] = true));
      idle.push(socket);
    }
    // the cap (256) holds: the 744 oldest are closed, the newest 256 stay open
    await until(() => isClosed.filter(Boolean).length === 1_000 - 256);
    expect(isClosed.slice(0, 744).every(Boolean)).toBe(true);
    expect(isClosed.slice(744).some(Boolean)).toBe(false);
    expect((await call(devnet.urls.public, 'get_status')).chain_id).toBe(77);
    // the client's socket took the place of the oldest of the 256
    await until(() => isClosed[744] === true);
    expect(isClosed.slice(745).some(Boolean)).toBe(false);
    for (const socket of idle) socket.destroy();
  });

  it('never closes a socket whose request is being answered: with all of them busy a new socket is closed', async () => {
    devnet = await startTestDevnet({ serverLimits: { ...SHORT, maxSockets: 3, headersTimeout: 5_000, requestTimeout: 5_000, idleTimeout: 5_000 } });
    const port = portOf(devnet.urls.public);
    // three requests whose bodies are still arriving: each is being answered
    const busy = await Promise.all([openSocket(port), openSocket(port), openSocket(port)]);
    const busyAnswers = busy.map(closed);
    for (const socket of busy) socket.write('POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 46\r\n\r\n{"jsonrpc"');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const extra = await openSocket(port);
    expect(await closed(extra)).toBe('');
    // the bodies end: each is answered on its own socket, none was closed for the extra one
    for (const socket of busy) socket.end(':"2.0","id":1,"method":"get_status"}');
    for (const answer of await Promise.all(busyAnswers)) expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*"chain_id":77/);
  });

  it('closes a keep-alive connection left idle after a request', async () => {
    devnet = await startTestDevnet({ serverLimits: SHORT });
    const socket = await openSocket(portOf(devnet.urls.public));
    const done = closed(socket);
    socket.write(request('{"jsonrpc":"2.0","id":1,"method":"get_version"}'));
    const received = await done;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toContain('Keep-Alive: timeout=');
  });

  it('answers 429 "Too many connections" past maxConnections requests in progress, as jsonrpsee', async () => {
    devnet = await startTestDevnet({ serverLimits: { ...SHORT, maxConnections: 2 } });
    const port = portOf(devnet.urls.public);
    // two requests whose bodies never finish arriving: each holds a connection until its timeout
    const slow = await Promise.all([openSocket(port), openSocket(port)]);
    const slowAnswers = slow.map(closed);
    for (const socket of slow) socket.write(`POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc"`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await fetch(devnet.urls.public, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"get_version"}',
    });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe('Too many connections. Please try again later.');
    // The request (or idle) timeout closes them, which frees the connections.
    for (const answer of await Promise.all(slowAnswers)) expect(answer).not.toContain('200 OK');
    expect((await call(devnet.urls.public, 'get_status')).chain_id).toBe(77);
  });

  it('serves a client that pipelines 600 requests without reading one at a time: others are answered, it gets all its answers once it reads', async () => {
    // two connections: a client that took one permit per pipelined request would keep everyone out (429)
    // (timeouts far away: a request cut between two reads waits for the socket to be read again)
    devnet = await startTestDevnet({ serverLimits: { ...SHORT, maxConnections: 2, headersTimeout: 60_000, requestTimeout: 60_000, idleTimeout: 60_000 } });
    const socket = await openSocket(portOf(devnet.urls.public));
    socket.on('error', () => {});
    socket.pause();
    // 600 requests for the OpenRPC document (68 KB each): ~40 MB the client does not read yet
    socket.write(request('{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}').repeat(600));
    for (let i = 0; i < 5; i++) {
      const answer = await fetch(devnet.urls.public, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"get_status"}',
      });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { result: { chain_id: number } }).result.chain_id).toBe(77);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // reading now, it receives the 600 answers in full, in order, on a connection still open
    const statuses: string[] = [];
    onHttpAnswers(socket, (head) => statuses.push(head.slice(0, 12)));
    socket.resume();
    await until(() => statuses.length === 600 || socket.destroyed, 60_000);
    expect(statuses).toEqual(Array(600).fill('HTTP/1.1 200'));
    socket.destroy();
  });
});

describe('a client that reads', () => {
  it('gets an answer larger than maxBufferedBytes in full, over HTTP and WebSocket', async () => {
    devnet = await startTestDevnet({ serverLimits: { ...SHORT, maxBufferedBytes: 16 * 1024 } });
    const document = await call(devnet.urls.public, 'rpc.discover');
    expect(JSON.stringify(document).length).toBeGreaterThan(64 * 1024);
    const ws = new WebSocket(devnet.urls.ws);
    await new Promise((resolve) => ws.once('open', resolve));
    const reply = new Promise<string>((resolve) => ws.once('message', (data) => resolve(data.toString())));
    ws.send(JSON.stringify(Array.from({ length: 16 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'get_next_block_best_parents' }))));
    const text = await reply;
    expect(text.length).toBeGreaterThan(16 * 1024);
    expect(JSON.parse(text)).toHaveLength(16);
    ws.close();
  });
});

describe('WebSocket limits', () => {
  const open = (url: string, options: WebSocket.ClientOptions = {}) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url, options);
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });

  it('counts WebSocket connections against maxConnections (429), and frees them on close', async () => {
    devnet = await startTestDevnet({ serverLimits: { ...SHORT, maxConnections: 2 } });
    const first = await open(devnet.urls.ws);
    const second = await open(devnet.urls.ws);
    await expect(open(devnet.urls.ws)).rejects.toThrow('HTTP 429');
    await new Promise((resolve) => {
      first.once('close', resolve);
      first.close();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const third = await open(devnet.urls.ws);
    third.close();
    second.close();
  });

  it('closes a client that does not answer pings, and keeps one that does', async () => {
    devnet = await startTestDevnet({ serverLimits: SHORT });
    const silent = await open(devnet.urls.ws, { autoPong: false });
    const polite = await open(devnet.urls.ws);
    const code = await new Promise<number>((resolve) => silent.once('close', resolve));
    expect(code).toBe(1006);
    await new Promise((resolve) => setTimeout(resolve, 3 * 200));
    expect(polite.readyState).toBe(WebSocket.OPEN);
    polite.close();
  });

  it('survives upgrade requests whose sockets reset before the WebSocket server is loaded, then upgrades', async () => {
    devnet = await startTestDevnet({ serverLimits: { ...SHORT, maxConnections: 4 } });
    const port = portOf(devnet.urls.ws);
    // The devnet loads ws on the first upgrade: these reset while it loads (their connection slots come back).
    for (let i = 0; i < 8; i++) {
      await sendResetUpgrade(port);
    }
    const ws = await open(devnet.urls.ws);
    const reply = new Promise<string>((resolve) => ws.once('message', (data) => resolve(data.toString())));
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'get_version' }));
    expect(JSON.parse(await reply)).toEqual({ jsonrpc: '2.0', id: 1, result: 'SAND.5.0' });
    ws.close();
    expect(await call(devnet.urls.api, 'get_version')).toBe('SAND.5.0');
  });

  it('survives upgrade requests refused with 429 whose sockets reset before the answer is written', async () => {
    const node = await startTestDevnet({ serverLimits: { ...SHORT, maxConnections: 1 } });
    devnet = node;
    const port = portOf(node.urls.ws);
    const held = await open(node.urls.ws);
    // Each is refused (the only slot is held) while its client resets: writing the 429 then fails.
    for (let i = 0; i < 50; i++) {
      await sendResetUpgrade(port);
    }
    const reply = new Promise<string>((resolve) => held.once('message', (data) => resolve(data.toString())));
    held.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'get_version' }));
    expect(JSON.parse(await reply)).toEqual({ jsonrpc: '2.0', id: 1, result: 'SAND.5.0' });
    // The only slot comes back once the devnet has seen the WebSocket close.
    const closed = new Promise((resolve) => held.once('close', resolve));
    held.close();
    await closed;
    await expect.poll(() => call(node.urls.api, 'get_version').catch((error: Error) => error.message), { timeout: 10_000 }).toBe('SAND.5.0');
  });

  it('cuts off a client that sends requests and never reads the replies', async () => {
    devnet = await startTestDevnet({ serverLimits: SHORT });
    const ws = await open(devnet.urls.ws);
    let replies = 0;
    ws.on('message', () => replies++);
    const closedWith = new Promise<number>((resolve) => ws.once('close', resolve));
    (ws as unknown as { _socket: Socket })._socket.pause();
    // 1,000 batches of 16 get_next_block_best_parents (~2 KB each): ~34 MB of replies it never reads
    const batch = (n: number) =>
      JSON.stringify(Array.from({ length: 16 }, (_, i) => ({ jsonrpc: '2.0', id: n * 16 + i, method: 'get_next_block_best_parents' })));
    for (let n = 0; n < 1_000; n++) ws.send(batch(n));
    // once the devnet has read them all (an HTTP round trip after them), read what is left
    await call(devnet.urls.api, 'get_version');
    await call(devnet.urls.api, 'get_version');
    (ws as unknown as { _socket: Socket })._socket.resume();
    expect(await closedWith).toBe(1006);
    expect(replies).toBeLessThan(1_000);
    expect(await call(devnet.urls.api, 'get_version')).toBe('SAND.5.0');
  });
});
