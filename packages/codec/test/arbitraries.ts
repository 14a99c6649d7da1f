import fc from 'fast-check';
import { Address, type Datastore, type OperationContent } from '../src/index.js';

const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
export const arbitrarySeed = fc.uint8Array({ minLength: 32, maxLength: 32 });
const hash32 = fc.uint8Array({ minLength: 32, maxLength: 32 });
export const arbitraryAddress = fc
  .tuple(fc.constantFrom('user' as const, 'contract' as const), hash32)
  .map(([kind, hash]) => Address.fromHash(kind, hash).toString());
const asciiName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,40}$/);

/** Datastores with unique keys in byte order (the canonical form every client writes). */
const datastore: fc.Arbitrary<Datastore> = fc
  .uniqueArray(fc.uint8Array({ maxLength: 12 }), { maxLength: 6, selector: (k) => Buffer.from(k).toString('hex') })
  .chain((keys) =>
    fc.tuple(fc.constant(keys.sort(Buffer.compare)), fc.array(fc.uint8Array({ maxLength: 20 }), { minLength: keys.length, maxLength: keys.length })),
  )
  .map(([keys, values]) => keys.map((k, i) => [k, values[i]!] as [Uint8Array, Uint8Array]));

export const arbitraryContent: fc.Arbitrary<OperationContent> = fc.record({
  fee: u64,
  expirePeriod: fc.integer({ min: 0, max: 2 ** 40 }),
  op: fc.oneof(
    fc.record({ type: fc.constant('Transaction' as const), recipient: arbitraryAddress, amount: u64 }),
    fc.record({ type: fc.constant('RollBuy' as const), rollCount: u64 }),
    fc.record({ type: fc.constant('RollSell' as const), rollCount: u64 }),
    fc.record({ type: fc.constant('ExecuteSC' as const), maxGas: u64, maxCoins: u64, bytecode: fc.uint8Array({ maxLength: 64 }), datastore }),
    fc.record({
      type: fc.constant('CallSC' as const),
      maxGas: u64,
      coins: u64,
      target: arbitraryAddress,
      func: asciiName,
      param: fc.uint8Array({ maxLength: 64 }),
    }),
  ),
});
