// The page is a client of the node's public interfaces only: JSON-RPC over HTTP on the public
// port (and the API port for its own methods), subscriptions over WebSocket on the API port.

export class RpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`${method}: ${code} ${message}`);
  }
}

type Reply = { id: number; result?: unknown; error?: { code: number; message: string } };

/** The node answers at most 16 calls per batch (batch_request_limit). */
const BATCH_LIMIT = 16;

export class JsonRpcHttp {
  #nextId = 1;
  constructor(readonly url: string) {}

  async #post(body: unknown): Promise<unknown> {
    const response = await fetch(this.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${this.url} answered HTTP ${response.status}`);
    return response.json();
  }

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const reply = (await this.#post({ jsonrpc: '2.0', id: this.#nextId++, method, params })) as Reply;
    if (reply.error) throw new RpcError(method, reply.error.code, reply.error.message);
    return reply.result as T;
  }

  /** Many calls of one method, in batches the node accepts; results in input order. */
  async batch<T>(method: string, paramsList: unknown[][]): Promise<T[]> {
    const results: T[] = [];
    for (let start = 0; start < paramsList.length; start += BATCH_LIMIT) {
      const chunk = paramsList.slice(start, start + BATCH_LIMIT).map((params) => ({ jsonrpc: '2.0', id: this.#nextId++, method, params }));
      const replies = (await this.#post(chunk)) as Reply[];
      const byId = new Map(replies.map((reply) => [reply.id, reply]));
      for (const request of chunk) {
        const reply = byId.get(request.id);
        if (!reply || reply.error) throw new RpcError(method, reply?.error?.code ?? -32603, reply?.error?.message ?? 'no reply in the batch');
        results.push(reply.result as T);
      }
    }
    return results;
  }
}

export type ConnectionState = 'connecting' | 'live' | 'offline';

export interface LiveHandlers {
  notification(topic: string, payload: unknown): void;
  state(state: ConnectionState): void;
  /** Called once subscribed, first and after every reconnection: whatever was missed must be read again. */
  subscribed(): void;
}

/** Subscriptions on the API port's WebSocket, reconnecting with a growing delay when the node goes away. */
export class LiveSubscriptions {
  #delay = 500;
  #topicBySubscription = new Map<number, string>();

  constructor(
    readonly url: string,
    readonly topics: string[],
    readonly handlers: LiveHandlers,
  ) {}

  start(): void {
    this.handlers.state('connecting');
    const socket = new WebSocket(this.url);
    const pending = new Map<number, string>();
    socket.addEventListener('open', () => {
      this.topics.forEach((topic, i) => {
        pending.set(i + 1, topic);
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: i + 1, method: `subscribe_${topic}`, params: [] }));
      });
    });
    socket.addEventListener('message', (message) => {
      let frame: { id?: number; result?: unknown; method?: string; params?: { subscription: number; result: unknown } };
      try {
        frame = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (frame.id !== undefined && pending.has(frame.id)) {
        this.#topicBySubscription.set(Number(frame.result), pending.get(frame.id)!);
        pending.delete(frame.id);
        if (pending.size === 0) {
          this.#delay = 500;
          this.handlers.state('live');
          this.handlers.subscribed();
        }
        return;
      }
      const topic = frame.params && this.#topicBySubscription.get(frame.params.subscription);
      if (topic) this.handlers.notification(topic, frame.params!.result);
    });
    socket.addEventListener('close', () => {
      this.#topicBySubscription.clear();
      this.handlers.state('offline');
      setTimeout(() => this.start(), this.#delay);
      this.#delay = Math.min(this.#delay * 2, 8_000);
    });
  }
}
