import { MAS, SecretKey } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Chain } from '../../explorer/src/chain.js';
import { JsonRpcHttp } from '../../explorer/src/rpc.js';
import type { Devnet } from '../../src/index.js';
import { call, sendOp, startTestDevnet, waitFinal } from '../helpers.js';

// The explorer's model reads state-control writes again, though they come without a block.

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet({ instant: true });
});
afterAll(() => devnet?.stop());

describe("the explorer's addresses", () => {
  it('are read again on the next refresh after a state-control write', async () => {
    const [alice] = devnet.accounts;
    const bob = SecretKey.generate().publicKey.address().toString();
    await waitFinal(devnet, await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: bob, amount: 2n * MAS }));
    const chain = new Chain(new JsonRpcHttp(devnet.urls.public), new JsonRpcHttp(devnet.urls.api));
    await chain.load();
    expect(chain.addresses.get(bob)?.final_balance).toBe('1.999');
    await call(devnet.urls.private, 'mason_set_balance', [bob, '5']);
    await chain.refresh();
    expect(chain.addresses.get(bob)?.final_balance).toBe('5');
    expect((chain.status as { mason?: unknown } | null)?.mason).toMatchObject({ devnet: true, state_writes: 1 });
  });
});
