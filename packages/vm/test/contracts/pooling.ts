// Changes every kind of instance state (globals, data segment, heap, memory size), to check that
// each execution starts from the state of a fresh instance.
import { Args } from '@massalabs/as-types';
import { Context, call } from '@massalabs/massa-as-sdk';

let counter: i32 = 0;
let wide: i64 = 7;
let ratio: f64 = 0.5;
const table: StaticArray<u32> = [1, 2, 3, 4];
const cells = new Array<i32>(0);

/** What the call sees when it starts: globals, memory size, where its parameter is, a hash of all memory. */
function observe(param: StaticArray<u8>): Args {
  let hash: u64 = 0xcbf29ce484222325;
  const end = (<usize>memory.size()) << 16;
  for (let p: usize = 0; p < end; p += 8) hash = (hash ^ load<u64>(p)) * 0x100000001b3;
  return new Args()
    .add(counter)
    .add(wide)
    .add(ratio)
    .add(u32(memory.size()))
    .add(u32(changetype<usize>(param)))
    .add(u32(cells.length))
    .add(hash);
}

function scribble(): void {
  counter += 1;
  wide *= 3;
  ratio += 1.25;
  table[0] = 99;
  cells.push(5);
  const junk = new StaticArray<u8>(3000);
  junk[2999] = 1;
}

export function look(param: StaticArray<u8>): StaticArray<u8> {
  return observe(param).serialize();
}

export function mutate(param: StaticArray<u8>): StaticArray<u8> {
  const seen = observe(param).serialize();
  scribble();
  return seen;
}

export function grow(param: StaticArray<u8>): StaticArray<u8> {
  const seen = observe(param).serialize();
  scribble();
  const page = memory.grow(2);
  store<u8>((<usize>page) << 16, 7);
  return seen;
}

export function trap(_: StaticArray<u8>): void {
  scribble();
  unreachable();
}

export function fail(_: StaticArray<u8>): void {
  scribble();
  assert(false, 'failed on purpose');
}

export function burn(_: StaticArray<u8>): void {
  scribble();
  while (counter != 0) counter++;
}

/** Changes its own state, calls `mutate` on itself (a nested instance of the same module), reports both. */
export function reenter(param: StaticArray<u8>): StaticArray<u8> {
  counter += 100;
  table[3] = 42;
  const inner = call(Context.callee(), 'mutate', new Args(param), 0);
  return new Args().add(inner).add(counter).add(wide).add(table[0]).add(table[3]).serialize();
}
