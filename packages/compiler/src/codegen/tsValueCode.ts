import type { AbiType } from '@mason/codec/base';
import { INT_BYTES } from './abiShapes.js';

/** Helpers a module's value code calls; the module writes those it uses. */
export type TsHelper = 'arrayBytes' | 'readArray' | 'bytesOf' | 'expectLength' | 'expectEnd' | 'utf8' | 'eventInt' | 'eventNumber' | 'eventFloat';

/** Records what the generated code uses, so the module imports and defines only that. */
export class TsUses {
  readonly helpers = new Set<TsHelper>();
  /** Structs written (`writeX`) and read (`readX`). */
  readonly writes = new Set<string>();
  readonly reads = new Set<string>();
}

const isSmallInt = (type: AbiType) => (INT_BYTES[type] ?? 0) > 0 && INT_BYTES[type]! <= 4;
const method = (type: AbiType) => type[0]!.toUpperCase() + type.slice(1);

/** The TypeScript type of a value: integers of up to 32 bits are numbers, wider ones bigints. */
export function tsType(type: AbiType): string {
  if (type in INT_BYTES) return isSmallInt(type) ? 'number' : 'bigint';
  switch (type) {
    case 'bool':
      return 'boolean';
    case 'f32':
    case 'f64':
      return 'number';
    case 'string':
      return 'string';
    case 'bytes':
      return 'Uint8Array';
  }
  if (type.endsWith('[]')) return `${tsType(type.slice(0, -2))}[]`;
  return type;
}

/** A statement appending `value` (of `type`) to the `Args` named `args`, as the contract reads it. */
export function encodeStatement(type: AbiType, args: string, value: string, uses: TsUses, depth = 0): string {
  if (type in INT_BYTES) return `${args}.add${method(type)}(${isSmallInt(type) ? `BigInt(${value})` : value});`;
  switch (type) {
    case 'bool':
      return `${args}.addBool(${value});`;
    case 'f32':
    case 'f64':
      return `${args}.add${method(type)}(${value});`;
    case 'string':
      return `${args}.addString(${value});`;
    case 'bytes':
      return `${args}.addUint8Array(${value});`;
  }
  if (type.endsWith('[]')) {
    uses.helpers.add('arrayBytes');
    const inner = `a${depth + 1}`;
    const item = `v${depth + 1}`;
    return `${args}.addUint8Array(arrayBytes(${value}, (${inner}, ${item}) => {\n${encodeStatement(type.slice(0, -2), inner, item, uses, depth + 1)}\n}));`;
  }
  uses.writes.add(type);
  return `write${type}(${args}, ${value});`;
}

/** An expression reading one value of `type` from the `Args` named `args`. */
export function decodeExpression(type: AbiType, args: string, uses: TsUses, depth = 0): string {
  if (type in INT_BYTES) return isSmallInt(type) ? `Number(${args}.next${method(type)}())` : `${args}.next${method(type)}()`;
  switch (type) {
    case 'bool':
      return `${args}.nextBool()`;
    case 'f32':
    case 'f64':
      return `${args}.next${method(type)}()`;
    case 'string':
      return `${args}.nextString()`;
    case 'bytes':
      return `${args}.nextUint8Array()`;
  }
  if (type.endsWith('[]')) {
    uses.helpers.add('readArray');
    const inner = `a${depth + 1}`;
    return `readArray(${args}.nextUint8Array(), (${inner}) => ${decodeExpression(type.slice(0, -2), inner, uses, depth + 1)})`;
  }
  uses.reads.add(type);
  return `read${type}(${args})`;
}

/**
 * An expression reading an event field from its text (`text`): integers and floats parsed (undefined
 * when the text is not one), `true`/`false` for a bool, anything else kept as the text it is.
 */
export function eventFieldExpression(type: AbiType, text: string, uses: TsUses): { expression: string; tsType: string } {
  if (type in INT_BYTES) {
    if (isSmallInt(type)) {
      uses.helpers.add('eventNumber');
      return { expression: `eventNumber(${text})`, tsType: 'number' };
    }
    uses.helpers.add('eventInt');
    return { expression: `eventInt(${text})`, tsType: 'bigint' };
  }
  if (type === 'f32' || type === 'f64') {
    uses.helpers.add('eventFloat');
    return { expression: `eventFloat(${text})`, tsType: 'number' };
  }
  if (type === 'bool') return { expression: `(${text} === 'true' ? true : ${text} === 'false' ? false : undefined)`, tsType: 'boolean' };
  return { expression: text, tsType: 'string' };
}
