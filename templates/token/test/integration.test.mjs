// Integration test: the token built, deployed and used on an in-process devnet (in instant mode:
// every operation is final as soon as it is sent), through its bindings: src/contracts/token.js,
// which `mason build` writes from the contract's ABI ("mason": { "codegen" } in package.json).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { MAS } from '@mason/codec';
import { devnetFixture } from '@mason/testing';
import { deploy } from '../src/contracts/token.js';

let chain;
let owner;
let alice;
let token;

const built = (file) => new Uint8Array(readFileSync(new URL(`../build/${file}`, import.meta.url)));
const addressOf = (account) => account.address.toString();

before(async () => {
  chain = await devnetFixture(); // builds the project, starts the devnet
  [owner, alice] = chain.accounts;
  const bytecode = { deployer: built('token.deployer.wasm'), wasm: built('token.wasm') };
  token = await deploy(chain.client, owner, bytecode, 'Mason Token', 'MSN', 9, 1_000_000n, { coins: MAS / 10n });
});

after(() => chain?.close());

test('the deployer owns the initial supply', async () => {
  assert.equal(await token.symbol(), 'MSN');
  assert.equal(await token.decimals(), 9);
  assert.equal(await token.owner(), addressOf(owner));
  assert.equal(await token.balanceOf(addressOf(owner)), 1_000_000n);
});

test('transfer, approve and transferFrom move tokens on chain', async () => {
  const sent = await token.transfer(addressOf(alice), 300n, { wait: 'final' });
  assert.equal(await sent.status(), 'FinalSuccess');
  assert.deepEqual(token.decodeEvents(await sent.events({ final: true })), [
    { event: 'TRANSFER', from: addressOf(owner), to: addressOf(alice), amount: 300n },
  ]);
  assert.equal(await token.balanceOf(addressOf(alice)), 300n);

  await token.approve(addressOf(owner), 100n, { account: alice, wait: 'final' });
  assert.equal(await token.allowance(addressOf(alice), addressOf(owner)), 100n);
  await token.transferFrom(addressOf(alice), addressOf(owner), 60n, { wait: 'final' });
  assert.equal(await token.balanceOf(addressOf(alice)), 240n);

  // Only 40 of the allowance is left. With maxGas given, no gas estimate refuses the call first: it fails on chain.
  const over = await token.transferFrom(addressOf(alice), addressOf(owner), 41n, {
    maxGas: 100_000_000n,
    wait: 'final',
  });
  assert.equal(await over.status(), 'FinalError');
});

test('only the owner mints', async () => {
  // Without maxGas, the client's gas estimate runs the call first and refuses one that would fail.
  await assert.rejects(token.mint(addressOf(alice), 5n, { account: alice }), /only the owner can mint/);
  await token.mint(addressOf(alice), 5n, { wait: 'final' });
  assert.equal(await token.balanceOf(addressOf(alice)), 245n);
  assert.equal(await token.totalSupply(), 1_000_005n);
});
