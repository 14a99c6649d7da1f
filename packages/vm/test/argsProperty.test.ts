// Property tests: the TypeScript `Args` (@mason/codec) and the AssemblyScript `Args` (@mason/sdk)
// write the same bytes and read each other's bytes, for every ABI type, through the VM. A contract
// built with @mason/sdk reads a random value written by the codec, writes it back with `add<T>()`
// and appends its own text form of what it read; the codec must find its own bytes, the same text,
// and read the contract's bytes back to the value it started from.
import { Address, Args, ArrayType, MAS, type Serializable } from '@mason/codec';
import { compileContract } from '@mason/test-utils';
import fc from 'fast-check';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryLedger, Vm } from '../src/index.js';
import { CHAIN_ID, CONTEXT } from './helpers/fixtures.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 100;
const CONTRACT = Address.fromHash('contract', new Uint8Array(32).fill(0x33)).toString();

/** pnpm keeps as-bignum beside @massalabs/as-types, outside the folders asc searches. */
function asBignumRoot(): string {
  for (let dir = packageDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', '@massalabs', 'as-types');
    if (existsSync(candidate)) return resolve(realpathSync(candidate), '../..');
    if (dirname(dir) === dir) throw new Error('@massalabs/as-types is not installed');
  }
}

let vm: Vm;
beforeAll(async () => {
  const bytecode = await compileContract(join(packageDir, 'test', 'contracts', 'argsEcho.ts'), {
    asconfig: join(packageDir, 'node_modules', '@mason', 'sdk', 'asconfig.json'),
    baseDir: packageDir,
    paths: [asBignumRoot()],
  });
  vm = new Vm({ state: new MemoryLedger({ [CONTRACT]: { balance: MAS, bytecode } }), chainId: CHAIN_ID });
}, 120_000);

function echo(fn: string, param: Uint8Array): Uint8Array {
  const result = vm.readOnlyCall({ target: CONTRACT, function: fn, param, maxGas: 1_000_000_000n, context: CONTEXT });
  if (!result.ok) throw new Error(`${fn} failed: ${result.error?.nodeMessage}`);
  return result.returnValue;
}

// ---- text forms, as the contract writes them ----

const MASK64 = (1n << 64n) - 1n;
const limbs = (value: bigint, count: number, signedTop: boolean): string =>
  Array.from({ length: count }, (_, i) => {
    const limb = (value >> BigInt(64 * i)) & MASK64;
    return String(signedTop && i === count - 1 ? BigInt.asIntN(64, limb) : limb);
  }).join(',');
const units = (text: string) => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)).join('.');
const f32Bits = (value: number) => {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value, true);
  return String(view.getUint32(0, true));
};
const f64Bits = (value: number) => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value, true);
  return String(view.getBigUint64(0, true));
};

// ---- the nested Serializable, as the contract defines it ----

class Inner implements Serializable<Inner> {
  constructor(
    public flag = false,
    public amount = 0n,
    public label = '',
    public scores: bigint[] = [],
  ) {}
  serialize(): Uint8Array {
    return new Args().addBool(this.flag).addU256(this.amount).addString(this.label).addArray(this.scores, ArrayType.I16).serialize();
  }
  deserialize(data: Uint8Array, offset: number): { instance: Inner; offset: number } {
    const args = new Args(data, offset);
    this.flag = args.nextBool();
    this.amount = args.nextU256();
    this.label = args.nextString();
    this.scores = args.nextArray<bigint>(ArrayType.I16);
    return { instance: this, offset: args.offset };
  }
  describe(): string {
    return `{${this.flag};${limbs(this.amount, 4, false)};${units(this.label)};[${this.scores.join('|')}]}`;
  }
}

class Outer implements Serializable<Outer> {
  constructor(
    public id = 0n,
    public inner = new Inner(),
    public items: Inner[] = [],
    public data: Uint8Array = new Uint8Array(),
  ) {}
  serialize(): Uint8Array {
    return new Args().addU64(this.id).addSerializable(this.inner).addSerializableObjectArray(this.items).addUint8Array(this.data).serialize();
  }
  deserialize(data: Uint8Array, offset: number): { instance: Outer; offset: number } {
    const args = new Args(data, offset);
    this.id = args.nextU64();
    this.inner = args.nextSerializable(Inner);
    this.items = args.nextSerializableObjectArray(Inner);
    this.data = args.nextUint8Array();
    return { instance: this, offset: args.offset };
  }
  describe(): string {
    return `{${this.id};${this.inner.describe()};[${this.items.map((item) => item.describe()).join('|')}];${this.data.join('.')}}`;
  }
}

// ---- one case per ABI type ----

interface Case<T> {
  arbitrary: fc.Arbitrary<T>;
  write(args: Args, value: T): void;
  read(args: Args): T;
  describe(value: T): string;
}

const int = (bits: number, signed: boolean) =>
  fc.bigInt(signed ? { min: -(1n << BigInt(bits - 1)), max: (1n << BigInt(bits - 1)) - 1n } : { min: 0n, max: (1n << BigInt(bits)) - 1n });

