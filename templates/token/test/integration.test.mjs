// Integration test: the token built, deployed and used on an in-process devnet (in instant mode:
// every operation is final as soon as it is sent).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Args, MAS } from '@mason/codec';
import { devnetFixture } from '@mason/testing';

let chain;
let owner;
let alice;
let token;

const u64 = (bytes) => new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(0, true);
const addressOf = (account) => account.address.toString();

const balanceOf = async (account) =>
  u64(await chain.read(token, 'balanceOf', new Args().addString(addressOf(account))));

/** Calls the token as `account`, waits for finality and returns the status (FinalSuccess or FinalError). */
async function send(account, func, args) {
  return (await chain.call(token, func, args, { from: account, maxGas: 100_000_000n })).status;
}

const transfer = (from, to, amount) => send(from, 'transfer', new Args().addString(addressOf(to)).addU64(amount));
const approve = (from, spender, amount) =>
  send(from, 'approve', new Args().addString(addressOf(spender)).addU64(amount));
const transferFrom = (spender, from, to, amount) =>
  send(spender, 'transferFrom', new Args().addString(addressOf(from)).addString(addressOf(to)).addU64(amount));
const mint = (by, to, amount) => send(by, 'mint', new Args().addString(addressOf(to)).addU64(amount));

before(async () => {
  chain = await devnetFixture(); // builds the project, starts the devnet
  [owner, alice] = chain.accounts;
  const args = new Args().addString('Mason Token').addString('MSN').addU8(9).addU64(1_000_000n);
  token = await chain.deploy('token', { args, coins: MAS / 10n, from: owner });
});

after(() => chain?.close());

test('the deployer owns the initial supply', async () => {
  assert.equal(new TextDecoder().decode(await chain.read(token, 'symbol')), 'MSN');
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
  assert.equal(u64(await chain.read(token, 'totalSupply')), 1_000_005n);
});
