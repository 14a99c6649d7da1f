import type { Abi, AbiEvent, AbiFunction, AbiReturns, AbiStruct, AbiType, AbiValue } from '@mason/codec/base';

/** Byte size of each integer type of `Args`. */
export const INT_BYTES: Readonly<Record<string, number>> = {
  u8: 1,
  i8: 1,
  u16: 2,
  i16: 2,
  u32: 4,
  i32: 4,
  u64: 8,
  i64: 8,
  u128: 16,
  i128: 16,
  u256: 32,
  i256: 32,
};

const SCALARS = new Set(['bool', 'f32', 'f64', 'string', 'bytes', ...Object.keys(INT_BYTES)]);

export const isScalar = (type: AbiType): boolean => SCALARS.has(type);

/**
 * Whether a binding can encode and decode `type`: a scalar, an array of such, or a struct of the
 * ABI whose fields all are. `unknown` (and anything built on it) is not: its bytes stay raw.
 */
export function isKnownType(type: AbiType, structs: Record<string, AbiStruct>, seen: ReadonlySet<string> = new Set()): boolean {
  if (isScalar(type)) return true;
  if (type.endsWith('[]')) return isKnownType(type.slice(0, -2), structs, seen);
  const struct = Object.hasOwn(structs, type) ? structs[type] : undefined;
  if (!struct || seen.has(type)) return false;
  const inner = new Set(seen).add(type);
  return struct.fields.every((field) => isKnownType(field.type, structs, inner));
}

/** A function's parameters when all are known, or null: the caller then passes the argument bytes. */
export function knownParams(fn: AbiFunction, structs: Record<string, AbiStruct>): AbiValue[] | null {
  if (fn.params === 'unknown') return null;
  return fn.params.every((param) => isKnownType(param.type, structs)) ? fn.params : null;
}

/** What a binding decodes a function's result as: nothing, bytes it cannot read, or its values. */
export type ResultShape = { kind: 'void' } | { kind: 'bytes' } | { kind: 'raw'; type: AbiType } | { kind: 'args'; values: AbiValue[] };

export function resultShape(returns: AbiReturns | null, structs: Record<string, AbiStruct>): ResultShape {
  if (returns === null) return { kind: 'void' };
  if (returns.encoding === 'raw') return isScalar(returns.type) ? { kind: 'raw', type: returns.type } : { kind: 'bytes' };
  if (returns.encoding === 'args' && returns.values.length > 0 && returns.values.every((value) => isKnownType(value.type, structs))) {
    return { kind: 'args', values: returns.values };
  }
  return { kind: 'bytes' };
}

/** One event of the contract, as a decoder reads it. */
export interface EventShape {
  /** The discriminant: the event's name, or its text pattern (`Sum: {a} + {b}`). */
  key: string;
  named: boolean;
  fields: AbiValue[];
  /** For a text pattern: the literal parts around the fields (one more than the fields). */
  literals: string[];
}

/** Splits `Sum: {a} + {b}` into its literal parts (`{{`/`}}` are braces), or null when they do not match the fields. */
function patternLiterals(text: string, fieldCount: number): string[] | null {
  const literals: string[] = [''];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if ((char === '{' || char === '}') && text[i + 1] === char) {
      literals[literals.length - 1] += char;
      i++;
    } else if (char === '{') {
      const end = text.indexOf('}', i);
      if (end < 0) return null;
      literals.push('');
      i = end;
    } else literals[literals.length - 1] += char;
  }
  // Two values side by side cannot be told apart.
  if (literals.length !== fieldCount + 1 || literals.slice(1, -1).some((literal) => literal === '')) return null;
  return literals;
}

/**
 * The contract's distinct events, in the order the ABI first lists them. Events of one name from
 * several functions merge when their fields have the same types (the first one's names are kept);
 * otherwise each shape is its own variant of that name.
 */
export function contractEvents(abi: Abi): EventShape[] {
  const shapes: EventShape[] = [];
  const signature = (fields: AbiValue[]) => fields.map((field) => field.type).join(',');
  const add = (event: AbiEvent) => {
    let shape: EventShape | null = null;
    if (event.name !== null) shape = { key: event.name, named: true, fields: event.fields, literals: [] };
    else if (event.text !== undefined) {
      const literals = patternLiterals(event.text, event.fields.length);
      if (literals) shape = { key: event.text, named: false, fields: event.fields, literals };
    }
    if (!shape) return;
    const same = shapes.find((known) => known.key === shape.key && signature(known.fields) === signature(shape.fields));
    if (!same) shapes.push(shape);
  };
  for (const fn of abi.functions) fn.events.forEach(add);
  return shapes;
}
