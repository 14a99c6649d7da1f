// Hostile clients against `mason node` in its own process: WebSocket clients that send requests
// and never read, HTTP clients that pipeline and do not read, and a thousand idle sockets. The
// devnet's RSS is sampled from /proc; the anchor is its own RSS when idle, in the same run.
// (The fast, asserted versions are packages/devnet/test/serverLimits.test.ts.)
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { rpc, spawnUntil } from '../lib.mjs';

const rssMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

function sampleRss(pid) {
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  return () => (clearInterval(timer), peak);
}

/** get_status on a new connection (fetch would reuse a kept-alive one). */
const getStatusFresh = (port) =>
  new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.once('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
    });
    req.once('error', reject);
    req.end('{"jsonrpc":"2.0","id":1,"method":"get_status"}');
  });

const openSocket = (port) =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

/** A WebSocket client that upgrades, then only writes (masked text frames, zero mask) and never reads. */
async function hostileWebSocket(port, messages) {
  const socket = await openSocket(port);
  socket.on('error', () => {});
  socket.write(
    `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${Buffer.alloc(16, 7).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  socket.pause(); // never read: neither the handshake answer nor any reply
  for (const text of messages) {
    const payload = Buffer.from(text);
    const header = payload.length < 126 ? Buffer.of(0x81, 0x80 | payload.length) : Buffer.of(0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff);
    if (!socket.write(Buffer.concat([header, Buffer.alloc(4), payload]))) await new Promise((r) => socket.once('drain', r));
  }
  return socket;
}

/**
 * A paused socket does not see the server close it: after `waitMs` it reads again (discarding),
 * and reports whether the server closed it before everything asked for arrived.
 */
async function cutOffBeforeAll(socket, waitMs, expectedBytes) {
  await new Promise((r) => setTimeout(r, waitMs));
  let received = 0;
  socket.on('data', (chunk) => (received += chunk.length));
  const closed = new Promise((resolve) => socket.once('close', () => resolve(true)));
  socket.resume();
  const wasClosed = await Promise.race([closed, new Promise((r) => setTimeout(() => r(false), 20_000))]);
  socket.destroy();
  return wasClosed && received < expectedBytes;
}

/** Once `waitMs` have passed, reads `socket`: true if it receives `expectedBytes` within 30 s. */
async function allOnceRead(socket, waitMs, expectedBytes) {
  await new Promise((r) => setTimeout(r, waitMs));
  let received = 0;
  const all = new Promise((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.length;
      if (received >= expectedBytes) resolve(true);
    });
    socket.once('close', () => resolve(false));
  });
  socket.resume();
  const result = await Promise.race([all, new Promise((r) => setTimeout(() => r(false), 30_000))]);
  socket.destroy();
  return result;
}

export async function hostileClients({ quick = false } = {}) {
  const cli = fileURLToPath(new URL('../../packages/cli/bin/mason.js', import.meta.url));
  const { child, line } = await spawnUntil(
    process.execPath,
    [cli, 'node', '--ephemeral', '--json', '--public-port', '0', '--private-port', '0', '--api-port', '0'],
    /^\{/,
  );
  const info = JSON.parse(line);
  const apiPort = Number(new URL(info.urls.api).port);
  const publicPort = Number(new URL(info.urls.public).port);
  try {
    await rpc(info.urls.public, 'get_status');
    const idleRss = rssMiB(child.pid);
    const results = [];

    // 1. WebSocket clients that send requests and never read the replies.
    const clients = quick ? 4 : 8;
    const batches = quick ? 1_000 : 2_000;
    const batch = (n) => JSON.stringify(Array.from({ length: 16 }, (_, i) => ({ jsonrpc: '2.0', id: n * 16 + i, method: 'get_next_block_best_parents' })));
    const messages = Array.from({ length: batches }, (_, n) => batch(n));
    const repliesMiB = (clients * batches * 16 * 2_150) / 2 ** 20;
    let stop = sampleRss(child.pid);
    const hostile = await Promise.all(Array.from({ length: clients }, () => hostileWebSocket(apiPort, messages)));
    await rpc(info.urls.api, 'get_version'); // the devnet has read the requests
    const cutOff = (await Promise.all(hostile.map((socket) => cutOffBeforeAll(socket, 2_000, (repliesMiB * 2 ** 20) / clients)))).every(Boolean);
    const wsPeak = stop();
    results.push({
      name: `WS clients that never read (${clients} × ~${Math.round(repliesMiB / clients)} MiB asked)`,
      value: wsPeak - idleRss,
      unit: 'MiB RSS growth',
      anchor: `idle RSS (${idleRss.toFixed(0)} MiB); unbounded buffering would hold ~${repliesMiB.toFixed(0)} MiB`,
      anchorValue: idleRss,
      ratio: null,
      target: cutOff ? 'bounded (16 MiB unsent per connection); every client cut off' : 'NOT all cut off',
    });

    // 2. HTTP clients that pipeline requests for the OpenRPC document (68 KB answers) and never read.
    const httpClients = quick ? 4 : 8;
    const request = `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 48\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}`;
    stop = sampleRss(child.pid);
    const pipelined = await Promise.all(
      Array.from({ length: httpClients }, async () => {
        const socket = await openSocket(publicPort);
        socket.on('error', () => {});
        socket.pause();
        socket.write(request.repeat(500));
        // the devnet answers one request at a time and stops reading the socket while its answers wait
        return allOnceRead(socket, 2_000, 500 * 67_000);
      }),
    );
    const httpPeak = stop();
    results.push({
      name: `HTTP clients that never read (${httpClients} × 500 × 68 KB asked)`,
      value: httpPeak - idleRss,
      unit: 'MiB RSS growth',
      anchor: 'idle RSS, same run',
      anchorValue: idleRss,
      ratio: null,
      target: pipelined.every(Boolean) ? 'bounded (a client not reading is not read); every client gets all its answers once it reads' : 'NOT all answered',
    });

    // 3. Sockets that connect and send nothing: under the cap they keep nobody out; past it each
    //    new socket closes the one idle the longest.
    const timeGetStatus = async () => {
      const t = performance.now();
      for (;;) {
        try {
          await getStatusFresh(publicPort);
          return performance.now() - t;
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const alone = await timeGetStatus();
    for (const count of [200, 1_000]) {
      const idle = await Promise.all(Array.from({ length: count }, () => openSocket(publicPort).catch(() => null)));
      const beside = await timeGetStatus();
      for (const socket of idle) socket?.destroy();
      await new Promise((r) => setTimeout(r, 200));
      results.push({
        name: `get_status beside ${count} idle sockets`,
        value: beside,
        unit: 'ms until answered',
        anchor: 'get_status alone',
        anchorValue: alone,
        ratio: beside / alone,
        target: count <= 256 ? 'answered at once (idle sockets are not connections)' : 'answered at once (the socket idle the longest makes room)',
      });
    }
    return results;
  } finally {
    child.kill('SIGTERM');
  }
}
