import * as env from './env';

/** An event recorded by the VM, with the context a node reports (`SCOutputEvent`). */
export class Event {
  constructor(
    readonly data: string,
    /** Bottom → top: the transaction creator first, the emitting contract last. */
    readonly callStack: Array<string>,
    readonly isError: bool,
    readonly period: u64,
    readonly thread: u8,
    readonly indexInSlot: u64,
    readonly readOnly: bool,
    /** Empty when there is none. */
    readonly originOperationId: string,
  ) {}

  /** The contract (or account) that emitted it: the top of its call stack. */
  get emitter(): string {
    return this.callStack[this.callStack.length - 1];
  }

  /** The transaction creator: the bottom of its call stack. */
  get originalCaller(): string {
    return this.callStack[0];
  }
}

class EventReader {
  private offset: i32 = 0;

  constructor(private readonly bytes: StaticArray<u8>) {}

  u8(): u8 {
    const value = this.bytes[this.offset];
    this.offset += 1;
    return value;
  }

  u32(): u32 {
    const value = load<u32>(changetype<usize>(this.bytes) + <usize>this.offset);
    this.offset += 4;
    return value;
  }

  u64(): u64 {
    const value = load<u64>(changetype<usize>(this.bytes) + <usize>this.offset);
    this.offset += 8;
    return value;
  }

  string(): string {
    const length = this.u32();
    const text = String.UTF8.decodeUnsafe(changetype<usize>(this.bytes) + <usize>this.offset, <usize>length);
    this.offset += <i32>length;
    return text;
  }

  event(): Event {
    const data = this.string();
    const depth = this.u32();
    const callStack = new Array<string>();
    for (let i: u32 = 0; i < depth; i++) callStack.push(this.string());
    const isError = this.u8() != 0;
    const period = this.u64();
    const thread = this.u8();
    const indexInSlot = this.u64();
    const readOnly = this.u8() != 0;
    const originOperationId = this.string();
    return new Event(data, callStack, isError, period, thread, indexInSlot, readOnly, originOperationId);
  }
}

/**
 * Events emitted during the current test, in order: by the code under test, by the contracts it
 * called or deployed, and the VM's own (`LOG | …` from console.log). Each test starts with none.
 */
export function events(): Array<Event> {
  const reader = new EventReader(env.events());
  const count = reader.u32();
  const list = new Array<Event>();
  for (let i: u32 = 0; i < count; i++) list.push(reader.event());
  return list;
}

/** The most recent event; fails the test when there is none. */
export function lastEvent(): Event {
  const list = events();
  assert(list.length > 0, 'lastEvent(): no event was emitted in this test');
  return list[list.length - 1];
}

export function clearEvents(): void {
  env.clearEvents();
}
