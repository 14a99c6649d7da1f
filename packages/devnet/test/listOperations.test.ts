import { SecretKey } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { call, rpc, signForDevnet, startTestDevnet, waitFinal } from './helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet({ instant: true });
});
afterAll(() => devnet.stop());

describe('mason_list_operations (API port)', () => {
  it('pages through the whole operation history, newest first, with get_operations answers', async () => {
    const [alice] = devnet.accounts;
    const to = SecretKey.generate().publicKey.address().toString();
    const inputs = await Promise.all(
      [1n, 2n, 3n, 4n, 5n].map((amount) => signForDevnet(devnet, alice!.secretKey, { type: 'Transaction', recipient: to, amount: amount * 1_000_000n })),
    );
    const ids = await call<string[]>(devnet.urls.public, 'send_operations', [inputs]);
    for (const id of ids) await waitFinal(devnet, id);
    // Blocks and periods go by after them: the history does not end with the latest periods.
    await call(devnet.urls.private, 'mason_advance_slots', [64 * 32]);

    const first = await call(devnet.urls.api, 'mason_list_operations', [{ limit: 2 }]);
    expect(first.total_count).toBe(5);
    expect(first.operations.map((op: { id: string }) => op.id)).toEqual([ids[4], ids[3]]);
    expect(first.operations[0]).toEqual((await call(devnet.urls.public, 'get_operations', [[ids[4]]]))[0]);
    expect(first.next).toBe(ids[3]);
    const second = await call(devnet.urls.api, 'mason_list_operations', [{ limit: 2, before: first.next }]);
    expect(second.operations.map((op: { id: string }) => op.id)).toEqual([ids[2], ids[1]]);
    const last = await call(devnet.urls.api, 'mason_list_operations', [{ limit: 2, before: second.next }]);
    expect(last.operations.map((op: { id: string }) => op.id)).toEqual([ids[0]]);
    expect(last.next).toBeNull();
    // Without arguments: the newest 50.
    expect((await call(devnet.urls.api, 'mason_list_operations')).operations).toHaveLength(5);
  });

  it('refuses a bad page', async () => {
    for (const params of [[{ limit: 0 }], [{ limit: -1 }], [{ limit: 1.5 }], [{ before: 7 }], ['x']]) {
      expect((await rpc(devnet.urls.api, 'mason_list_operations', params)).error?.code, JSON.stringify(params)).toBe(-32602);
    }
    expect((await rpc(devnet.urls.api, 'mason_list_operations', [{ limit: 129 }])).error).toEqual({ code: -32000, message: 'Bad request: too many arguments' });
    const unknown = `O1${'1'.repeat(48)}`;
    expect((await rpc(devnet.urls.api, 'mason_list_operations', [{ before: unknown }])).error?.message).toBe(
      `Bad request: unknown operation ${unknown} given as before`,
    );
  });
});
