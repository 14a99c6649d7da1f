import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  Address,
  PublicKey,
  SecretKey,
  Signature,
  deserializeOperationContent,
  fromHex,
  operationSigningPreimage,
  serializeOperationContent,
  signOperation,
  toHex,
  toSendOperationInput,
  verifyOperationInput,
  blake3,
  utf8ForTest,
} from './helpers.js';

// A vendored copy of the design's spec/massa-test-vectors.json: tests read nothing outside the repo.
const vectors = JSON.parse(readFileSync(new URL('./fixtures/massa-test-vectors.json', import.meta.url), 'utf8'));

describe('spec/massa-test-vectors.json', () => {
  for (const role of ['sender', 'recipient'] as const) {
    const k = vectors.keys[role];
    it(`derives the ${role} key, public key, address and thread from its seed`, () => {
      const sk = SecretKey.fromSeed(fromHex(k.seedHex));
      expect(sk.reveal()).toBe(k.secret);
      expect(toHex(sk.publicKey.bytes)).toBe(k.publicKeyBytesHex);
      expect(sk.publicKey.toString()).toBe(k.publicKey);
      const address = sk.publicKey.address();
      expect(toHex(address.hash)).toBe(k.addressHashHex);
      expect(address.toString()).toBe(k.address);
      expect(toHex(address.toBytes())).toBe(k.addressBytesHex);
      expect(address.thread()).toBe(k.thread32);
      expect(SecretKey.fromString(k.secret).publicKey.toString()).toBe(k.publicKey);
      expect(Address.fromBytes(fromHex(k.addressBytesHex)).toString()).toBe(k.address);
    });
  }

  const tx = vectors.transaction;
  const content = {
    fee: BigInt(tx.fee_nanoMAS),
    expirePeriod: tx.expire_period,
    op: { type: 'Transaction' as const, recipient: tx.recipient, amount: BigInt(tx.amount_nanoMAS) },
  };

  it('serializes the Transaction exactly', () => {
    expect(toHex(serializeOperationContent(content))).toBe(tx.serializedContentHex);
    expect(deserializeOperationContent(fromHex(tx.serializedContentHex))).toEqual(content);
  });

  for (const chain of vectors.perChain) {
    it(`signs for chain ${chain.chainId}: preimage, hash, id, signature, send_operations params`, () => {
      const sk = SecretKey.fromString(vectors.keys.sender.secret);
      const chainId = BigInt(chain.chainId);
      const preimage = operationSigningPreimage(chainId, sk.publicKey, serializeOperationContent(content));
      expect(toHex(preimage)).toBe(chain.hashedPreimageHex);
      const signed = signOperation(content, sk, chainId);
      expect(toHex(signed.hash)).toBe(chain.operationHashHex);
      expect(signed.id).toBe(chain.operationId);
      expect(signed.signature.toString()).toBe(chain.signature);
      expect([[toSendOperationInput(signed)]]).toEqual(chain.sendOperationsParams);
      expect(verifyOperationInput(chain.sendOperationsParams[0][0], chainId).id).toBe(chain.operationId);
    });
  }

  it('reproduces the CallSC, ExecuteSC and RollBuy content samples', () => {
    const samples = vectors.otherContentSamples;
    const base = { fee: 10_000_000n, expirePeriod: 1000 };
    const callSC = {
      ...base,
      op: { type: 'CallSC' as const, maxGas: 2_100_000n, coins: 0n, target: vectors.keys.recipient.address, func: 'hello', param: Uint8Array.of(1, 2, 3) },
    };
    const executeSC = {
      ...base,
      op: {
        type: 'ExecuteSC' as const,
        maxGas: 3_000_000n,
        maxCoins: 5n,
        bytecode: fromHex('0061736d'),
        datastore: [[Uint8Array.of(0), Uint8Array.of(1)]] as Array<[Uint8Array, Uint8Array]>,
      },
    };
    const rollBuy = { ...base, op: { type: 'RollBuy' as const, rollCount: 2n } };
    expect(toHex(serializeOperationContent(callSC))).toBe(samples.callSC_hex);
    expect(toHex(serializeOperationContent(executeSC))).toBe(samples.executeSC_hex);
    expect(toHex(serializeOperationContent(rollBuy))).toBe(samples.rollBuy_hex);
    expect(deserializeOperationContent(fromHex(samples.callSC_hex))).toEqual(callSC);
    expect(deserializeOperationContent(fromHex(samples.executeSC_hex))).toEqual(executeSC);
    expect(deserializeOperationContent(fromHex(samples.rollBuy_hex))).toEqual(rollBuy);
  });
});

