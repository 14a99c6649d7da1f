// Args byte layout (reference §14): the AS SDK's bytes equal massa-web3's, as-types' and the
// reference's, for every type; reading web3's bytes back gives the same values.
import { Args as Web3Args, ArrayTypes, type DeserializedResult, type Serializable } from '@massalabs/massa-web3';
import { beforeAll, describe, expect, it } from 'vitest';
import { AsModule, ContractAbort } from './support/asModule.js';
import { asTypesPackagesDir, compileContract } from './support/compile.js';
import { massaViolations } from './support/massaRules.js';
import { readWasmModule } from './support/wasmModule.js';

class Point implements Serializable<Point> {
  constructor(
    public x = 0,
    public y = 0,
    public label = '',
  ) {}

  serialize(): Uint8Array {
    return new Web3Args().addI32(BigInt(this.x)).addI32(BigInt(this.y)).addString(this.label).serialize();
  }

  deserialize(data: Uint8Array, offset: number): DeserializedResult<Point> {
    const args = new Web3Args(data, offset);
    this.x = Number(args.nextI32());
    this.y = Number(args.nextI32());
    this.label = args.nextString();
    return { instance: this, offset: args.getOffset() };
  }
}

const U128 = 0x1112131415161718_0102030405060708n;
const U256 = (0xffffffffffffffffn << 192n) | (3n << 128n) | (2n << 64n) | 1n;
const POINTS = [new Point(1, -2, 'a'), new Point(300, 4, 'héllo')];
const DEPLOYED = 'AS12BqZEQ6sByhRLyEuf0YbQmcF2PsDdkNNG1akBJu9XcjZA1eT';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const web3 = () => new Web3Args();

interface Case {
  web3: () => Web3Args;
  /** Expected bytes written out from the §14 layout, where short enough to read. */
  hex?: string;
}

const cases: Record<string, Case> = {
  bool: { web3: () => web3().addBool(true).addBool(false), hex: '0100' },
  u8: { web3: () => web3().addU8(255n).addU8(7n), hex: 'ff07' },
  i8: { web3: () => web3().addI8(-2n), hex: 'fe' },
  u16: { web3: () => web3().addU16(0x1234n), hex: '3412' },
  i16: { web3: () => web3().addI16(-2n), hex: 'feff' },
  u32: { web3: () => web3().addU32(0xdeadbeefn), hex: 'efbeadde' },
  i32: { web3: () => web3().addI32(-1n).addI32(5n), hex: 'ffffffff05000000' },
  u64: {
    web3: () =>
      web3()
        .addU64(2n ** 64n - 1n)
        .addU64(1_500_000_000n),
    hex: 'ffffffffffffffff002f685900000000',
  },
  i64: {
    web3: () =>
      web3()
        .addI64(-2n)
        .addI64(-(2n ** 63n)),
    hex: 'feffffffffffffff0000000000000080',
  },
  f32: { web3: () => web3().addF32(1.5), hex: '0000c03f' },
  f64: { web3: () => web3().addF64(-0.1), hex: '9a9999999999b9bf' },
  u128: { web3: () => web3().addU128(U128), hex: '08070605040302011817161514131211' },
  i128: { web3: () => web3().addI128(-2n), hex: 'feffffffffffffffffffffffffffffff' },
  u256: { web3: () => web3().addU256(U256) },
  string: { web3: () => web3().addString('héllo ✓ 😀').addString('') },
  bytes: { web3: () => web3().addUint8Array(Uint8Array.of(1, 2, 3)), hex: '03000000010203' },
  uint8array: { web3: () => web3().addUint8Array(Uint8Array.of(1, 2, 3)), hex: '03000000010203' },
  array_bool: { web3: () => web3().addArray([true, false, true], ArrayTypes.BOOL), hex: '03000000010001' },
  array_u8: { web3: () => web3().addArray([0n, 1n, 255n], ArrayTypes.U8), hex: '030000000001ff' },
  array_i8: { web3: () => web3().addArray([-1n, 2n], ArrayTypes.I8), hex: '02000000ff02' },
  array_u16: { web3: () => web3().addArray([1n, 65535n], ArrayTypes.U16), hex: '040000000100ffff' },
  array_i16: { web3: () => web3().addArray([-1n, 300n], ArrayTypes.I16), hex: '04000000ffff2c01' },
  array_u32: { web3: () => web3().addArray([1n, 0xffffffffn], ArrayTypes.U32), hex: '0800000001000000ffffffff' },
  array_i32: { web3: () => web3().addArray([-1n, 2n, 3n], ArrayTypes.I32), hex: '0c000000ffffffff0200000003000000' },
  array_u64: { web3: () => web3().addArray([1n, 2n ** 64n - 1n], ArrayTypes.U64) },
  array_i64: { web3: () => web3().addArray([-1n, 2n], ArrayTypes.I64) },
  array_f32: { web3: () => web3().addArray([1.5, -2], ArrayTypes.F32), hex: '080000000000c03f000000c0' },
  array_f64: { web3: () => web3().addArray([0.1, -2.5], ArrayTypes.F64) },
  array_u128: { web3: () => web3().addArray([U128, 1n], ArrayTypes.U128) },
  array_i128: { web3: () => web3().addArray([-2n, 1n], ArrayTypes.I128) },
  array_u256: { web3: () => web3().addArray([U256], ArrayTypes.U256) },
  array_string: {
    web3: () => web3().addArray(['a', 'bé', ''], ArrayTypes.STRING),
    hex: '10000000' + '0100000061' + '0300000062c3a9' + '00000000',
  },
  serializable: { web3: () => web3().addSerializable(POINTS[1]!) },
  array_serializable: { web3: () => web3().addSerializableObjectArray(POINTS) },
  address: { web3: () => web3().addString(DEPLOYED) },
  array_address: { web3: () => web3().addArray([DEPLOYED, 'AU1x'], ArrayTypes.STRING) },
};

