// Watches what this process sends on the wire, so tests against the real devnet can check the
// exact JSON-RPC requests the node received: every HTTP attempt undici makes (retries included,
// through undici's diagnostics channels) and every WebSocket frame the client writes. Answers come
// from the devnet; nothing is faked. WebSocket answers the node writes are kept by request id.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import WebSocket from 'ws';

export type WireRequest = {
  transport: 'http' | 'ws';
  /** `http://127.0.0.1:<port>` or `ws://127.0.0.1:<port>/`. */
  url: string;
  id: unknown;
  method: string;
  params: unknown;
};

type RequestCreate = { request: { origin: unknown; body: unknown } };
type Connected = { connectParams: { protocol: string; hostname: string; port: string | number } };

const decode = (body: unknown): string | undefined => {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  return undefined;
};

export class Wire {
  readonly requests: WireRequest[] = [];
  /** The node's WebSocket answers, by request id. */
  readonly wsAnswers = new Map<unknown, { result?: unknown; error?: unknown }>();
  /** Notifications the node pushed over WebSocket: `{method, subscription, result}`. */
  readonly notifications: { method: string; subscription: unknown; result: unknown }[] = [];
  /** Called synchronously for each request, before it leaves the process. */
  onRequest: ((request: WireRequest) => void) | undefined;
  /** TCP connections undici opened, by origin. */
  readonly connections = new Map<string, number>();
  readonly #onCreate = (message: unknown) => {
    const { request } = message as RequestCreate;
    const text = decode(request.body);
    if (text === undefined) return;
    this.#record('http', String(request.origin).replace(/\/$/, ''), text);
  };
  readonly #onConnected = (message: unknown) => {
    const { protocol, hostname, port } = (message as Connected).connectParams;
    const origin = `${protocol}//${hostname}:${port}`;
    this.connections.set(origin, (this.connections.get(origin) ?? 0) + 1);
  };
  readonly #send = WebSocket.prototype.send;

  constructor() {
    subscribe('undici:request:create', this.#onCreate);
    subscribe('undici:client:connected', this.#onConnected);
    const wire = this;
    const send = this.#send;
    WebSocket.prototype.send = function (this: WebSocket, data: unknown, ...rest: unknown[]) {
      const text = decode(data);
      if (text !== undefined) {
        // Client sockets have a URL; sockets a server accepted (the devnet's side) do not.
        if (this.url) wire.#record('ws', this.url.replace(/\/$/, ''), text);
        else wire.#answer(text);
      }
      return (send as (...args: unknown[]) => void).call(this, data, ...rest);
    } as typeof WebSocket.prototype.send;
  }

  /** Requests for `method`, in order. */
  of(method: string): WireRequest[] {
    return this.requests.filter((r) => r.method === method);
  }

  count(method: string): number {
    return this.of(method).length;
  }

  paramsOf(method: string): unknown[] {
    return this.of(method).map((r) => r.params);
  }

  /** Params of the last request for `method`. */
  last(method: string): unknown {
    return this.paramsOf(method).at(-1);
  }

  methods(): string[] {
    return this.requests.map((r) => r.method);
  }

  /** The requests for `method` the node answered over WebSocket with `result`. */
  answered(method: string, result: unknown): number {
    return this.of(method).filter((r) => r.transport === 'ws' && this.wsAnswers.get(r.id)?.result === result).length;
  }

  /** What the node answered to a WebSocket request. */
  answerTo(request: WireRequest): { result?: unknown; error?: unknown } | undefined {
    return this.wsAnswers.get(request.id);
  }

  clear(): void {
    this.requests.length = 0;
    this.wsAnswers.clear();
    this.notifications.length = 0;
    this.connections.clear();
  }

  dispose(): void {
    unsubscribe('undici:request:create', this.#onCreate);
    unsubscribe('undici:client:connected', this.#onConnected);
    WebSocket.prototype.send = this.#send;
  }

  #record(transport: 'http' | 'ws', url: string, text: string): void {
    let frame: { id?: unknown; method?: unknown; params?: unknown };
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof frame?.method !== 'string') return;
    const request = { transport, url, id: frame.id, method: frame.method, params: frame.params };
    this.requests.push(request);
    this.onRequest?.(request);
  }

  #answer(text: string): void {
    let frame: { id?: unknown; result?: unknown; error?: unknown; method?: unknown; params?: { subscription?: unknown; result?: unknown } };
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (frame && frame.id !== undefined && frame.id !== null) this.wsAnswers.set(frame.id, { result: frame.result, error: frame.error });
    else if (typeof frame?.method === 'string' && frame.params) {
      this.notifications.push({ method: frame.method, subscription: frame.params.subscription, result: frame.params.result });
    }
  }
}
