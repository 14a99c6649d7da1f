// Args property-test probe, built with @mason/sdk: each `echo_<type>` reads one value with
// `next<T>()`, checks nothing is left, and returns `add<T>(value)` followed by a text form of the
// value computed here (integers in decimal, floats as their bits, strings as UTF-16 code units,
// wide integers as their 64-bit limbs). The bytes prove the SDK writes what the TypeScript codec
// writes; the text proves the SDK read the value the codec meant, so one bug cannot hide behind
// its mirror image in the reader and the writer.
import { i128, u128, u256 } from 'as-bignum/assembly';
import { Args, Result, Serializable } from '@mason/sdk';

function units(text: string): string {
  const parts = new Array<string>();
  for (let i = 0; i < text.length; i++) parts.push(text.charCodeAt(i).toString());
  return parts.join('.');
}

function describe<T>(value: T): string {
  if (isBoolean<T>()) return value ? 'true' : 'false';
  if (isInteger<T>()) {
    // @ts-ignore: AssemblyScript generic checked at compile time
    return value.toString();
  }
  if (isFloat<T>()) {
    if (sizeof<T>() == 4) return reinterpret<u32>(<f32>value).toString();
    return reinterpret<u64>(<f64>value).toString();
  }
  if (isString<T>()) return units(changetype<string>(value));
  if (idof<T>() == idof<StaticArray<u8>>()) {
    const bytes = changetype<StaticArray<u8>>(value);
    const parts = new Array<string>();
    for (let i = 0; i < bytes.length; i++) parts.push(bytes[i].toString());
    return parts.join('.');
  }
  if (isArray<T>()) {
    // @ts-ignore: AssemblyScript generic checked at compile time
    return describeArray<valueof<T>>(changetype<Array<valueof<T>>>(value));
  }
  if (value instanceof u128) {
    const wide = changetype<u128>(value);
    return wide.lo.toString() + ',' + wide.hi.toString();
  }
  if (value instanceof i128) {
    const wide = changetype<i128>(value);
    return wide.lo.toString() + ',' + wide.hi.toString();
  }
  if (value instanceof u256) {
    const wide = changetype<u256>(value);
    return wide.lo1.toString() + ',' + wide.lo2.toString() + ',' + wide.hi1.toString() + ',' + wide.hi2.toString();
  }
  // @ts-ignore: AssemblyScript generic checked at compile time
  return value.describe();
}

function describeArray<T>(values: Array<T>): string {
  const parts = new Array<string>();
  for (let i = 0; i < values.length; i++) parts.push(describe<T>(values[i]));
  return '[' + parts.join('|') + ']';
}

class Inner implements Serializable {
  constructor(
    public flag: bool = false,
    public amount: u256 = u256.Zero,
    public label: string = '',
    public scores: i16[] = [],
  ) {}

  serialize(): StaticArray<u8> {
    return new Args().add(this.flag).add(this.amount).add(this.label).add(this.scores).serialize();
  }

  deserialize(data: StaticArray<u8>, offset: i32): Result<i32> {
    const args = new Args(data, offset);
    const flag = args.next<bool>();
    const amount = args.next<u256>();
    const label = args.next<string>();
    const scores = args.next<i16[]>();
    if (flag.isErr() || amount.isErr() || label.isErr() || scores.isErr()) return new Result<i32>(offset, 'bad Inner');
    this.flag = flag.unwrap();
    this.amount = amount.unwrap();
    this.label = label.unwrap();
    this.scores = scores.unwrap();
    return new Result<i32>(args.offset);
  }

  describe(): string {
    return '{' + describe(this.flag) + ';' + describe(this.amount) + ';' + describe(this.label) + ';' + describe(this.scores) + '}';
  }
}

class Outer implements Serializable {
  constructor(
    public id: u64 = 0,
    public inner: Inner = new Inner(),
    public items: Inner[] = [],
    public data: StaticArray<u8> = [],
  ) {}

  serialize(): StaticArray<u8> {
    return new Args().add(this.id).add(this.inner).add(this.items).add(this.data).serialize();
  }

  deserialize(data: StaticArray<u8>, offset: i32): Result<i32> {
    const args = new Args(data, offset);
    const id = args.next<u64>();
    const inner = args.next<Inner>();
    const items = args.next<Inner[]>();
    const bytes = args.next<StaticArray<u8>>();
    if (id.isErr() || inner.isErr() || items.isErr() || bytes.isErr()) return new Result<i32>(offset, 'bad Outer');
    this.id = id.unwrap();
    this.inner = inner.unwrap();
    this.items = items.unwrap();
    this.data = bytes.unwrap();
    return new Result<i32>(args.offset);
  }

