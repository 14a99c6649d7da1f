// Integration test: the token built, deployed and used on an in-process devnet.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Account, callSC, createClient, readOnlyCall } from '@mason/client';
import { Args, MAS } from '@mason/codec';
import { build } from '@mason/compiler';
import { deployFromBuild } from '@mason/deployer';
import { startDevnet } from '@mason/devnet';

let devnet;
let client;
let owner;
let alice;
let token;

const u64 = (bytes) => new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(0, true);
const balanceOf = async (address) =>
  u64((await readOnlyCall(client, { target: token, func: 'balanceOf', parameter: new Args().addString(address).serialize() })).value);

async function send(account, func, args) {
  const operation = await callSC(client, account, { target: token, func, parameter: args.serialize(), maxGas: 100_000_000n });
  return operation.waitFinal({ timeoutMs: 10_000 });
}

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
    root: process.cwd(),
    network: 'test',
    args: new Args().addString('Mason Token').addString('MSN').addU8(9).addU64(1_000_000n).serialize(),
    coins: MAS / 10n,
  });
  token = deployed.address;
});

after(async () => {
  await client?.close();
  await devnet?.stop();
});

test('the deployer owns the initial supply', async () => {
  assert.equal(new TextDecoder().decode((await readOnlyCall(client, { target: token, func: 'symbol' })).value), 'MSN');
  assert.equal(await balanceOf(owner.address.toString()), 1_000_000n);
});

test('transfer, approve and transferFrom move tokens on chain', async () => {
  assert.equal((await send(owner, 'transfer', new Args().addString(alice.address.toString()).addU64(300n))).status, 'FinalSuccess');
  assert.equal(await balanceOf(alice.address.toString()), 300n);
  assert.equal((await send(alice, 'approve', new Args().addString(owner.address.toString()).addU64(100n))).status, 'FinalSuccess');
  assert.equal((await send(owner, 'transferFrom', new Args().addString(alice.address.toString()).addString(owner.address.toString()).addU64(60n))).status, 'FinalSuccess');
  assert.equal(await balanceOf(alice.address.toString()), 240n);
  const refused = await send(owner, 'transferFrom', new Args().addString(alice.address.toString()).addString(owner.address.toString()).addU64(41n));
  assert.equal(refused.status, 'FinalError');
});

test('only the owner mints', async () => {
  assert.equal((await send(alice, 'mint', new Args().addString(alice.address.toString()).addU64(5n))).status, 'FinalError');
  assert.equal((await send(owner, 'mint', new Args().addString(alice.address.toString()).addU64(5n))).status, 'FinalSuccess');
  assert.equal(await balanceOf(alice.address.toString()), 245n);
  assert.equal(u64((await readOnlyCall(client, { target: token, func: 'totalSupply' })).value), 1_000_005n);
});