type IntName = 'u8' | 'i8' | 'u16' | 'i16' | 'u32' | 'i32' | 'u64' | 'i64' | 'u128' | 'i128' | 'u256';
const INTS: Record<IntName, { bits: number; signed: boolean; array: ArrayType; text: (value: bigint) => string }> = {
  u8: { bits: 8, signed: false, array: ArrayType.U8, text: String },
  i8: { bits: 8, signed: true, array: ArrayType.I8, text: String },
  u16: { bits: 16, signed: false, array: ArrayType.U16, text: String },
  i16: { bits: 16, signed: true, array: ArrayType.I16, text: String },
  u32: { bits: 32, signed: false, array: ArrayType.U32, text: String },
  i32: { bits: 32, signed: true, array: ArrayType.I32, text: String },
  u64: { bits: 64, signed: false, array: ArrayType.U64, text: String },
  i64: { bits: 64, signed: true, array: ArrayType.I64, text: String },
  u128: { bits: 128, signed: false, array: ArrayType.U128, text: (value) => limbs(value, 2, false) },
  i128: { bits: 128, signed: true, array: ArrayType.I128, text: (value) => limbs(value, 2, true) },
  u256: { bits: 256, signed: false, array: ArrayType.U256, text: (value) => limbs(value, 4, false) },
};

const method = (prefix: 'add' | 'next', name: string) => `${prefix}${name.toUpperCase()}` as const;

const f32 = fc.float();
const f64 = fc.double();
const text = fc.string({ unit: 'binary', maxLength: 16 });
const bytes = fc.uint8Array({ maxLength: 24 });
const inner = fc
  .record({ flag: fc.boolean(), amount: int(256, false), label: text, scores: fc.array(int(16, true), { maxLength: 4 }) })
  .map((v) => new Inner(v.flag, v.amount, v.label, v.scores));
const outer = fc
  .record({ id: int(64, false), inner, items: fc.array(inner, { maxLength: 3 }), data: bytes })
  .map((v) => new Outer(v.id, v.inner, v.items, v.data));

/** One case of the table, whatever its value type. */
const entry = <T>(c: Case<T>) => c as unknown as Case<unknown>;

const arrayCase = <T extends string | boolean | number | bigint>(element: fc.Arbitrary<T>, type: ArrayType, text: (value: T) => string): Case<unknown> =>
  entry<T[]>({
    arbitrary: fc.array(element, { maxLength: 8 }),
    write: (args, values) => args.addArray(values, type),
    read: (args) => args.nextArray<T>(type),
    describe: (values) => `[${values.map(text).join('|')}]`,
  });

const cases: Record<string, Case<unknown>> = {
  bool: entry({ arbitrary: fc.boolean(), write: (a, v: boolean) => a.addBool(v), read: (a) => a.nextBool(), describe: String }),
  f32: entry({ arbitrary: f32, write: (a, v: number) => a.addF32(v), read: (a) => a.nextF32(), describe: f32Bits }),
  f64: entry({ arbitrary: f64, write: (a, v: number) => a.addF64(v), read: (a) => a.nextF64(), describe: f64Bits }),
  string: entry({ arbitrary: text, write: (a, v: string) => a.addString(v), read: (a) => a.nextString(), describe: units }),
  bytes: entry({
    arbitrary: bytes,
    write: (a, v: Uint8Array) => a.addUint8Array(v),
    read: (a) => a.nextUint8Array(),
    describe: (v: Uint8Array) => v.join('.'),
  }),
  bool_array: arrayCase(fc.boolean(), ArrayType.BOOL, String),
  f32_array: arrayCase(f32, ArrayType.F32, f32Bits),
  f64_array: arrayCase(f64, ArrayType.F64, f64Bits),
  string_array: arrayCase(text, ArrayType.STRING, units),
  struct: entry({
    arbitrary: outer,
    write: (a, v: Outer) => a.addSerializable(v),
    read: (a) => a.nextSerializable(Outer),
    describe: (v: Outer) => v.describe(),
  }),
  struct_array: entry({
    arbitrary: fc.array(outer, { maxLength: 3 }),
    write: (a, v: Outer[]) => a.addSerializableObjectArray(v),
    read: (a) => a.nextSerializableObjectArray(Outer),
    describe: (v: Outer[]) => `[${v.map((item) => item.describe()).join('|')}]`,
  }),
};
for (const [name, spec] of Object.entries(INTS)) {
  cases[name] = entry({
    arbitrary: int(spec.bits, spec.signed),
    write: (a, v: bigint) => (a[method('add', name) as 'addU8'] as (value: bigint) => Args)(v),
    read: (a) => (a[method('next', name) as 'nextU8'] as () => bigint)(),
    describe: spec.text,
  });
  cases[`${name}_array`] = arrayCase(int(spec.bits, spec.signed), spec.array, spec.text);
}

/** Values compared the way the bytes are: floats by their bits (NaN equals NaN, 0 differs from -0). */
const comparable = (value: unknown): unknown =>
  typeof value === 'number' ? f64Bits(value) : Array.isArray(value) ? value.map(comparable) : value instanceof Uint8Array ? Array.from(value) : value;

describe('TS Args and AS Args agree byte for byte, through the VM', () => {
  it.each(Object.keys(cases).sort())('%s', (name) => {
    const spec = cases[name] as Case<unknown>;
    fc.assert(
      fc.property(spec.arbitrary, (value) => {
        const args = new Args();
        spec.write(args, value);
        const written = args.serialize();
        const returned = echo(`echo_${name}`, written);
        // The contract's bytes: the value exactly as the codec wrote it, then the contract's reading of it.
        expect(Buffer.from(returned).toString('hex')).toBe(Buffer.from(new Args(written.slice()).addString(spec.describe(value)).serialize()).toString('hex'));
        const back = new Args(returned);
        expect(comparable(spec.read(back))).toEqual(comparable(value));
        expect(back.nextString()).toBe(spec.describe(value));
        expect(back.remaining).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });
});