  describe(): string {
    return '{' + describe(this.id) + ';' + this.inner.describe() + ';' + describe(this.items) + ';' + describe(this.data) + '}';
  }
}

function echo<T>(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const value = args.next<T>().expect('value');
  assert(args.remaining == 0, 'bytes left after the value: ' + args.remaining.toString());
  return new Args().add<T>(value).add(describe<T>(value)).serialize();
}

export function echo_bool(a: StaticArray<u8>): StaticArray<u8> { return echo<bool>(a); }
export function echo_u8(a: StaticArray<u8>): StaticArray<u8> { return echo<u8>(a); }
export function echo_i8(a: StaticArray<u8>): StaticArray<u8> { return echo<i8>(a); }
export function echo_u16(a: StaticArray<u8>): StaticArray<u8> { return echo<u16>(a); }
export function echo_i16(a: StaticArray<u8>): StaticArray<u8> { return echo<i16>(a); }
export function echo_u32(a: StaticArray<u8>): StaticArray<u8> { return echo<u32>(a); }
export function echo_i32(a: StaticArray<u8>): StaticArray<u8> { return echo<i32>(a); }
export function echo_u64(a: StaticArray<u8>): StaticArray<u8> { return echo<u64>(a); }
export function echo_i64(a: StaticArray<u8>): StaticArray<u8> { return echo<i64>(a); }
export function echo_u128(a: StaticArray<u8>): StaticArray<u8> { return echo<u128>(a); }
export function echo_i128(a: StaticArray<u8>): StaticArray<u8> { return echo<i128>(a); }
export function echo_u256(a: StaticArray<u8>): StaticArray<u8> { return echo<u256>(a); }
export function echo_f32(a: StaticArray<u8>): StaticArray<u8> { return echo<f32>(a); }
export function echo_f64(a: StaticArray<u8>): StaticArray<u8> { return echo<f64>(a); }
export function echo_string(a: StaticArray<u8>): StaticArray<u8> { return echo<string>(a); }
export function echo_bytes(a: StaticArray<u8>): StaticArray<u8> { return echo<StaticArray<u8>>(a); }
export function echo_bool_array(a: StaticArray<u8>): StaticArray<u8> { return echo<bool[]>(a); }
export function echo_u8_array(a: StaticArray<u8>): StaticArray<u8> { return echo<u8[]>(a); }
export function echo_i8_array(a: StaticArray<u8>): StaticArray<u8> { return echo<i8[]>(a); }
export function echo_u16_array(a: StaticArray<u8>): StaticArray<u8> { return echo<u16[]>(a); }
export function echo_i16_array(a: StaticArray<u8>): StaticArray<u8> { return echo<i16[]>(a); }
export function echo_u32_array(a: StaticArray<u8>): StaticArray<u8> { return echo<u32[]>(a); }
export function echo_i32_array(a: StaticArray<u8>): StaticArray<u8> { return echo<i32[]>(a); }
export function echo_u64_array(a: StaticArray<u8>): StaticArray<u8> { return echo<u64[]>(a); }
export function echo_i64_array(a: StaticArray<u8>): StaticArray<u8> { return echo<i64[]>(a); }
export function echo_u128_array(a: StaticArray<u8>): StaticArray<u8> { return echo<u128[]>(a); }
export function echo_i128_array(a: StaticArray<u8>): StaticArray<u8> { return echo<i128[]>(a); }
export function echo_u256_array(a: StaticArray<u8>): StaticArray<u8> { return echo<u256[]>(a); }
export function echo_f32_array(a: StaticArray<u8>): StaticArray<u8> { return echo<f32[]>(a); }
export function echo_f64_array(a: StaticArray<u8>): StaticArray<u8> { return echo<f64[]>(a); }
export function echo_string_array(a: StaticArray<u8>): StaticArray<u8> { return echo<string[]>(a); }
export function echo_struct(a: StaticArray<u8>): StaticArray<u8> { return echo<Outer>(a); }
export function echo_struct_array(a: StaticArray<u8>): StaticArray<u8> { return echo<Outer[]>(a); }
