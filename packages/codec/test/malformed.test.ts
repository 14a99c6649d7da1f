import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Address,
  Args,
  ArrayType,
  CodecError,
  PublicKey,
  SecretKey,
  Signature,
  decodeBase58check,
  decodeOperationId,
  decodeVarint,
  deserializeOperationContent,
  encodeBase58check,
  encodeVarint,
  fromHex,
  parseMas,
  formatMas,
  serializeOperationContent,
  signOperation,
  toSendOperationInput,
  verifyOperationInput,
  type CodecErrorCode,
} from '../src/index.js';
import { arbitraryContent } from './arbitraries.js';

function codeOf(fn: () => unknown): CodecErrorCode | 'no error' {
  try {
    fn();
    return 'no error';
  } catch (error) {
    if (error instanceof CodecError) return error.code;
    throw error;
  }
}

const ADDRESS = 'AU1291A7JsTAmhX7o46QVWbBCntSnHrk6hhANk9UxpFZ2ckucgkJQ';
const TX_HEX = '80ade204e807000000167b03f70cc369dad23de1155ae9b8cb68af5c6198b7095879ee8764d26844cb8094ebdc03';

describe('malformed input gives a typed error, never a wrong value', () => {
  it('varints: truncated, oversize, non-minimal, over the declared width', () => {
    expect(codeOf(() => decodeVarint(Uint8Array.of(0x80)))).toBe('MASON_CODEC_VARINT_TRUNCATED');
    expect(codeOf(() => decodeVarint(Uint8Array.of()))).toBe('MASON_CODEC_VARINT_TRUNCATED');
    expect(codeOf(() => decodeVarint(new Uint8Array(11).fill(0xff)))).toBe('MASON_CODEC_VARINT_OVERFLOW');
    expect(codeOf(() => decodeVarint(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02)))).toBe('MASON_CODEC_VARINT_OVERFLOW');
    expect(decodeVarint(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01)).value).toBe((1n << 64n) - 1n);
    expect(codeOf(() => decodeVarint(Uint8Array.of(0x81, 0x00)))).toBe('MASON_CODEC_VARINT_NOT_MINIMAL');
    expect(codeOf(() => decodeVarint(encodeVarint(70_000), 0, 16))).toBe('MASON_CODEC_VARINT_OVERFLOW');
    expect(codeOf(() => encodeVarint(-1))).toBe('MASON_CODEC_VALUE_OUT_OF_RANGE');
    expect(codeOf(() => encodeVarint(1n << 64n))).toBe('MASON_CODEC_VALUE_OUT_OF_RANGE');
    expect(codeOf(() => encodeVarint(1.5))).toBe('MASON_CODEC_VALUE_OUT_OF_RANGE');
  });

  it('amounts: negatives, too many decimals, overflow, bad syntax', () => {
    expect(codeOf(() => parseMas('-1'))).toBe('MASON_CODEC_AMOUNT_NEGATIVE');
    expect(codeOf(() => parseMas('0.0000000001'))).toBe('MASON_CODEC_AMOUNT_TOO_MANY_DECIMALS');
    expect(codeOf(() => parseMas('18446744073.709551616'))).toBe('MASON_CODEC_AMOUNT_OVERFLOW');
    expect(parseMas('18446744073.709551615')).toBe((1n << 64n) - 1n);
    for (const bad of ['', '.', '1.', '.5', '1e9', '0x10', '1,5', 'abc', '1.2.3', '+1', ' 1 2']) {
      expect(
        codeOf(() => parseMas(bad)),
        bad,
      ).toBe('MASON_CODEC_AMOUNT_SYNTAX');
    }
    expect(parseMas('1.500')).toBe(1_500_000_000n);
    expect(formatMas(10_000_000n)).toBe('0.01');
    expect(formatMas(400_010_000n)).toBe('0.40001');
    expect(formatMas(100n * 1_000_000_000n)).toBe('100');
    expect(formatMas(0n)).toBe('0');
    expect(codeOf(() => formatMas(-1n))).toBe('MASON_CODEC_AMOUNT_NEGATIVE');
  });

  it('base58check: bad alphabet, bad checksum', () => {
    expect(codeOf(() => decodeBase58check('0OIl'))).toBe('MASON_CODEC_BASE58_INVALID');
    const good = encodeBase58check(Uint8Array.of(0, 1, 2, 3));
    const flipped = good.slice(0, -1) + (good.endsWith('2') ? '3' : '2');
    expect(codeOf(() => decodeBase58check(flipped))).toBe('MASON_CODEC_CHECKSUM_MISMATCH');
    expect(codeOf(() => decodeBase58check('1'))).toBe('MASON_CODEC_CHECKSUM_MISMATCH');
  });

  it('keys, addresses and ids: wrong prefix, wrong length, bad version, bad checksum', () => {
    expect(codeOf(() => Address.fromString('AX' + ADDRESS.slice(2)))).toBe('MASON_CODEC_PREFIX_INVALID');
    expect(codeOf(() => Address.fromString(ADDRESS.slice(0, -1) + (ADDRESS.endsWith('Q') ? 'R' : 'Q')))).toBe('MASON_CODEC_CHECKSUM_MISMATCH');
    expect(codeOf(() => Address.fromString('AU' + encodeBase58check(new Uint8Array(20))))).toBe('MASON_CODEC_LENGTH_INVALID');
    expect(codeOf(() => Address.fromString('AU' + encodeBase58check(Uint8Array.of(1, ...new Uint8Array(32)))))).toBe('MASON_CODEC_VERSION_UNSUPPORTED');
    expect(codeOf(() => Address.fromBytes(new Uint8Array(33)))).toBe('MASON_CODEC_LENGTH_INVALID');
    expect(codeOf(() => Address.fromBytes(Uint8Array.of(2, 0, ...new Uint8Array(32))))).toBe('MASON_CODEC_ADDRESS_TYPE_UNKNOWN');
    expect(codeOf(() => SecretKey.fromString('P1241gerYcVAvfk7Vc6gFuqBje5CfVJxT1fgzkym5cq2qthgoo1C'))).toBe('MASON_CODEC_PREFIX_INVALID');
    expect(codeOf(() => PublicKey.fromString('S1SeLqn3UAUoRymWmwW7axrzJK7JfNaBR2cHCryA6cFsgARhLa'))).toBe('MASON_CODEC_PREFIX_INVALID');
    expect(codeOf(() => SecretKey.fromSeed(new Uint8Array(31)))).toBe('MASON_CODEC_LENGTH_INVALID');
    expect(codeOf(() => decodeOperationId('B' + 'x'))).toBe('MASON_CODEC_PREFIX_INVALID');
    expect(codeOf(() => Signature.fromBytes(new Uint8Array(63)))).toBe('MASON_CODEC_LENGTH_INVALID');
  });

  it('operations: truncated at every byte, trailing bytes, unknown type, over-limit fields', () => {
    const bytes = fromHex(TX_HEX);
    for (let cut = 0; cut < bytes.length; cut++) {
      expect(codeOf(() => deserializeOperationContent(bytes.subarray(0, cut)))).toMatch(/TRUNCATED/);
    }
    expect(codeOf(() => deserializeOperationContent(Uint8Array.of(...bytes, 0)))).toBe('MASON_CODEC_TRAILING_BYTES');
    expect(codeOf(() => deserializeOperationContent(Uint8Array.of(1, 2, 9)))).toBe('MASON_CODEC_OPERATION_TYPE_UNKNOWN');
    const longName = serializeOperationContent({
      fee: 0n,
      expirePeriod: 0,
      op: { type: 'CallSC', maxGas: 0n, coins: 0n, target: ADDRESS, func: 'f', param: new Uint8Array() },
    });
    const funcAt = longName.length - 3; // varint(len) 'f' varint(0)
    longName[funcAt] = 0x7f;
    expect(codeOf(() => deserializeOperationContent(longName))).toBe('MASON_CODEC_TRUNCATED');
    expect(
      codeOf(() =>
        serializeOperationContent({
          fee: 0n,
          expirePeriod: 0,
          op: { type: 'CallSC', maxGas: 0n, coins: 0n, target: ADDRESS, func: 'x'.repeat(256), param: new Uint8Array() },
        }),
      ),
    ).toBe('MASON_CODEC_LIMIT_EXCEEDED');
    const bigDatastore = Uint8Array.of(0, 0, 3, 0, 0, 0, 0xff, 0x01);
    expect(codeOf(() => deserializeOperationContent(bigDatastore))).toBe('MASON_CODEC_LIMIT_EXCEEDED');
  });

  it('random garbage never decodes to a value that re-encodes differently', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), (garbage) => {
        let decoded: ReturnType<typeof deserializeOperationContent>;
        try {
          decoded = deserializeOperationContent(garbage);
        } catch (error) {
          expect(error).toBeInstanceOf(CodecError);
          return;
        }
        // Whatever decodes must be the canonical bytes (datastores excepted: order is free on the wire).
        if (decoded.op.type !== 'ExecuteSC') expect(serializeOperationContent(decoded)).toEqual(garbage);
      }),
      { numRuns: 2000 },
    );
  });

  it('signatures: a flipped byte, another chain id or another key fails verification', () => {
    fc.assert(
      fc.property(arbitraryContent, (content) => {
        const sk = SecretKey.fromSeed(new Uint8Array(32).fill(7));
        const input = toSendOperationInput(signOperation(content, sk, 77n));
        expect(codeOf(() => verifyOperationInput(input, 77658377n))).toBe('MASON_CODEC_SIGNATURE_INVALID');
        const other = SecretKey.fromSeed(new Uint8Array(32).fill(8)).publicKey.toString();
        expect(codeOf(() => verifyOperationInput({ ...input, creator_public_key: other }, 77n))).toBe('MASON_CODEC_SIGNATURE_INVALID');
      }),
      { numRuns: 20 },
    );
  });

  it('keys keep their own copy of the bytes, also when given a Buffer (whose slice() is a view)', () => {
    const seed = Buffer.alloc(32, 7);
    const raw = Buffer.from(SecretKey.fromSeed(new Uint8Array(32).fill(7)).publicKey.raw);
    const key = SecretKey.fromSeed(seed);
    const publicKey = PublicKey.fromRaw(raw);
    const [text, publicText] = [key.reveal(), publicKey.toString()];
    seed.fill(0);
    raw.fill(0);
    expect(key.reveal()).toBe(text);
    expect(publicKey.toString()).toBe(publicText);
  });

  it('Args: reading past the end and out-of-range writes', () => {
    expect(codeOf(() => new Args(Uint8Array.of(1, 2)).nextU32())).toBe('MASON_CODEC_ARGS_OUT_OF_RANGE');
    expect(codeOf(() => new Args(Uint8Array.of(5, 0, 0, 0, 65)).nextString())).toBe('MASON_CODEC_ARGS_OUT_OF_RANGE');
    expect(codeOf(() => new Args(Uint8Array.of(2, 0, 0, 0, 0xc3, 0x28)).nextString())).toBe('MASON_CODEC_UTF8_INVALID');
    expect(codeOf(() => new Args(Uint8Array.of(3, 0, 0, 0, 1, 2, 3)).nextArray(ArrayType.U16))).toBe('MASON_CODEC_ARGS_OUT_OF_RANGE');
    expect(codeOf(() => new Args().addU8(256))).toBe('MASON_CODEC_VALUE_OUT_OF_RANGE');
    expect(codeOf(() => new Args().addI32(2 ** 31))).toBe('MASON_CODEC_VALUE_OUT_OF_RANGE');
    expect(codeOf(() => new Args().addU64(-1))).toBe('MASON_CODEC_VALUE_OUT_OF_RANGE');
    expect(codeOf(() => new Args().addU32(1.5))).toBe('MASON_CODEC_VALUE_OUT_OF_RANGE');
  });

  it('errors carry a stable code, context and a docs anchor', () => {
    try {
      parseMas('1.0000000001');
    } catch (error) {
      expect(error).toBeInstanceOf(CodecError);
      const e = error as CodecError;
      expect(e.code).toBe('MASON_CODEC_AMOUNT_TOO_MANY_DECIMALS');
      expect(e.message).toContain('more than 9 decimals');
      expect(e.context).toEqual({ text: '1.0000000001' });
      expect(e.docs).toBe('https://github.com/mason-dev/mason/blob/main/docs/codec.md#mason_codec_amount_too_many_decimals');
    }
  });
});

describe('secret keys are never printed', () => {
  it('redacts toString, JSON and util.inspect', async () => {
    const sk = SecretKey.fromSeed(new Uint8Array(32).fill(1));
    const secret = sk.reveal();
    const { inspect } = await import('node:util');
    expect(String(sk)).not.toContain(secret);
    expect(`${sk}`).toBe('SecretKey(<redacted>)');
    expect(JSON.stringify({ sk })).not.toContain(secret);
    expect(inspect(sk)).not.toContain(secret);
    expect(inspect({ nested: { sk } }, { depth: 5 })).not.toContain(secret);
  });
});
