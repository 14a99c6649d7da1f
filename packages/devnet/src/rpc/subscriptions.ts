import { randomInt } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { WebSocket, WebSocketServer } from 'ws';
import { headerToJson, secureShareBlockToJson, type Block } from '../chain/block.js';
import type { OperationRecord } from '../chain/operationRecord.js';
import type { ChainReader } from '../chainAccess.js';
import { secureShareOperationJson } from '../views/chainViews.js';
import { PARSE_ERROR, type JsonRpcDispatcher } from './dispatcher.js';
import { markUpgraded } from './httpConnections.js';
import { decodeUtf8, JsonSyntaxError, parseJson, stringifyJson } from './json.js';
import { TOO_MANY_CONNECTIONS } from './jsonRpcServer.js';
import type { ConnectionGuard, ServerLimits } from './serverLimits.js';

const TOPICS = {
  new_blocks: 'new_blocks',
  new_blocks_headers: 'new_blocks_headers',
  new_filled_blocks: 'new_filled_blocks',
  new_operations: 'new_operations',
} as const;
type Topic = keyof typeof TOPICS;

const MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;
const PATHS = new Set(['/', '/api/v2', '/api/v2/']);

interface Subscriber {
  socket: WebSocket;
  topics: Map<number, Topic>;
  /** Answered the last ping (or said anything) since it was sent. */
  alive: boolean;
}

export interface WebSocketOptions {
  limits: ServerLimits;
  /** Shared with the HTTP requests of the same port. */
  guard: ConnectionGuard;
}

/**
 * WebSocket JSON-RPC on the API port: the same methods as HTTP plus the node's four
 * subscriptions, with jsonrpsee's framing (`{"method": topic, "params": {subscription, result}}`).
 * Bounded like the node's: connections count against max_connections, a client that stops
 * answering pings is closed, and one that stops reading is closed once maxBufferedBytes of
 * replies or notifications wait for it, instead of being buffered forever.
 */
