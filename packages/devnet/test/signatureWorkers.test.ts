import {
  decodeOperationInput,
  parseMas,
  PublicKey,
  SecretKey,
  Signature,
  signOperation,
  toSendOperationInput,
  verifyOperationInput,
  type SendOperationInput,
} from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { PARALLEL_SIGNATURE_CHECK_MIN } from '../src/pool/Mempool.js';
import { preverifyOperations } from '../src/pool/preverifyOperations.js';
import { SIGNATURE_RECORD_BYTES, SignatureWorkers } from '../src/pool/SignatureWorkers.js';
import { sodiumEd25519, sodiumNativePath } from '../src/pool/sodiumEd25519.js';
import { call, rpc, startTestDevnet } from './helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet({ accounts: 4 });
});
afterAll(() => devnet.stop());

let amount = 1n;

/** `count` signed transfers from the devnet's accounts (distinct amounts, so distinct ids). */
async function transfers(count: number, fee = parseMas('0.01')): Promise<Array<SendOperationInput & { id: string }>> {
  const status = await call(devnet.urls.public, 'get_status');
  const to = SecretKey.generate().publicKey.address().toString();
  return Array.from({ length: count }, (_, i) => {
    const key = devnet.accounts[i % devnet.accounts.length]!.secretKey;
    const signed = signOperation({ fee, expirePeriod: status.last_slot.period + 9, op: { type: 'Transaction', recipient: to, amount: amount++ } }, key, 77n);
    return { ...toSendOperationInput(signed), id: signed.id };
  });
}

/** The same operation with its signature replaced by another valid-looking one. */
function forged(input: SendOperationInput, other: SendOperationInput): SendOperationInput {
  return { ...input, signature: other.signature };
}

async function errorOf(inputs: SendOperationInput[]): Promise<{ code: number; message: string } | undefined> {
  return (
    await rpc(devnet.urls.public, 'send_operations', [
      inputs.map(({ serialized_content, creator_public_key, signature }) => ({ serialized_content, creator_public_key, signature })),
    ])
  ).error;
}

async function known(ids: string[]): Promise<number> {
  return (await call<unknown[]>(devnet.urls.public, 'get_operations', [ids])).length;
}

describe('signature checks on worker threads', () => {
  const large = PARALLEL_SIGNATURE_CHECK_MIN * 2 + 5;

  it('admits a large call with the ids in input order', async () => {
    const inputs = await transfers(large);
    const ids = await call<string[]>(devnet.urls.public, 'send_operations', [inputs]);
    expect(ids).toEqual(inputs.map((input) => input.id));
    expect(await known(ids)).toBe(large);
  });

  it('rejects a large call with one forged signature as it rejects that operation alone, pooling nothing', async () => {
    const inputs = await transfers(large);
    // one in the share of the worker threads (the first ones), one in the main thread's
    for (const at of [3, large - 3]) {
      const bad = forged(inputs[at]!, inputs[0]!);
      const alone = await errorOf([bad]);
      expect(alone?.code).toBe(-32013);
      expect(await errorOf([...inputs.slice(0, at), bad, ...inputs.slice(at + 1)])).toEqual(alone);
    }
    expect(await known(inputs.map((input) => input.id))).toBe(0);
  });

  it('reports the first bad input in order, whatever the kind of fault', async () => {
    const inputs = await transfers(large);
    const [cheap] = await transfers(1, 1n);
    const lowFee = await errorOf([cheap!]);
    expect(lowFee?.message).toContain('fee is too low');
    const bad = forged(inputs[20]!, inputs[1]!);
    expect(await errorOf([...inputs.slice(0, 5), cheap!, ...inputs.slice(6, 20), bad, ...inputs.slice(21)])).toEqual(lowFee);
    expect(await errorOf([...inputs.slice(0, 5), bad, ...inputs.slice(6, 20), cheap!, ...inputs.slice(21)])).toEqual(await errorOf([bad]));
  });

  it.each([
    ['undecodable content', { serialized_content: [1, 2] }],
    ['a signature that is not base58', { signature: '0OIl' }],
    ['a public key that is not one', { creator_public_key: 'P1' }],
  ])('rejects a large call with %s as the node does', async (_, change) => {
    const inputs = await transfers(large);
    const broken = { ...inputs[17]!, ...change };
    const alone = await errorOf([broken]);
    expect(alone?.code).toBe(-32013);
    expect(await errorOf([...inputs.slice(0, 17), broken, ...inputs.slice(18)])).toEqual(alone);
  });

  it('admits calls in arrival order, a small one after a large one sent before it', async () => {
    const [first, second] = [await transfers(large), await transfers(1)];
    const sender = devnet.accounts[0]!.address;
    const before = nodeOf(devnet).createdOperations.get(sender)?.length ?? 0;
    const order: string[] = [];
    await Promise.all([
      nodeOf(devnet)
        .submitOperations(first)
        .then(() => order.push('large')),
      nodeOf(devnet)
        .submitOperations(second)
        .then(() => order.push('small')),
    ]);
    expect(order).toEqual(['large', 'small']);
    const created = nodeOf(devnet).createdOperations.get(sender)!.slice(before);
    expect(created.at(-1)).toBe(second[0]!.id);
    expect(created.slice(0, -1)).toEqual(first.filter((_, i) => i % devnet.accounts.length === 0).map((input) => input.id));
  });
});