describe('massa-web3 unit-test vectors (reference §19)', () => {
  it('key.spec.ts: secret key → address', () => {
    expect(SecretKey.fromString('S1eK3SEXGDAWN6pZhdr4Q7WJv6UHss55EB14hPy4XqBpiktfPu6').publicKey.address().toString()).toBe(
      'AU12Set6aygzt1k7ZkDwrkStYovVBzeGs8VgaZogy11s7fQzaytv3',
    );
  });

  it('account.spec.ts: secret key → public key → address', () => {
    const sk = SecretKey.fromString('S12jWf59Yzf2LimL89soMnAP2VEBDBpfCbZLoEFo36CxEL3j92rZ');
    expect(sk.publicKey.toString()).toBe('P126AtzfcSJwdi6xsAmXbzXhhwVhS9d1hRjFNT4PfrDogt3nAihj');
    expect(sk.publicKey.address().toString()).toBe('AU126tkwrhXn9gEG5JPtrNy8NNLbVMwywokgLKshSYyzP8qusqXZL');
  });

  it('sign-message.spec.ts: signs blake3 of the message', () => {
    const sk = SecretKey.fromString('S12XuWmm5jULpJGXBnkeBsuiNmsGi2F4rMiTvriCzENxBR4Ev7vd');
    const signature = sk.sign(utf8ForTest('Test message'));
    expect(signature.toString()).toBe('1TXucC8nai7BYpAnMPYrotVcKCZ5oxkfWHb2ykKj2tXmaGMDL1XTU5AbC6Z13RH3q59F8QtbzKq4gzBphGPWpiDonownxE');
    expect(sk.publicKey.verify(utf8ForTest('Test message'), signature)).toBe(true);
    expect(sk.publicKey.verify(utf8ForTest('Test messagf'), signature)).toBe(false);
    expect(sk.publicKey.verifyHash(blake3(utf8ForTest('Test message')), Signature.fromString(signature.toString()))).toBe(true);
  });

  it('address.spec.ts: binary form', () => {
    const bytes = Address.fromString('AU1tY57YPhHyCTDhJP4gdNqHeqzRd37TDB4VB8MUJFFaQPrq57do').toBytes();
    expect(bytes.length).toBe(34);
    expect([...bytes.subarray(0, 5)]).toEqual([0, 0, 117, 4, 163]);
    expect([...bytes.subarray(32)]).toEqual([63, 104]);
    const sc = Address.fromHash('contract', bytes.subarray(2));
    expect(sc.toString().startsWith('AS')).toBe(true);
    expect(sc.toBytes()[0]).toBe(1);
  });

  const recipient = 'AU1wN8rn4SkwYSTDF3dHFY4U28KtsqKL1NnEjDZhHnHEy6cEQm53';
  const transfer = { fee: 1n, expirePeriod: 2, op: { type: 'Transaction' as const, recipient, amount: 3n } };

  it('operationManager.spec.ts: transfer, roll sell and ExecuteSC bytes', () => {
    const hash = Address.fromString(recipient).hash;
    expect([...serializeOperationContent(transfer)]).toEqual([1, 2, 0, 0, 0, ...hash, 3]);
    expect([...serializeOperationContent({ fee: 1n, expirePeriod: 2, op: { type: 'RollSell', rollCount: 3n } })]).toEqual([1, 2, 2, 3]);
    const bytes = Uint8Array.of(1, 2, 3, 4);
    const exec = serializeOperationContent({
      fee: 1n,
      expirePeriod: 2,
      op: { type: 'ExecuteSC', maxGas: 3n, maxCoins: 4n, bytecode: bytes, datastore: [[bytes, bytes]] },
    });
    expect([...exec]).toEqual([1, 2, 3, 3, 4, 4, 1, 2, 3, 4, 1, 4, 1, 2, 3, 4, 4, 1, 2, 3, 4]);
  });

  it('canonicalize with chain id 1 starts with the big-endian chain id and the versioned key', () => {
    const sk = SecretKey.fromString('S12jWf59Yzf2LimL89soMnAP2VEBDBpfCbZLoEFo36CxEL3j92rZ');
    const preimage = operationSigningPreimage(1n, sk.publicKey, serializeOperationContent(transfer));
    expect([...preimage.subarray(0, 9)]).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 0]);
    expect(PublicKey.fromBytes(preimage.subarray(8, 41)).toString()).toBe(sk.publicKey.toString());
  });
});
