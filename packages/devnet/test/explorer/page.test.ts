import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseMas, signOperation, toSendOperationInput } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../../src/index.js';
import { startTestDevnet, waitFinal } from '../helpers.js';
// @ts-expect-error: plain JavaScript helpers, shared with scripts/explorer-screenshot.mjs
import { compileEcho, deployedAddress, HOSTILE_TEXT, rpc, sendDeploy, sendShout, sendTransfer } from './activity.mjs';
// @ts-expect-error: plain JavaScript helpers, shared with scripts/explorer-screenshot.mjs
import { chromiumMissing, launchBrowser } from './browser.mjs';

// The explorer in a real browser (Debian's headless chromium), on a real devnet, with real
// signed operations and a real compiled contract. Every wait is for a DOM state, bounded.

const RESULTS_DIR = fileURLToPath(new URL('../../../../.mason-test-results/', import.meta.url));
const missing = chromiumMissing();
if (missing) console.warn(`explorer browser test skipped: ${missing}`);

describe.skipIf(missing !== null)('the explorer page in headless chromium', () => {
  let devnet: Devnet;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let contract: string;
  let deployId: string;
  let deployBlock: string;

  beforeAll(async () => {
    const [started, wasm, launched] = await Promise.all([startTestDevnet(), compileEcho(), launchBrowser()]);
    devnet = started;
    browser = launched;
    await browser.page.goto(devnet.urls.explorer);
    await browser.page.waitForSelector('#status[data-connection="live"]', { timeout: 15_000 });
    deployId = await sendDeploy(devnet, wasm);
    deployBlock = (await waitFinal(devnet, deployId)).in_blocks[0];
    contract = await deployedAddress(devnet, deployId);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await devnet?.stop();
  });

  it('shows a transfer and a contract call become final, live, with their blocks in the graph', async () => {
    const { page } = browser;
    const transfer = await sendTransfer(devnet);
    const shout = await sendShout(devnet, contract);
    for (const id of [deployId, transfer, shout]) {
      await page.waitForSelector(`tr[data-op-id="${id}"][data-status="final"][data-exec="ok"]`, { timeout: 20_000 });
    }
    const [info] = (
      (await (
        await fetch(devnet.urls.public, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'get_operations', params: [[shout]] }),
        })
      ).json()) as { result: any[] }
    ).result;
    const block = info.in_blocks[0];
    await page.waitForSelector(`[data-block-id="${block}"][data-status="final"]`, { timeout: 20_000 });
    expect(await page.locator(`tr[data-op-id="${transfer}"] td`).nth(2).textContent()).toBe('Transaction');
    expect(await page.locator(`tr[data-op-id="${shout}"] td`).nth(2).textContent()).toBe('CallSC');
    // Some block is still a candidate: the last one produced, which nothing follows yet.
    expect(await page.locator('[data-block-id][data-status="candidate"]').count()).toBeGreaterThan(0);
    expect(await page.locator('#status').textContent()).toContain('chain 77');
  });

  it("shows a contract's event and datastore key as text, never as markup", async () => {
    const { page } = browser;
    const event = page.locator(`[data-contract="${contract}"] .event-data`).filter({ hasText: '<script>' });
    await event.first().waitFor({ timeout: 20_000 });
    expect(await event.first().textContent()).toBe(HOSTILE_TEXT);
    await page.locator(`[data-contract="${contract}"] code.key`).filter({ hasText: '<img' }).first().waitFor({ timeout: 20_000 });

    await page.goto(`${devnet.urls.explorer}#address/${contract}`);
    const key = page.locator('#details table.datastore code.text').filter({ hasText: '<img' });
    await key.waitFor({ timeout: 20_000 });
    expect(await key.textContent()).toBe(HOSTILE_TEXT);
    expect(await page.locator('#details [data-events] .event-data').filter({ hasText: '<script>' }).textContent()).toBe(HOSTILE_TEXT);

    // Nothing the contract said became an element, and no script of it ran.
    expect(await page.locator('main img, main script, main b').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });

  it('opens the details of a block and of an operation from the page', async () => {
    const { page } = browser;
    await page.goto(devnet.urls.explorer);
    await page.waitForSelector('#status[data-connection="live"]');
    await page.locator(`tr[data-op-id="${deployId}"]`).click();
    await page.waitForSelector(`#details[data-route="op/${deployId}"] [data-detail-status="final"]`, { timeout: 20_000 });
    expect(await page.locator('#details [data-events] .event-data').allTextContents()).toContain(`Contract deployed at address: ${contract}`);
    const [deployInfo] = (
      (await (
        await fetch(devnet.urls.public, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'get_operations', params: [[deployId]] }),
        })
      ).json()) as { result: Array<{ gas_used?: number }> }
    ).result;
    expect(deployInfo!.gas_used).toBeGreaterThan(0);
    // Gas with thousands separators.
    expect(await page.locator('#details [data-field="gas_used"]').textContent()).toBe(deployInfo!.gas_used!.toLocaleString('en-US'));
    // The deployer's closing raw event (base64 of the deployed addresses), decoded.
    expect(await page.locator('#details [data-events] .event-data').allTextContents()).toContain(`(raw event) ${contract}`);

    await page.locator(`[data-block-id="${deployBlock}"]`).click();
    await page.waitForSelector(`#details[data-route="block/${deployBlock}"] [data-detail-status="final"]`, { timeout: 20_000 });
    expect(await page.locator('#details').textContent()).toContain(deployId);
    expect(await page.locator('#details ol.parents li').count()).toBe(32);
    // The edges are drawn once the parents are in the graph: wait for them rather than race the page.
    await page.waitForSelector('line.parent-edge', { state: 'attached', timeout: 20_000 });
    expect(await page.locator('line.parent-edge').count()).toBeGreaterThan(0);

    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: join(RESULTS_DIR, 'explorer.png'), fullPage: true });
    expect(browser.problems).toEqual([]);
  });

  it('refuses what is not an id, and says when the node does not know one', async () => {
    const { page } = browser;
    await page.goto(devnet.urls.explorer);
    await page.waitForSelector('#status[data-connection="live"]');
    await page.fill('#search input', '<img src=x onerror="window.__pwned=3">');
    await page.click('#search button');
    await page.waitForSelector('#search-hint:has-text("Not an id this page can show")');
    expect(page.url()).toBe(devnet.urls.explorer);

    await page.goto(`${devnet.urls.explorer}#address/${encodeURIComponent('<img src=x>')}`);
    await page.waitForSelector('#details:has-text("Select a block in the graph")');

    const unknown = `O1${'a'.repeat(48)}`;
    await page.fill('#search input', unknown);
    await page.click('#search button');
    await page.waitForSelector(`#details[data-route="op/${unknown}"]:has-text("The node does not know operation")`);

    const badChecksum = `AU1${'a'.repeat(48)}`;
    await page.goto(`${devnet.urls.explorer}#address/${badChecksum}`);
    await page.waitForSelector(`#details[data-route="address/${badChecksum}"] .error:has-text("The node refused get_addresses")`);
    expect(await page.locator('main img').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });

  it('pages back through the whole operation history to a deploy made long before', async () => {
    const { page } = browser;
    // More operations than a page after the deploy, and far more periods than the graph keeps.
    const [, bob, carol] = devnet.accounts;
    const status = await rpc(devnet.urls.public, 'get_status');
    const inputs = Array.from({ length: 55 }, (_, i) =>
      toSendOperationInput(
        signOperation(
          { fee: parseMas('0.01'), expirePeriod: status.last_slot.period + 9, op: { type: 'Transaction', recipient: carol!.address, amount: BigInt(i + 1) } },
          bob!.secretKey,
          BigInt(status.chain_id),
        ),
      ),
    );
    const ids: string[] = await rpc(devnet.urls.public, 'send_operations', [inputs]);
    await waitFinal(devnet, ids.at(-1)!);
    await rpc(devnet.urls.private, 'mason_advance_slots', [(32 + 8) * 32]);
    await page.goto(devnet.urls.explorer);
    await page.waitForSelector('#status[data-connection="live"]', { timeout: 15_000 });
    await page.waitForSelector(`tr[data-op-id="${ids.at(-1)}"][data-status="final"]`, { timeout: 20_000 });
    expect(await page.locator('tr[data-op-id]').count()).toBe(50);
    expect(await page.locator(`tr[data-op-id="${deployId}"]`).count()).toBe(0);
    // Newest first.
    expect(await page.locator('tr[data-op-id]').first().getAttribute('data-op-id')).toBe(ids.at(-1));
    await page.locator('[data-action="older-operations"]').click();
    await page.waitForSelector(`tr[data-op-id="${deployId}"][data-status="final"][data-exec="ok"]`, { timeout: 20_000 });
    expect(await page.locator('tr[data-op-id]').last().getAttribute('data-op-id')).toBe(deployId);
    // Everything is shown: nothing older to read.
    expect(await page.locator('[data-action="older-operations"]').count()).toBe(0);
    expect(browser.problems).toEqual([]);
  });

  it('says when the node goes away, and reads everything again when it is back', async () => {
    const { page } = browser;
    const port = (url: string) => Number(new URL(url).port);
    const ports = { publicPort: port(devnet.urls.public), privatePort: port(devnet.urls.private), apiPort: port(devnet.urls.api) };
    await devnet.stop();
    await page.waitForSelector('#status[data-connection="offline"]', { timeout: 15_000 });
    expect(await page.locator('#status .connection').textContent()).toBe('node unreachable, retrying…');

    // Another chain on the same ports: nothing of the first one stays on screen.
    devnet = await startTestDevnet(ports);
    await page.waitForSelector('#status[data-connection="live"]', { timeout: 20_000 });
    await page.waitForSelector(`tr[data-op-id="${deployId}"]`, { state: 'detached', timeout: 20_000 });
    const transfer = await sendTransfer(devnet);
    await page.waitForSelector(`tr[data-op-id="${transfer}"][data-status="final"][data-exec="ok"]`, { timeout: 20_000 });
    // The browser's own reports of the refused connections while the node was away are expected; nothing else.
    expect(browser.problems.filter((p: string) => !/ERR_CONNECTION_REFUSED|WebSocket connection to/.test(p))).toEqual([]);
  });
});