describe('SignatureWorkers', () => {
  const records = async (count: number) => {
    const inputs = await transfers(count);
    const packed = new Uint8Array(count * SIGNATURE_RECORD_BYTES);
    inputs.forEach((input, i) => {
      const signed = decodeOperationInput(input, 77n);
      packed.set(signed.publicKey.raw, i * SIGNATURE_RECORD_BYTES);
      packed.set(signed.hash, i * SIGNATURE_RECORD_BYTES + 32);
      packed.set(signed.signature.bytes, i * SIGNATURE_RECORD_BYTES + 64);
    });
    return packed;
  };

  it('tells valid signatures from a flipped bit, a wrong hash and a key that is not a curve point', async () => {
    const workers = new SignatureWorkers(1);
    try {
      const packed = await records(4);
      packed[1 * SIGNATURE_RECORD_BYTES + 64 + 10]! ^= 1; // signature bit
      packed[2 * SIGNATURE_RECORD_BYTES + 32]! ^= 1; // hash bit
      packed.fill(0xff, 3 * SIGNATURE_RECORD_BYTES, 3 * SIGNATURE_RECORD_BYTES + 32); // public key
      expect(await workers.check(packed, 4)).toEqual([true, false, false, false]);
    } finally {
      await workers.close();
    }
  });

  it('answers "not verified" for a check cut short, and starts again on the next one', async () => {
    const workers = new SignatureWorkers(2);
    const pending = workers.check(await records(3), 3);
    await workers.close();
    expect(await pending).toEqual([false, false, false]);
    expect(await workers.check(await records(2), 2)).toEqual([true, true]);
    await workers.close();
  });

  it('answers "not verified" when the records do not match their count', async () => {
    const workers = new SignatureWorkers(1);
    try {
      expect(await workers.check(new Uint8Array(10), 1)).toEqual([false]);
      expect(await workers.check(await records(2), 3)).toEqual([false, false, false]);
      expect(await workers.check(await records(1), 1)).toEqual([true]);
    } finally {
      await workers.close();
    }
  });

  it('starts every worker when warmed, before any check, and ends them on close', async () => {
    const workers = new SignatureWorkers(2);
    try {
      expect(workers.running).toBe(0);
      workers.warm();
      expect(workers.running).toBe(2);
      expect(await workers.check(await records(2), 2)).toEqual([true, true]);
      expect(workers.running).toBe(2);
    } finally {
      await workers.close();
    }
    expect(workers.running).toBe(0);
  });

  it('takes every check of a large call once running, and shares them with the main thread while starting', async () => {
    const inputs = await transfers(64);
    for (const warm of [false, true]) {
      const workers = new SignatureWorkers(1);
      const sent: number[] = [];
      const check = workers.check.bind(workers);
      workers.check = (packed, count) => {
        sent.push(count);
        return check(packed, count);
      };
      try {
        if (warm) workers.warm();
        const verified = await preverifyOperations(inputs, 77n, workers);
        expect(inputs.every((input) => verified.has(input))).toBe(true);
        if (warm) expect(sent).toEqual([64]);
        else expect(sent[0]).toBeLessThan(64);
      } finally {
        await workers.close();
      }
    }
  });

  it('without workers, leaves every check to the caller', async () => {
    expect(await new SignatureWorkers(0).check(await records(2), 2)).toEqual([false, false]);
  });
});

/**
 * The identity point as a public key (small order): with R = the base point and S = 1, the
 * equation holds for any message. libsodium refuses such a key; OpenSSL accepts the signature.
 */
const SMALL_ORDER_KEY = Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? 1 : 0));
const ANY_MESSAGE_SIGNATURE = Uint8Array.from({ length: 64 }, (_, i) => (i === 0 ? 0x58 : i < 32 ? 0x66 : i === 32 ? 1 : 0));

/** A transfer whose creator is the small-order key, signed by the signature above. */
async function smallOrderInput(): Promise<SendOperationInput> {
  const [genuine] = await transfers(1);
  return {
    serialized_content: genuine!.serialized_content,
    creator_public_key: PublicKey.fromRaw(SMALL_ORDER_KEY).toString(),
    signature: Signature.fromBytes(ANY_MESSAGE_SIGNATURE).toString(),
  };
}

/** The codec's verdict on an input: what the node decides when no faster check accepts it. */
function codecAccepts(input: SendOperationInput): boolean {
  try {
    verifyOperationInput(input, 77n);
    return true;
  } catch {
    return false;
  }
}

describe('libsodium checks (sodium-native)', () => {
  it('is installed and loads here, so the bench measures it', () => {
    expect(sodiumNativePath()).toBeDefined();
    expect(sodiumEd25519()).toBeTypeOf('function');
  });

  it('accepts a genuine signature and refuses a flipped bit', async () => {
    const [input] = await transfers(1);
    const signed = decodeOperationInput(input!, 77n);
    const check = sodiumEd25519()!;
    expect(check(signed.signature.bytes, signed.hash, signed.publicKey.raw)).toBe(true);
    const flipped = signed.signature.bytes.slice();
    flipped[5]! ^= 1;
    expect(check(flipped, signed.hash, signed.publicKey.raw)).toBe(false);
    expect(check(new Uint8Array(3), signed.hash, signed.publicKey.raw)).toBe(false);
  });

  it('refuses a small-order key, whose signatures then get the codec verdict on every path', async () => {
    const input = await smallOrderInput();
    const signed = decodeOperationInput(input, 77n);
    expect(sodiumEd25519()!(signed.signature.bytes, signed.hash, signed.publicKey.raw)).toBe(false);
    const verdict = codecAccepts(input);
    const [genuine] = await transfers(1);
    // with no worker, the main thread checks both; with one, the worker checks the first
    for (const workers of [new SignatureWorkers(0), new SignatureWorkers(1)]) {
      try {
        const verified = await preverifyOperations([input, genuine!], 77n, workers);
        expect([verified.has(input), verified.has(genuine!)]).toEqual([verdict, true]);
      } finally {
        await workers.close();
      }
    }
  });
});
