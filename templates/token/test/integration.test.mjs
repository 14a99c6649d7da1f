// Integration test: the token built, deployed and used on an in-process devnet.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Account, callSC, createClient, readOnlyCall } from '@mason/client';
import { Args, MAS } from '@mason/codec';
import { build } from '@mason/compiler';
import { deployFromBuild } from '@mason/deployer';
import { startDevnet } from '@mason/devnet';

// Deployment records of these throwaway deployments go to a temporary folder, not deployments/.
const recordsRoot = mkdtempSync(join(tmpdir(), 'mason-test-deployments-'));
let devnet;
let client;
let owner;
let alice;
let token;

const u64 = (bytes) => new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(0, true);
const addressOf = (account) => account.address.toString();

async function read(func, args = new Args()) {
  return (await readOnlyCall(client, { target: token, func, parameter: args.serialize() })).value;
}

const balanceOf = async (account) => u64(await read('balanceOf', new Args().addString(addressOf(account))));

/** Calls the token as `account`, waits for finality and returns the status (FinalSuccess or FinalError). */
async function send(account, func, args) {
  const parameter = args.serialize();
  const operation = await callSC(client, account, { target: token, func, parameter, maxGas: 100_000_000n });
  return (await operation.waitFinal({ timeoutMs: 10_000 })).status;
}

const transfer = (from, to, amount) => send(from, 'transfer', new Args().addString(addressOf(to)).addU64(amount));
const approve = (from, spender, amount) =>
  send(from, 'approve', new Args().addString(addressOf(spender)).addU64(amount));
const transferFrom = (spender, from, to, amount) =>
  send(spender, 'transferFrom', new Args().addString(addressOf(from)).addString(addressOf(to)).addU64(amount));
const mint = (by, to, amount) => send(by, 'mint', new Args().addString(addressOf(to)).addU64(amount));

before(async () => {
  await build({ root: process.cwd() });
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0 });
  client = createClient({ url: devnet.urls.public, wsUrl: devnet.urls.ws });
  owner = Account.fromSecretKey(devnet.accounts[0].secretKey);
  alice = Account.fromSecretKey(devnet.accounts[1].secretKey);
  const deployed = await deployFromBuild({
    client,
    account: owner,
    contract: 'token',
    root: recordsRoot,
    outDir: join(process.cwd(), 'build'),
    network: 'test',
    args: new Args().addString('Mason Token').addString('MSN').addU8(9).addU64(1_000_000n).serialize(),
    coins: MAS / 10n,
  });
  token = deployed.address;
});

after(async () => {
  await client?.close();
  await devnet?.stop();
  rmSync(recordsRoot, { recursive: true, force: true });
});

test('the deployer owns the initial supply', async () => {
  assert.equal(new TextDecoder().decode(await read('symbol')), 'MSN');
  assert.equal(await balanceOf(owner), 1_000_000n);
});

test('transfer, approve and transferFrom move tokens on chain', async () => {
  assert.equal(await transfer(owner, alice, 300n), 'FinalSuccess');
  assert.equal(await balanceOf(alice), 300n);
  assert.equal(await approve(alice, owner, 100n), 'FinalSuccess');
  assert.equal(await transferFrom(owner, alice, owner, 60n), 'FinalSuccess');
  assert.equal(await balanceOf(alice), 240n);
  assert.equal(await transferFrom(owner, alice, owner, 41n), 'FinalError', 'only 40 of the allowance is left');
});

test('only the owner mints', async () => {
  assert.equal(await mint(alice, alice, 5n), 'FinalError');
  assert.equal(await mint(owner, alice, 5n), 'FinalSuccess');
  assert.equal(await balanceOf(alice), 245n);
  assert.equal(u64(await read('totalSupply')), 1_000_005n);
});
