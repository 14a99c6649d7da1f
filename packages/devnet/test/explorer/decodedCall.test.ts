// The explorer's operation view shows a CallSC's arguments and result as values when the devnet
// has the target's ABI (mason_register_abi), and the bytes alone when it has none.
import { Args } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../../src/index.js';
import { compileContract } from '../compileContract.js';
import { startTestDevnet, waitFinal } from '../helpers.js';
// @ts-expect-error: plain JavaScript helpers, shared with scripts/explorer-screenshot.mjs
import { deployedAddress, rpc, send, sendDeploy } from './activity.mjs';
// @ts-expect-error: plain JavaScript helpers, shared with scripts/explorer-screenshot.mjs
import { chromiumMissing, launchBrowser } from './browser.mjs';

const missing = chromiumMissing();
if (missing) console.warn(`explorer browser test skipped: ${missing}`);

const ABI = {
  format: 'mason-abi/1',
  contract: 'measure',
  source: 'assembly/contracts/measure.ts',
  functions: [
    {
      name: 'measure',
      params: [
        { name: 'label', type: 'string' },
        { name: 'times', type: 'u64' },
      ],
      returns: { encoding: 'args', values: [{ name: null, type: 'u64' }] },
      events: [],
      complete: true,
      notes: [],
    },
  ],
  structs: {},
};

describe.skipIf(missing !== null)('decoded calls in the explorer', () => {
  let devnet: Devnet;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let contract: string;

  const callMeasure = (label: string, times: bigint) =>
    send(devnet, devnet.accounts[1], {
      type: 'CallSC',
      maxGas: 100_000_000n,
      coins: 0n,
      target: contract,
      func: 'measure',
      param: new Args().addString(label).addU64(times).serialize(),
    }) as Promise<string>;

  beforeAll(async () => {
    const [started, deployer, measure, launched] = await Promise.all([
      startTestDevnet({ instant: true }),
      compileContract('deployer', { official: true }),
      compileContract('measure'),
      launchBrowser(),
    ]);
    devnet = started;
    browser = launched;
    const deployId = await sendDeploy(devnet, { deployer, echo: measure });
    await waitFinal(devnet, deployId);
    contract = await deployedAddress(devnet, deployId);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await devnet?.stop();
  });

  it('shows the bytes alone without an ABI, then the values once it is registered', async () => {
    const { page } = browser;
    const before = await callMeasure('abc', 4n);
    await waitFinal(devnet, before);
    await page.goto(`${devnet.urls.explorer}#op/${before}`);
    await page.waitForSelector(`#details[data-route="op/${before}"] dl`, { timeout: 20_000 });
    expect(await page.locator('#details [data-decoded]').count()).toBe(0);

    expect(await rpc(devnet.urls.private, 'mason_register_abi', [contract, ABI])).toBe(true);
    const after = await callMeasure('héllo <b>', 3n);
    await waitFinal(devnet, after);
    await page.goto(`${devnet.urls.explorer}#op/${after}`);
    await page.waitForSelector('#details [data-decoded="returned"]', { timeout: 20_000 });
    expect(await page.locator('#details [data-arg="label"] code').textContent()).toBe('héllo <b>');
    expect(await page.locator('#details [data-arg="times"] code').textContent()).toBe('3');
    expect(await page.locator('#details [data-decoded="returned"]').textContent()).toBe('27');
  }, 60_000);
});
