import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';

/** One request as the fetcher thread answers it: the HTTP status and body, or why there is none. */
type Reply = { status: number; text: string } | { error: string };

// The fetcher thread: plain `fetch`, so that it needs no module of ours (no bundle to build for it).
const FETCHER = `
const { workerData } = require('node:worker_threads');
const { port, flag } = workerData;
port.on('message', async ({ url, body, timeoutMs }) => {
  let reply;
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(timeoutMs) });
    reply = { status: response.status, text: await response.text() };
  } catch (error) {
    reply = { error: String((error && error.cause && error.cause.message) || (error && error.message) || error) };
  }
  port.postMessage(reply);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
`;

/** A JSON-RPC answer, or why the request got none. */
export type SyncRpcOutcome = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * Blocking JSON-RPC over HTTP, for the ledger reads of fork mode, which happen inside synchronous
 * code (a contract's host call, a view): a helper thread makes the request while the calling thread
 * waits on a shared flag (Atomics.wait), then takes the reply from the helper's port. The calling
 * thread's event loop is held meanwhile: the remote must not be served by that same thread.
 */
export class SyncJsonRpc {
  #worker: Worker | null = null;
  #port: MessagePort | null = null;
  readonly #flag = new Int32Array(new SharedArrayBuffer(4));
  #nextId = 1;

  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {}

  /** Sends one request (`[method, params]`) or a batch of them; the results in order, each `{ok}` or why not. */
  call(requests: ReadonlyArray<readonly [string, unknown[]]>): SyncRpcOutcome[] {
    const first = this.#nextId;
    const body = JSON.stringify(requests.map(([method, params], i) => ({ jsonrpc: '2.0', id: first + i, method, params })));
    this.#nextId += requests.length;
    const reply = this.#post(body);
    if ('error' in reply) throw new SyncRpcFailure(reply.error);
    let answers: unknown;
    try {
      answers = JSON.parse(reply.text);
    } catch {
      throw new SyncRpcFailure(`HTTP ${reply.status}, not JSON: ${reply.text.slice(0, 120)}`);
    }
    if (!Array.isArray(answers)) throw new SyncRpcFailure(`HTTP ${reply.status}, not a JSON-RPC batch answer: ${reply.text.slice(0, 120)}`);
    const byId = new Map<unknown, { result?: unknown; error?: { code?: number; message?: string } }>(answers.map((answer) => [answer?.id, answer]));
    return requests.map(([method], i) => {
      const answer = byId.get(first + i);
      if (!answer) return { ok: false, reason: `no answer to ${method}` };
      if (answer.error) return { ok: false, reason: `${method} → ${answer.error.code} ${answer.error.message}` };
      return { ok: true, value: answer.result };
    });
  }

  #post(body: string): Reply {
    const port = this.#start();
    Atomics.store(this.#flag, 0, 0);
    port.postMessage({ url: this.url, body, timeoutMs: this.timeoutMs });
    // The helper's own timeout answers first; this one (with room for its start) is a backstop.
    if (Atomics.wait(this.#flag, 0, 0, this.timeoutMs + 5_000) === 'timed-out') {
      this.close();
      return { error: `no answer within ${this.timeoutMs} ms` };
    }
    const message = receiveMessageOnPort(port);
    return (message?.message as Reply | undefined) ?? { error: 'the fetching thread gave no answer' };
  }

  #start(): MessagePort {
    if (this.#port) return this.#port;
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(FETCHER, { eval: true, workerData: { port: port2, flag: this.#flag }, transferList: [port2] });
    worker.unref();
    worker.on('error', () => this.close());
    port1.unref();
    this.#worker = worker;
    this.#port = port1;
    return port1;
  }

  /** Ends the helper thread; a later call starts another. */
  close(): void {
    void this.#worker?.terminate();
    this.#port?.close();
    this.#worker = null;
    this.#port = null;
  }
}

/** The request got no usable answer (the remote is down, slow, or answered something else). */
export class SyncRpcFailure extends Error {}
