import fc from 'fast-check';
import {
  Address as W3Address,
  Args as W3Args,
  ArrayTypes as W3ArrayTypes,
  OperationManager,
  OperationType,
  PrivateKey as W3PrivateKey,
  PublicKey as W3PublicKey,
} from '@massalabs/massa-web3';
import { describe, expect, it } from 'vitest';
import { Args, ArrayType, SecretKey, serializeOperationContent, signOperation, toHex, type OperationContent } from '../src/index.js';
import { arbitraryContent, arbitrarySeed } from './arbitraries.js';

// massa-web3 is the reference client: on random keys and random operations both must produce
// the same bytes, the same ids and the same signatures.

function toWeb3(content: OperationContent) {
  const base = { fee: content.fee, expirePeriod: content.expirePeriod };
  const op = content.op;
  switch (op.type) {
    case 'Transaction':
      return { ...base, type: OperationType.Transaction, amount: op.amount, recipientAddress: W3Address.fromString(op.recipient) } as const;
    case 'RollBuy':
      return { ...base, type: OperationType.RollBuy, amount: op.rollCount } as const;
    case 'RollSell':
      return { ...base, type: OperationType.RollSell, amount: op.rollCount } as const;
    case 'ExecuteSC':
      return {
        ...base,
        type: OperationType.ExecuteSmartContractBytecode,
        maxGas: op.maxGas,
        maxCoins: op.maxCoins,
        contractDataBinary: op.bytecode,
        datastore: new Map(op.datastore),
      } as const;
    case 'CallSC':
      return {
        ...base,
        type: OperationType.CallSmartContractFunction,
        maxGas: op.maxGas,
        coins: op.coins,
        address: op.target,
        func: op.func,
        parameter: op.param,
      } as const;
  }
}

describe('cross-check with @massalabs/massa-web3 5.3', () => {
  it('derives the same keys and addresses from random seeds', async () => {
    await fc.assert(
      fc.asyncProperty(arbitrarySeed, async (seed) => {
        const ours = SecretKey.fromSeed(seed);
        const theirs = W3PrivateKey.fromString(ours.reveal());
        const theirPublic = await W3PublicKey.fromPrivateKey(theirs);
        expect(ours.publicKey.toString()).toBe(theirPublic.toString());
        expect(ours.publicKey.address().toString()).toBe(theirPublic.getAddress().toString());
        expect(toHex(ours.publicKey.address().toBytes())).toBe(toHex(theirPublic.getAddress().toBytes()));
      }),
      { numRuns: 30 },
    );
  });

  it('serializes, hashes and signs random operations identically', async () => {
    await fc.assert(
      fc.asyncProperty(arbitrarySeed, arbitraryContent, fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), async (seed, content, chainId) => {
        const sk = SecretKey.fromSeed(seed);
        const w3Op = toWeb3(content);
        expect(toHex(serializeOperationContent(content))).toBe(toHex(OperationManager.serialize(w3Op)));
        const manager = new OperationManager(W3PrivateKey.fromString(sk.reveal()));
        const theirSignature = await manager.sign(chainId, w3Op);
        const ours = signOperation(content, sk, chainId);
        expect(ours.signature.toString()).toBe(theirSignature.toString());
      }),
      { numRuns: 60 },
    );
  });

  it('writes Args byte-identically for every type', () => {
    fc.assert(
      fc.property(
        fc.record({
          b: fc.boolean(),
          u8: fc.integer({ min: 0, max: 255 }),
          i32: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
          u64: fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
          i64: fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
          u128: fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }),
          u256: fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }),
          f64: fc.double({ noNaN: true }),
          s: fc.string({ unit: 'grapheme' }),
          bytes: fc.uint8Array({ maxLength: 40 }),
          strings: fc.array(fc.string(), { maxLength: 5 }),
          u32s: fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { maxLength: 6 }),
        }),
        (v) => {
          const ours = new Args()
            .addBool(v.b)
            .addU8(v.u8)
            .addI32(v.i32)
            .addU64(v.u64)
            .addI64(v.i64)
            .addU128(v.u128)
            .addU256(v.u256)
            .addF64(v.f64)
            .addString(v.s)
            .addUint8Array(v.bytes)
            .addArray(v.strings, ArrayType.STRING)
            .addArray(v.u32s, ArrayType.U32)
            .serialize();
          const theirs = new W3Args()
            .addBool(v.b)
            .addU8(BigInt(v.u8))
            .addI32(BigInt(v.i32))
            .addU64(v.u64)
            .addI64(v.i64)
            .addU128(v.u128)
            .addU256(v.u256)
            .addF64(v.f64)
            .addString(v.s)
            .addUint8Array(v.bytes)
            .addArray(v.strings, W3ArrayTypes.STRING)
            .addArray(v.u32s.map(BigInt), W3ArrayTypes.U32)
            .serialize();
          expect(toHex(ours)).toBe(toHex(theirs));
        },
      ),
      { numRuns: 100 },
    );
  });
});
