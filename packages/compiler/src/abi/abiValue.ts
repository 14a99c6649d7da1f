import type { AbiReturns, AbiType, AbiValue } from '@mason/codec/base';
import type { ClassDeclaration } from './abiAst.js';

/** Where the `Args` read from one `StaticArray<u8>` go: an export's parameters, or a struct's fields. */
export interface Sink {
  params: AbiValue[];
  /** Why the reads cannot be listed (reads in a loop, the bytes handed to code Mason does not read). */
  problems: string[];
}

/** What the inference knows of an expression's value. */
export type Value =
  /** The bytes a function was called with (its `binaryArgs`). */
  | { k: 'raw'; sink: Sink }
  /** `new Args(binaryArgs)`: `cursor.at` is the index of the parameter its next read reads (each `new Args` starts at 0). */
  | { k: 'reader'; sink: Sink | null; cursor: { at: number } }
  /** `new Args()` being written: the values added so far (null: no longer followed). */
  | { k: 'writer'; values: AbiValue[] | null }
  /** The `Result` of a read. */
  | { k: 'result'; value: Typed }
  | Typed
  /** Bytes whose layout is known: `stringToBytes(…)`, `u64ToBytes(…)`, `….serialize()`. */
  | { k: 'encoded'; returns: AbiReturns }
  /** An array literal (`[decimals]`, `[0]`, `[]`). */
  | { k: 'array'; elements: Value[] }
  /** `Storage.get(KEY)` of bytes: what was stored under KEY. */
  | { k: 'stored'; key: string | null }
  /** An instance of a class of the project. */
  | { k: 'object'; cls: ClassDeclaration }
  | { k: 'this' }
  | { k: 'unknown' };

/** A value of a known type; `read` is the parameter it was read as, if it comes from an `Args` read. */
export interface Typed {
  k: 'typed';
  type: AbiType;
  read?: AbiValue;
  format?: 'address';
  /** An integer literal: its value. */
  literal?: bigint;
}

export const UNKNOWN: Value = { k: 'unknown' };

export const typed = (type: AbiType, extra: Partial<Typed> = {}): Typed => ({ k: 'typed', type, ...extra });

/** The ABI type of a value used as an argument or event field. */
export function typeOf(value: Value): AbiType {
  if (value.k === 'typed') return value.type;
  if (value.k === 'object') return 'unknown';
  return 'unknown';
}

export function sameReturns(a: AbiReturns, b: AbiReturns): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
