// Integration test: the contract built, deployed and called on an in-process devnet, as on a
// real network. Run with `npm test` (after the unit tests) or `node --test test/`.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Account, callSC, createClient, getOperationEvents, readOnlyCall } from '@mason/client';
import { Args, MAS } from '@mason/codec';
import { build } from '@mason/compiler';
import { deployFromBuild } from '@mason/deployer';
import { startDevnet } from '@mason/devnet';

// Deployment records of these throwaway deployments go to a temporary folder, not deployments/.
const recordsRoot = mkdtempSync(join(tmpdir(), 'mason-test-deployments-'));
let devnet;
let client;
let account;
let address;

before(async () => {
  await build({ root: process.cwd() });
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0 });
  client = createClient({ url: devnet.urls.public, wsUrl: devnet.urls.ws });
  account = Account.fromSecretKey(devnet.accounts[0].secretKey);
  const deployed = await deployFromBuild({
    client,
    account,
    contract: 'main',
    root: recordsRoot,
    outDir: join(process.cwd(), 'build'),
    network: 'test',
    args: new Args().addString('Mason').serialize(),
    coins: MAS / 10n,
  });
  address = deployed.address;
});

after(async () => {
  await client?.close();
  await devnet?.stop();
  rmSync(recordsRoot, { recursive: true, force: true });
});

test('sum adds its operands and says so in an event', async () => {
  const operation = await callSC(client, account, {
    target: address,
    func: 'sum',
    parameter: new Args().addI32(2).addI32(3).serialize(),
  });
  const result = await operation.waitFinal({ timeoutMs: 10_000 });
  assert.equal(result.stage, 'final');
  assert.equal(result.status, 'FinalSuccess');
  const events = await getOperationEvents(client, operation.id, { final: true });
  assert.deepEqual(
    events.map((e) => e.data),
    ['Sum: 2 + 3 = 5'],
  );
});

test('sum returns the result as text (read-only)', async () => {
  const result = await readOnlyCall(client, {
    target: address,
    func: 'sum',
    parameter: new Args().addI32(40).addI32(2).serialize(),
  });
  assert.equal(new TextDecoder().decode(result.value), '42');
});

test('the constructor stored the name', async () => {
  const result = await readOnlyCall(client, { target: address, func: 'hello' });
  assert.equal(new TextDecoder().decode(result.value), 'Hello, Mason!');
});
