import { randomInt } from 'node:crypto';
import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { headerToJson, secureShareBlockToJson, type Block } from '../chain/block.js';
import type { OperationRecord } from '../chain/operationRecord.js';
import type { DevnetNode } from '../devnetNode.js';
import { secureShareOperationJson } from '../views/chainViews.js';
import type { JsonRpcDispatcher } from './jsonRpcServer.js';

const TOPICS = {
  new_blocks: 'new_blocks',
  new_blocks_headers: 'new_blocks_headers',
  new_filled_blocks: 'new_filled_blocks',
  new_operations: 'new_operations',
} as const;
type Topic = keyof typeof TOPICS;

const MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;
/** A subscriber that lets this much pile up unread is disconnected rather than buffered forever. */
export const DEFAULT_MAX_SUBSCRIBER_BUFFERED_BYTES = 16 * 1024 * 1024;
const PATHS = new Set(['/', '/api/v2', '/api/v2/']);

interface Subscriber {
  socket: WebSocket;
  topics: Map<number, Topic>;
}

/**
 * WebSocket JSON-RPC on the API port: the same methods as HTTP plus the node's four
 * subscriptions, with jsonrpsee's framing (`{"method": topic, "params": {subscription, result}}`).
 */
export function attachSubscriptions(
  server: Server,
  node: DevnetNode,
  dispatcher: JsonRpcDispatcher,
  maxBufferedBytes = DEFAULT_MAX_SUBSCRIBER_BUFFERED_BYTES,
): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 52_428_800 });
  const subscribers = new Set<Subscriber>();

  server.on('upgrade', (req, socket, head) => {
    if (!PATHS.has((req.url ?? '/').split('?')[0]!)) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  wss.on('connection', (socket: WebSocket) => {
    const subscriber: Subscriber = { socket, topics: new Map() };
    subscribers.add(subscriber);
    socket.on('close', () => subscribers.delete(subscriber));
    socket.on('error', () => socket.terminate());
    socket.on('message', async (raw) => {
      const text = raw.toString();
      const reply = await handleSubscriptionCall(text, subscriber);
      const body = reply ?? (await dispatcher.handleText(text));
      if (body !== null && socket.readyState === socket.OPEN) socket.send(body);
    });
  });

  const publish = (topic: Topic, payload: () => unknown) => {
    let serialized: string | null = null;
    for (const subscriber of subscribers) {
      for (const [id, subscribed] of subscriber.topics) {
        if (subscribed !== topic) continue;
        if (subscriber.socket.bufferedAmount > maxBufferedBytes) {
          subscriber.socket.terminate();
          subscribers.delete(subscriber);
          break;
        }
        serialized ??= JSON.stringify(payload());
        subscriber.socket.send(`{"jsonrpc":"2.0","method":"${TOPICS[topic]}","params":{"subscription":${id},"result":${serialized}}}`);
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
      node.off('block', onBlock);
      node.off('operation', onOperation);
      for (const { socket } of subscribers) socket.terminate();
      wss.close();
    },
  };
}

async function handleSubscriptionCall(text: string, subscriber: Subscriber): Promise<string | null> {
  let call: { id?: unknown; method?: unknown; params?: unknown };
  try {
    call = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof call !== 'object' || call === null || typeof call.method !== 'string') return null;
  const id = call.id ?? null;
  const reply = (body: object) => JSON.stringify({ jsonrpc: '2.0', id, ...body });
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
