import { MAS } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { sendOp, startTestDevnet, waitFinal } from './helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(() => devnet.stop());

function connect(url: string): Promise<{ ws: WebSocket; messages: any[]; request(method: string, params?: unknown[]): Promise<any> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: any[] = [];
    const waiting = new Map<number, (value: any) => void>();
    let id = 0;
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.id !== undefined && waiting.has(message.id)) waiting.get(message.id)!(message);
      else messages.push(message);
    });
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        messages,
        request: (method, params = []) =>
          new Promise((done) => {
            const callId = ++id;
            waiting.set(callId, done);
            ws.send(JSON.stringify({ jsonrpc: '2.0', id: callId, method, params }));
          }),
      }),
    );
  });
}

describe('WebSocket subscriptions on the API port', () => {
  it('notifies new operations, blocks, headers and filled blocks with the node framing, and unsubscribes', async () => {
    const client = await connect(devnet.urls.ws);
    const subs: Record<string, number> = {};
    for (const topic of ['new_operations', 'new_blocks', 'new_blocks_headers', 'new_filled_blocks']) {
      const reply = await client.request(`subscribe_${topic}`);
      expect(typeof reply.result).toBe('number');
      subs[topic] = reply.result;
    }
    const [alice, bob] = devnet.accounts;
    const id = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: bob!.address, amount: MAS });
    await waitFinal(devnet, id);
    const byTopic = (topic: string) => client.messages.filter((m) => m.method === topic);
    const op = byTopic('new_operations').find((m) => m.params.result.id === id);
    expect(op.params.subscription).toBe(subs.new_operations);
    expect(op.params.result.content.op.Transaction.amount).toBe('1');
    const filled = byTopic('new_filled_blocks').find((m) => m.params.result.operations.some(([opId]: [string]) => opId === id));
    expect(filled.params.result.header.content.endorsements).toHaveLength(16);
    expect(filled.params.result.operations[0][1].id).toBe(id);
    const blockId = filled.params.result.header.id;
    expect(byTopic('new_blocks').some((m) => m.params.result.id === blockId && m.params.result.content.operations.includes(id))).toBe(true);
    expect(byTopic('new_blocks_headers').some((m) => m.params.result.id === blockId)).toBe(true);

    expect((await client.request('unsubscribe_new_blocks', [subs.new_blocks])).result).toBe(true);
    expect((await client.request('unsubscribe_new_blocks', [subs.new_blocks])).result).toBe(false);
    expect((await client.request('get_version')).result).toBe('SAND.5.0');
    client.ws.close();
  });

  it('is quiet when idle: no block is produced while nothing waits', async () => {
    await nodeOf(devnet).settle(5_000);
    const before = nodeOf(devnet).lastProducedSlot;
    await new Promise((r) => setTimeout(r, 300));
    expect(nodeOf(devnet).lastProducedSlot).toEqual(before);
  });
});
