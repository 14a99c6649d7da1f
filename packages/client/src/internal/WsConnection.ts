import WebSocket from 'ws';
import { ClientError } from '../errors.js';
import { Subscription, type SubscriptionSink } from '../Subscription.js';
import { abortedError } from './abort.js';
import type { CallOptions } from './httpCall.js';
import { isErrorObject, toRpcError } from './jsonRpc.js';
import { errorReason, networkErrorCode } from './networkErrorCode.js';

type Pending = {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
  /** Runs synchronously when the answer arrives, before any later frame is handled. */
  onResult?: ((result: unknown) => void) | undefined;
};

export type SubscribeSpec = {
  subscribe: string;
  unsubscribe: string;
  /** The `method` of notification frames, e.g. `new_blocks`. */
  notification: string;
};

let nextId = 1;

/**
 * One lazily opened WebSocket to the node's API port carrying JSON-RPC calls and subscriptions.
 * After an unexpected close the next call opens a new socket; subscriptions do not survive it.
 */
export class WsConnection {
  readonly url: string;
  #socket: WebSocket | undefined;
  #opening: Promise<WebSocket> | undefined;
  readonly #pending = new Map<number, Pending>();
  readonly #sinks = new Map<string, { notification: string; sink: SubscriptionSink<unknown> }>();
  #closing = false;

  constructor(url: string) {
    this.url = url;
  }

  async call(method: string, params: unknown, options: CallOptions & { onResult?: (result: unknown) => void }): Promise<unknown> {
    const id = nextId++;
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stop = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new ClientError('MASON_CLIENT_TIMEOUT', { url: this.url, method, timeoutMs: options.timeoutMs }));
      }, options.timeoutMs);
      onAbort = () => {
        this.#pending.delete(id);
        reject(abortedError(method));
      };
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener('abort', onAbort, { once: true });
    });
    // Only raced below; a rejection after the call settled has no one left to tell.
    stop.catch(() => {});
    try {
      const socket = await Promise.race([this.#connect(method), stop]);
      const answer = new Promise<unknown>((resolve, reject) => {
        this.#pending.set(id, { method, resolve, reject, onResult: options.onResult });
      });
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      return await Promise.race([answer, stop]);
    } finally {
      clearTimeout(timer);
      if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async subscribe<T>(spec: SubscribeSpec, options: CallOptions & { bufferSize: number; unsubscribeTimeoutMs: number }): Promise<Subscription<T>> {
    let subscription: Subscription<T> | undefined;
    await this.call(spec.subscribe, [], {
      ...options,
      onResult: (id) => {
        const key = String(id);
        subscription = new Subscription<T>(
          {
            id: id as number | string,
            method: spec.subscribe,
            bufferSize: options.bufferSize,
            unsubscribe: async () => {
              this.#sinks.delete(key);
              if (!this.#socket || this.#closing) return false;
              const answer = await this.call(spec.unsubscribe, [id], { timeoutMs: options.unsubscribeTimeoutMs });
              return answer === true;
            },
          },
          (sink) => this.#sinks.set(key, { notification: spec.notification, sink: sink as SubscriptionSink<unknown> }),
        );
      },
    });
    if (!subscription) {
      throw new ClientError('MASON_CLIENT_INVALID_RESPONSE', {
        url: this.url,
        method: spec.subscribe,
        reason: 'no subscription id',
      });
    }
    return subscription;
  }

  /** Closes the socket; open subscriptions end without error, pending calls fail with MASON_CLIENT_CLOSED. */
  async close(): Promise<void> {
    this.#closing = true;
    const socket = this.#socket ?? (await this.#opening?.catch(() => undefined));
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close(1000, 'client closed');
    });
  }

  #connect(method: string): Promise<WebSocket> {
    if (this.#closing) return Promise.reject(new ClientError('MASON_CLIENT_CLOSED', { method }));
    if (this.#socket?.readyState === WebSocket.OPEN) return Promise.resolve(this.#socket);
    this.#opening ??= new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(this.url);
      const onOpenError = (error: Error) => {
        this.#opening = undefined;
        if (networkErrorCode(error) === 'ECONNREFUSED') {
          reject(new ClientError('MASON_CLIENT_CONNECTION_REFUSED', { url: this.url }, { cause: error }));
        } else {
          reject(new ClientError('MASON_CLIENT_NETWORK_ERROR', { url: this.url, method, reason: errorReason(error) }, { cause: error }));
        }
      };
      socket.once('error', onOpenError);
      socket.once('open', () => {
        socket.off('error', onOpenError);
        // Errors after opening are followed by 'close', which is where they are reported.
        socket.on('error', () => {});
        this.#socket = socket;
        this.#opening = undefined;
        resolve(socket);
      });
      socket.on('message', (data) => this.#onMessage(data.toString()));
      socket.once('close', (code, reason) => this.#onClose(socket, code, reason.toString()));
    });
    return this.#opening;
  }

  #onMessage(text: string): void {
    let frame: { id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: unknown };
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null) return;
    if (typeof frame.id === 'number') {
      const pending = this.#pending.get(frame.id);
      if (!pending) return;
      this.#pending.delete(frame.id);
      if (frame.error !== undefined) {
        pending.reject(
          isErrorObject(frame.error)
            ? toRpcError(frame.error, { method: pending.method, url: this.url })
            : new ClientError('MASON_CLIENT_INVALID_RESPONSE', { url: this.url, method: pending.method, reason: 'malformed "error" object' }),
        );
        return;
      }
      pending.onResult?.(frame.result);
      pending.resolve(frame.result);
      return;
    }
    if (typeof frame.method === 'string' && typeof frame.params === 'object' && frame.params !== null) {
      const { subscription, result } = frame.params as { subscription?: unknown; result?: unknown };
      const entry = this.#sinks.get(String(subscription));
      if (entry && entry.notification === frame.method) entry.sink.push(result);
    }
  }

  #onClose(socket: WebSocket, code: number, reason: string): void {
    if (this.#socket === socket) this.#socket = undefined;
    const pendingError = this.#closing
      ? new ClientError('MASON_CLIENT_CLOSED', { method: 'request' })
      : new ClientError('MASON_CLIENT_WS_CLOSED', { url: this.url, code, reason });
    for (const pending of this.#pending.values()) {
      pending.reject(this.#closing ? new ClientError('MASON_CLIENT_CLOSED', { method: pending.method }) : pendingError);
    }
    this.#pending.clear();
    for (const { sink } of this.#sinks.values()) {
      if (this.#closing) sink.end();
      else sink.fail(pendingError);
    }
    this.#sinks.clear();
  }
}
