import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Args, type ExecutionTrace } from '@mason/codec';
import { compileContract } from '@mason/test-utils';
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
const packageDir = fileURLToPath(new URL('../../', import.meta.url));

/** `file:line:column` of `snippet` in a source of this package (relative to it, as asc names it). */
function positionOf(file: string, snippet: string): string {
  const lines = readFileSync(join(packageDir, file), 'utf8').split('\n');
  const line = lines.findIndex((text) => text.includes(snippet));
  return `${file}:${line + 1}:${lines[line]!.indexOf(snippet) + 1}`;
}

describe.skipIf(missing !== null)("the explorer's trace of an operation", () => {
  let devnet: Devnet;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let contract: string;
  let wasm: { deployer: Uint8Array; echo: Uint8Array };
  let relayWasm: Uint8Array;

  beforeAll(async () => {
    const [started, compiled, relayCompiled, launched] = await Promise.all([
      startTestDevnet(),
      compileEcho(),
      compileContract(join(packageDir, 'test', 'contracts', 'relay.ts'), {
        asconfig: join(packageDir, 'node_modules', '@mason', 'sdk', 'asconfig.json'),
        baseDir: packageDir,
      }),
      launchBrowser(),
    ]);
    devnet = started;
    wasm = compiled;
    relayWasm = relayCompiled;
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

  it('shows the failure on the frame where it happened, at the line where the contract aborted', async () => {
    const { page } = browser;
    // relay → relay.boom, which asserts: the failure is two frames deep, in the contract's own code.
    const relayDeploy = await sendDeploy(devnet, { deployer: wasm.deployer, echo: relayWasm });
    await waitFinal(devnet, relayDeploy, 30_000);
    const relay = await deployedAddress(devnet, relayDeploy);
    const param = new Args().addString(relay).addString('boom').addUint8Array(new Uint8Array()).serialize();
    const id = await send(devnet, devnet.accounts[1], { type: 'CallSC', maxGas: 100_000_000n, coins: 0n, target: relay, func: 'relay', param });
    await waitFinal(devnet, id, 30_000);
    const trace = await traceOf(id);
    expect(trace.ok).toBe(false);
    await page.goto(`${devnet.urls.explorer}#op/${id}`);
    const section = page.locator(`#details[data-route="op/${id}"] section.trace[data-trace="failed"]`);
    await section.waitFor({ timeout: 20_000 });
    const failure = section.locator('.frame[data-frame="relay"] .frame.failed[data-frame="boom"] > [data-failure]');
    expect(await failure.textContent()).toContain('boom deep in the tree');
    expect(await failure.locator('[data-failure-location]').textContent()).toBe(
      ` at ${positionOf('test/contracts/relay.ts', "assert(false, 'boom deep in the tree')")}`,
    );
    // The calling frame is not marked failed; its event stays in the tree.
    expect(await section.locator('.frame.failed').count()).toBe(1);
    expect(browser.problems).toEqual([]);
  });

  it('says where to find the line of a failure the abort does not place in the contract', async () => {
    const { page } = browser;
    // shout without its message: the SDK's Args refuse it, in library code.
    const id = await send(devnet, devnet.accounts[1], {
      type: 'CallSC',
      maxGas: 100_000_000n,
      coins: 0n,
      target: contract,
      func: 'shout',
      param: new Uint8Array(),
    });
    await waitFinal(devnet, id, 30_000);
    await page.goto(`${devnet.urls.explorer}#op/${id}`);
    const failure = page.locator(`#details[data-route="op/${id}"] section.trace[data-trace="failed"] .frame.failed[data-frame="shout"] > [data-failure]`);
    await failure.waitFor({ timeout: 20_000 });
    expect(await failure.textContent()).toContain('mason trace <id>');
    expect(await failure.locator('[data-failure-location]').count()).toBe(0);
  });
});