let contract: AsModule;
let wasm: Uint8Array;

beforeAll(async () => {
  wasm = await compileContract('args', { paths: [asTypesPackagesDir()] });
  contract = await AsModule.instantiate(wasm);
});

describe('the Args probe contract', () => {
  it('compiles with the Massa-safe options and imports nothing but env.abort', () => {
    expect(massaViolations(wasm)).toEqual([]);
    expect(readWasmModule(wasm).functionImports.map((i) => `${i.module}.${i.name}`)).toEqual(['env.abort']);
  });
});

describe.each(Object.entries(cases))('%s', (name, spec) => {
  const expected = () => spec.web3().serialize();

  it('add<T>() writes the bytes massa-web3 writes', () => {
    expect(hex(contract.call(`enc_${name}`))).toBe(hex(expected()));
  });

  if (spec.hex) {
    it('matches the reference layout', () => {
      expect(hex(expected())).toBe(spec.hex);
      expect(hex(contract.call(`enc_${name}`))).toBe(spec.hex);
    });
  }

  it('the typed adder writes the same bytes', () => {
    expect(hex(contract.call(`typed_${name}`))).toBe(hex(expected()));
  });

  it("next<T>() reads massa-web3's bytes back", () => {
    expect(hex(contract.call(`dec_${name}`, expected()))).toBe(hex(expected()));
  });
});

describe('interoperability', () => {
  it('a mixed sequence is byte-identical to @massalabs/as-types', () => {
    expect(hex(contract.call('masonMixed'))).toBe(hex(contract.call('asTypesMixed')));
  });

  it('Array<Address> is the deployer payload massa-web3 parses', () => {
    const bytes = contract.call('enc_array_address');
    expect(new Web3Args(bytes).nextArray(ArrayTypes.STRING)).toEqual([DEPLOYED, 'AU1x']);
  });

  it('massa-web3 reads Serializable arrays written by the contract', () => {
    const points = new Web3Args(contract.call('enc_array_serializable')).nextSerializableObjectArray(Point);
    expect(points).toEqual(POINTS);
  });
});

