import type { ExecutionTrace } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../../src/index.js';
import { startTestDevnet, waitFinal } from '../helpers.js';
// @ts-expect-error: plain JavaScript helpers, shared with scripts/explorer-screenshot.mjs
import { compileEcho, deployedAddress, rpc, send, sendDeploy, sendShout } from './activity.mjs';
// @ts-expect-error: plain JavaScript helpers, shared with scripts/explorer-screenshot.mjs
import { chromiumMissing, launchBrowser } from './browser.mjs';

// The operation view's trace, in a real browser on a real devnet: a real compiled contract called
// by real signed operations, one that succeeds and one that fails in the contract.

const missing = chromiumMissing();
if (missing) console.warn(`explorer trace test skipped: ${missing}`);

const gasText = (gas: number) => gas.toLocaleString('en-US');

describe.skipIf(missing !== null)("the explorer's trace of an operation", () => {
  let devnet: Devnet;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let contract: string;

  beforeAll(async () => {
    const [started, wasm, launched] = await Promise.all([startTestDevnet(), compileEcho(), launchBrowser()]);
    devnet = started;
    browser = launched;
    const deployId = await sendDeploy(devnet, wasm);
    await waitFinal(devnet, deployId, 30_000);
    contract = await deployedAddress(devnet, deployId);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await devnet?.stop();
  });

  const traceOf = async (id: string): Promise<ExecutionTrace> => ((await rpc(devnet.urls.public, 'mason_get_operation_trace', [[id]])) as ExecutionTrace[])[0]!;

  it('shows the call tree: the frame with its gas, host calls folded, the event and the write', async () => {
    const { page } = browser;
    const id = await sendShout(devnet, contract, 'hello from the trace');
    await waitFinal(devnet, id, 30_000);
    const trace = await traceOf(id);
    await page.goto(`${devnet.urls.explorer}#op/${id}`);
    const section = page.locator(`#details[data-route="op/${id}"] section.trace[data-trace="ok"]`);
    await section.waitFor({ timeout: 20_000 });
    const frame = section.locator(`.frame[data-frame="shout"][data-address="${contract}"]`);
    expect(await frame.count()).toBe(1);
    expect(await frame.locator('[data-frame-gas]').textContent()).toBe(gasText(trace.root!.gasUsed));
    expect(await section.locator('.trace-head').textContent()).toContain(`gas ${gasText(trace.gasUsed)} of ${gasText(trace.gasLimit)}`);
    // Called by the operation's sender.
    expect(trace.root!.caller).toBe(devnet.accounts[1]!.address);
    // Addresses are links to their details, the full address in the title.
    expect(
      await frame
        .locator('.frame-head a')
        .evaluateAll((links: Array<{ getAttribute(name: string): string | null }>) => links.map((link) => link.getAttribute('title'))),
    ).toEqual([contract, trace.root!.caller]);

    // Host calls start folded; opening them shows each with its gas and what it did.
    const folded = frame.locator('details.host-calls');
    expect(await folded.count()).toBeGreaterThan(0);
    expect(await folded.first().getAttribute('open')).toBeNull();
    const event = frame.locator('[data-host-call="generate_event"] [data-effect="event"]');
    expect(await event.isVisible()).toBe(false);
    for (const group of await folded.all()) await group.locator('summary').click();
    expect(await event.textContent()).toBe('event hello from the trace');
    expect(await event.isVisible()).toBe(true);
    const write = frame.locator('[data-host-call="set_data"] [data-effect="storageWrite"]');
    expect(await write.textContent()).toContain('"hello from the trace"');
    const setData = trace.root!.hostCalls.find((call) => call.name === 'set_data')!;
    expect(await frame.locator('[data-host-call="set_data"]').textContent()).toContain(`set_data · ${gasText(setData.gas)} gas`);
    expect(await section.locator('[data-failure]').count()).toBe(0);
    expect(browser.problems).toEqual([]);
  });

  it('shows the failure on the frame where it happened', async () => {
    const { page } = browser;
    // shout without its message: the contract's Args refuse it.
    const id = await send(devnet, devnet.accounts[1], {
      type: 'CallSC',
      maxGas: 100_000_000n,
      coins: 0n,
      target: contract,
      func: 'shout',
      param: new Uint8Array(),
    });
    await waitFinal(devnet, id, 30_000);
    const trace = await traceOf(id);
    expect(trace.ok).toBe(false);
    await page.goto(`${devnet.urls.explorer}#op/${id}`);
    const section = page.locator(`#details[data-route="op/${id}"] section.trace[data-trace="failed"]`);
    await section.waitFor({ timeout: 20_000 });
    const failure = section.locator('.frame.failed[data-frame="shout"] > [data-failure]');
    expect(await failure.textContent()).toContain(`✗ ${trace.root!.failure!.message}`);
    expect(trace.root!.failure!.message).toContain('message');
    // The devnet has no source maps: the page says where to get the line.
    expect(await failure.textContent()).toContain('mason trace <id>');
    expect(browser.problems).toEqual([]);
  });
});
