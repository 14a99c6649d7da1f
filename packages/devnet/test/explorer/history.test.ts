import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Chain, MAX_PERIODS, OPERATIONS_PAGE } from '../../explorer/src/chain.js';
import { eventText } from '../../explorer/src/format.js';
import { JsonRpcHttp } from '../../explorer/src/rpc.js';
import type { Devnet } from '../../src/index.js';
import { call, signForDevnet, startTestDevnet, waitFinal } from '../helpers.js';
// @ts-expect-error: plain JavaScript helpers, shared with scripts/explorer-screenshot.mjs
import { compileEcho, deployedAddress, sendDeploy } from './activity.mjs';

// The explorer's model of the chain (what its panels show), reading a real devnet the way the
// page does. The page itself runs in page.test.ts (headless chromium).

let devnet: Devnet;
let deployId: string;
let contract: string;
let transfers: string[];
beforeAll(async () => {
  devnet = await startTestDevnet({ instant: true });
  deployId = await sendDeploy(devnet, await compileEcho());
  await waitFinal(devnet, deployId);
  contract = await deployedAddress(devnet, deployId);
  // Long after the deploy: many periods go by, then more operations than a page holds.
  await call(devnet.urls.private, 'mason_advance_slots', [(MAX_PERIODS + 40) * 32]);
  const [, bob] = devnet.accounts;
  const inputs = await Promise.all(
    Array.from({ length: OPERATIONS_PAGE + 5 }, (_, i) =>
      signForDevnet(devnet, bob!.secretKey, { type: 'Transaction', recipient: devnet.accounts[2]!.address, amount: BigInt(i + 1) }),
    ),
  );
  transfers = await call<string[]>(devnet.urls.public, 'send_operations', [inputs]);
  await waitFinal(devnet, transfers.at(-1)!);
}, 120_000);
afterAll(() => devnet?.stop());

describe("the explorer's history", () => {
  it('shows operations older than the periods in view, a page at a time, newest first', async () => {
    const chain = new Chain(new JsonRpcHttp(devnet.urls.public), new JsonRpcHttp(devnet.urls.api));
    await chain.load();
    // The graph keeps the latest periods; the deploy's block is not among them.
    const [deployBlock] = (await call(devnet.urls.public, 'get_operations', [[deployId]]))[0].in_blocks;
    expect(chain.blocks.has(deployBlock)).toBe(false);

    const newestFirst = () => [...chain.operations.keys()].reverse();
    expect(newestFirst()).toEqual(transfers.slice(-OPERATIONS_PAGE).reverse());
    expect(chain.totalOperations).toBe(transfers.length + 1);
    expect(chain.olderOperations).not.toBeNull();

    await chain.loadOlderOperations();
    expect(newestFirst()).toEqual([...transfers].reverse().concat(deployId));
    expect(chain.olderOperations).toBeNull();
    expect(chain.operations.get(deployId)).toMatchObject({ type: 'ExecuteSC', status: 'final', success: true });

    // The deployer's closing raw event, decoded as `mason deploy` reads it.
    const events = chain.events.get(deployId)!.map((event) => eventText(event.data));
    expect(events).toContain(`Contract deployed at address: ${contract}`);
    expect(events).toContain(`(raw event) ${contract}`);
  });
});
