// Integration test: the contract built, deployed and called on an in-process devnet, as on a
// real network (in instant mode: every operation is final as soon as it is sent).
// Run with `npm test` (after the unit tests) or `node --test test/`.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Args, MAS } from '@mason/codec';
import { devnetFixture } from '@mason/testing';

const text = (bytes) => new TextDecoder().decode(bytes);
let chain;
let hello;

before(async () => {
  chain = await devnetFixture(); // builds the project, starts the devnet
  hello = await chain.deploy('main', { args: new Args().addString('Mason'), coins: MAS / 10n });
});

after(() => chain?.close());

test('sum adds its operands and says so in an event', async () => {
  const result = await chain.call(hello, 'sum', new Args().addI32(2).addI32(3));
  assert.equal(result.status, 'FinalSuccess');
  assert.deepEqual(
    result.events.map((e) => e.data),
    ['Sum: 2 + 3 = 5'],
  );
});

test('sum returns the result as text (read-only)', async () => {
  assert.equal(text(await chain.read(hello, 'sum', new Args().addI32(40).addI32(2))), '42');
});

test('the constructor stored the name', async () => {
  assert.equal(text(await chain.read(hello, 'hello')), 'Hello, Mason!');
});