describe('errors', () => {
  const errors = (input: number[]) => contract.callForString('readErrors', Uint8Array.from(input)).split('\n');
  const outOfRange = (type: string) => `can't deserialize ${type} from given argument: out of range`;

  it('name the type and say out of range on empty input', () => {
    expect(errors([])).toEqual([
      outOfRange('bool'),
      outOfRange('u8'),
      outOfRange('i8'),
      outOfRange('u16'),
      outOfRange('i16'),
      outOfRange('u32'),
      outOfRange('i32'),
      outOfRange('u64'),
      outOfRange('i64'),
      outOfRange('f32'),
      outOfRange('f64'),
      outOfRange('u128'),
      outOfRange('i128'),
      outOfRange('u256'),
      outOfRange('u128'),
      outOfRange('u256'),
      outOfRange('string'),
      outOfRange('StaticArray<u8>'),
      outOfRange('Uint8Array'),
      outOfRange('Array<u64>'),
      outOfRange('Array<string>'),
      outOfRange('Array<Point>'),
      "can't deserialize Point from given argument: bad Point",
    ]);
  });

  it('reject a length prefix that runs past the end', () => {
    const result = errors([5, 0, 0, 0, 1, 2]);
    expect(result.slice(0, 7)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    expect(result.slice(16, 21)).toEqual([
      outOfRange('string'),
      outOfRange('StaticArray<u8>'),
      outOfRange('Uint8Array'),
      outOfRange('Array<u64>'),
      outOfRange('Array<string>'),
    ]);
  });

  it('reject a native array whose byte length is not a multiple of the element size', () => {
    expect(errors([7, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7])[19]).toBe("can't deserialize Array<u64> from given argument: byte length 7 is not a multiple of 8");
  });

  it('leave the offset where it was', () => {
    const out = new Web3Args(contract.call('readAfterFailure', Uint8Array.of(0xfe, 0xff, 0xff, 0xff, 9)));
    expect(out.nextI32()).toBe(-2n);
    expect(out.nextU8()).toBe(9n);
    expect(out.nextI32()).toBe(5n);
  });

  it('mustNext aborts with the field name and the reason', () => {
    expect(() => contract.call('mustNextAmount', Uint8Array.of(1, 2))).toThrow(ContractAbort);
    expect(() => contract.call('mustNextAmount', Uint8Array.of(1, 2))).toThrow(
      /^error: Can't deserialize amount: can't deserialize u64 from given argument: out of range at assembly\/Result\.ts:\d+ col: \d+$/,
    );
    expect(hex(contract.call('mustNextAmount', new Web3Args().addU64(5n).serialize()))).toBe('0500000000000000');
  });

  it('unwrap aborts with the reason; unwrapOr and unwrapOrDefault do not', () => {
    expect(() => contract.call('unwrapU64')).toThrow(/^error: can't deserialize u64 from given argument: out of range at /);
    const out = new Web3Args(contract.call('unwrapOrs'));
    expect(out.nextU64()).toBe(7n);
    expect(out.nextString()).toBe('');
  });

  it('a wide integer given as bytes must have its exact size', () => {
    expect(() => contract.call('wrongWideLength')).toThrow(/Args: a u128 takes 16 bytes, got 15/);
  });

  it('a lone surrogate cannot be written as UTF-8', () => {
    expect(() => contract.call('lonelySurrogate')).toThrow(/Unpaired surrogate/);
  });
});

describe('byte helpers', () => {
  it('agree with Args and as-bignum', () => {
    expect(hex(contract.call('helpers'))).toBe('01');
  });

  it('encode base64 like Buffer does and decode it back', () => {
    for (let length = 0; length < 8; length++) {
      const input = Uint8Array.from({ length }, (_, i) => (i * 97 + 251) & 0xff);
      expect(contract.callForString('base64', input)).toBe(Buffer.from(input).toString('base64'));
      expect(hex(contract.call('base64RoundTrip', input))).toBe(hex(input));
    }
    expect(() => contract.call('unbase64', new TextEncoder().encode('ab$='))).toThrow(/invalid character at 2/);
    expect(() => contract.call('unbase64', new TextEncoder().encode('abc'))).toThrow(/not a multiple of 4/);
  });

  it('parse and check MAS amounts', () => {
    const parse = (text: string) => Buffer.from(contract.call('parseMasOf', new TextEncoder().encode(text))).readBigUInt64LE();
    expect(parse('1.5')).toBe(1_500_000_000n);
    expect(parse('18446744073.709551615')).toBe(2n ** 64n - 1n);
    for (const bad of ['', '.5', '1.', '1.0000000001', '-1', '1e9', '18446744073.709551616']) {
      expect(() => parse(bad), bad).toThrow(/parseMas/);
    }
    const overflow = Buffer.alloc(8);
    overflow.writeBigUInt64LE(18_446_744_074n);
    expect(() => contract.call('toNanoMasOf', overflow)).toThrow(/toNanoMas: 18446744074 MAS overflows u64 nanoMAS/);
  });

  it('bytesToU64 refuses short input with a clear message', () => {
    expect(() => contract.call('bytesToU64Of', Uint8Array.of(1, 2))).toThrow(/can't convert bytes to u64: need 8 bytes, got 2/);
  });
});