export function attachSubscriptions(server: Server, node: ChainReader, dispatcher: JsonRpcDispatcher, { limits, guard }: WebSocketOptions): { close(): void } {
  const subscribers = new Set<Subscriber>();
  let closed = false;
  // ws is loaded by the first upgrade request (~40 ms of module loading a devnet without
  // WebSocket clients, as in most tests, does not pay).
  let wss: Promise<WebSocketServer> | undefined;
  const webSocketServer = (): Promise<WebSocketServer> =>
    (wss ??= import('ws').then(({ WebSocketServer }) => {
      const created = new WebSocketServer({ noServer: true, maxPayload: limits.maxRequestBodySize });
      created.on('connection', onConnection);
      return created;
    }));

  server.on('upgrade', (req, socket, head) => {
    // Node's HTTP server stops handling the socket's errors once it is upgraded: until ws does,
    // here (a client that resets the socket while it is refused or waits for ws must not crash the node).
    const onEarlyError = () => socket.destroy();
    socket.on('error', onEarlyError);
    if (!PATHS.has((req.url ?? '/').split('?')[0]!)) {
      socket.destroy();
      return;
    }
    const release = guard.tryAcquire();
    if (!release) {
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\ncontent-type: text/plain\r\ncontent-length: ${TOO_MANY_CONNECTIONS.length}\r\nconnection: close\r\n\r\n${TOO_MANY_CONNECTIONS}`,
      );
      return;
    }
    socket.once('close', release);
    markUpgraded(socket as Socket);
    webSocketServer().then(
      (upgrader) => {
        socket.off('error', onEarlyError);
        if (closed || socket.destroyed) socket.destroy();
        else upgrader.handleUpgrade(req, socket, head, (ws) => upgrader.emit('connection', ws, req));
      },
      () => socket.destroy(),
    );
  });

  /** Sends, unless the client lets too much wait unread: then it is cut off. */
  const send = (subscriber: Subscriber, text: string): boolean => {
    const { socket } = subscriber;
    if (socket.readyState !== socket.OPEN) return false;
    // What already waits, not this message: one large reply always goes out to a client that reads.
    if (socket.bufferedAmount > limits.maxBufferedBytes) {
      socket.terminate();
      subscribers.delete(subscriber);
      return false;
    }
    socket.send(text);
    return true;
  };

  function onConnection(socket: WebSocket): void {
    const subscriber: Subscriber = { socket, topics: new Map(), alive: true };
    subscribers.add(subscriber);
    socket.on('close', () => subscribers.delete(subscriber));
    socket.on('error', () => socket.terminate());
    socket.on('pong', () => (subscriber.alive = true));
    socket.on('message', async (raw, isBinary) => {
      subscriber.alive = true;
      const body = await answer(raw as Buffer, isBinary, subscriber, dispatcher);
      if (body !== null) send(subscriber, body);
    });
  }

  const pinger = setInterval(() => {
    for (const subscriber of subscribers) {
      if (!subscriber.alive) {
        subscriber.socket.terminate();
        subscribers.delete(subscriber);
        continue;
      }
      subscriber.alive = false;
      subscriber.socket.ping();
    }
  }, limits.wsPingInterval);
  pinger.unref();

  const publish = (topic: Topic, payload: () => unknown) => {
    let serialized: string | null = null;
    for (const subscriber of subscribers) {
      for (const [id, subscribed] of subscriber.topics) {
        if (subscribed !== topic) continue;
        serialized ??= stringifyJson(payload());
        if (!send(subscriber, `{"jsonrpc":"2.0","method":"${TOPICS[topic]}","params":{"subscription":${id},"result":${serialized}}}`)) break;
      }
    }
  };

  const onBlock = (block: Block) => {
    if (subscribers.size === 0) return;
    publish('new_blocks', () => secureShareBlockToJson(block));
    publish('new_blocks_headers', () => headerToJson(block));
    publish('new_filled_blocks', () => ({
      header: headerToJson(block),
      operations: block.operations.map((id) => {
        const record = node.operations.get(id);
        return [id, record ? secureShareOperationJson(record) : null];
      }),
    }));
  };
  const onOperation = (record: OperationRecord) => {
    if (subscribers.size > 0) publish('new_operations', () => secureShareOperationJson(record));
  };
  node.on('block', onBlock);
  node.on('operation', onOperation);

  return {
    close() {
      clearInterval(pinger);
      node.off('block', onBlock);
      node.off('operation', onOperation);
      closed = true;
      for (const { socket } of subscribers) socket.terminate();
      void wss?.then((server) => server.close());
    },
  };
}

async function answer(raw: Buffer, isBinary: boolean, subscriber: Subscriber, dispatcher: JsonRpcDispatcher): Promise<string | null> {
  let parsed: unknown;
  try {
    // ws has already refused a text frame of invalid UTF-8; a binary frame is checked here.
    parsed = parseJson(isBinary ? decodeUtf8(raw) : raw.toString());
  } catch (error) {
    if (error instanceof JsonSyntaxError) return PARSE_ERROR;
    throw error;
  }
  const reply = handleSubscriptionCall(parsed, subscriber) ?? (await dispatcher.handleParsed(parsed));
  return reply === null ? null : String(reply);
}

function handleSubscriptionCall(parsed: unknown, subscriber: Subscriber): string | null {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const call = parsed as { id?: unknown; method?: unknown; params?: unknown };
  if (typeof call.method !== 'string') return null;
  const id = call.id ?? null;
  const reply = (body: object) => stringifyJson({ jsonrpc: '2.0', id, ...body });
  if (call.method.startsWith('subscribe_')) {
    const topic = call.method.slice('subscribe_'.length) as Topic;
    if (!(topic in TOPICS)) return null;
    if (subscriber.topics.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
      return reply({ error: { code: -32006, message: 'Too many subscriptions on the connection' } });
    }
    const subscriptionId = randomInt(1, 2 ** 48);
    subscriber.topics.set(subscriptionId, topic);
    return reply({ result: subscriptionId });
  }
  if (call.method.startsWith('unsubscribe_')) {
    const topic = call.method.slice('unsubscribe_'.length) as Topic;
    if (!(topic in TOPICS)) return null;
    const params = Array.isArray(call.params) ? call.params : [call.params];
    const subscriptionId = Number(params[0]);
    const existed = subscriber.topics.get(subscriptionId) === topic;
    if (existed) subscriber.topics.delete(subscriptionId);
    return reply({ result: existed });
  }
  return null;
}
