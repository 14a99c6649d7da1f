// Regenerates docs/images/explorer.png, the explorer's picture in docs/devnet.md: a devnet with
// some real activity (a deployment, transfers between several accounts, contract calls, one
// failing call), seen by the explorer in headless chromium. Run after a build:
//   npx turbo run build --filter @mason/devnet && node packages/devnet/scripts/explorer-screenshot.mjs
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevnet } from '@mason/devnet';
import { compileEcho, deployedAddress, rpc, sendDeploy, sendShout, sendTransfer } from '../test/explorer/activity.mjs';
import { chromiumMissing, launchBrowser } from '../test/explorer/browser.mjs';

const output = fileURLToPath(new URL('../../../docs/images/explorer.png', import.meta.url));
const missing = chromiumMissing();
if (missing) {
  console.error(`explorer-screenshot: ${missing}`);
  process.exit(1);
}

const devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0 });
const browser = await launchBrowser({ width: 1440, height: 1000 });
try {
  const { page } = browser;
  const wasm = await compileEcho();
  await page.goto(devnet.urls.explorer);
  await page.waitForSelector('#status[data-connection="live"]');
  const untilFinal = (ids) => Promise.all(ids.map((id) => page.waitForSelector(`tr[data-op-id="${id}"][data-status="final"]`, { timeout: 30_000 })));

  const deploy = await sendDeploy(devnet, wasm);
  await untilFinal([deploy]);
  const contract = await deployedAddress(devnet, deploy);
  const [a, b, c, d] = devnet.accounts;
  const rounds = [
    [() => sendTransfer(devnet, a, b), () => sendShout(devnet, contract, 'gm from the explorer', b)],
    [() => sendTransfer(devnet, c, d), () => sendTransfer(devnet, d, a)],
    [() => sendShout(devnet, contract, 'sum: 2 + 3 = 5', c), () => sendShout(devnet, contract, 'nobody home', d, 'missing')],
    [() => sendTransfer(devnet, b, c)],
  ];
  let shown = deploy;
  for (const round of rounds) {
    const ids = await Promise.all(round.map((send) => send()));
    await untilFinal(ids);
    shown = ids[0];
  }
  // Select the block of the last round's first operation: the graph draws its parents.
  const [info] = await rpc(devnet.urls.public, 'get_operations', [[shown]]);
  await page.locator(`[data-block-id="${info.in_blocks[0]}"]`).click();
  await page.waitForSelector(`#details[data-route="block/${info.in_blocks[0]}"] [data-detail-status="final"]`);
  if (browser.problems.length > 0) throw new Error(`the page reported problems:\n${browser.problems.join('\n')}`);
  mkdirSync(dirname(output), { recursive: true });
  await page.screenshot({ path: output, fullPage: true });
  console.log(`explorer-screenshot: wrote ${join('docs', 'images', 'explorer.png')}`);
} finally {
  await browser.close();
  await devnet.stop();
}
