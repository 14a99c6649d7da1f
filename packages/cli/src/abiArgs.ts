import { Address, fromHex, isCodecError, isMasonError } from '@mason/codec';
import {
  abiParamsText as signature,
  encodeAbiArgs,
  writeAbiValue,
  type AbiFunction,
  type AbiJsValue,
  type AbiStruct,
  type AbiType,
  type AbiValue,
} from '@mason/codec/base';
import { Args } from '@mason/codec';
import { CliError } from './errors.js';

type Structs = Record<string, AbiStruct>;

function isScalar(type: AbiType, structs: Structs): boolean {
  return !type.endsWith('[]') && !(type in structs);
}

/** A JSON value (from an array or struct written as JSON) as a value of `type`: hex text for bytes. */
function fromJson(type: AbiType, json: unknown, structs: Structs): AbiJsValue {
  if (type === 'bytes' && typeof json === 'string') return fromHex(json.replace(/^0x/, ''));
  if (type.endsWith('[]') && Array.isArray(json)) return json.map((item) => fromJson(type.slice(0, -2), item, structs));
  const struct = structs[type];
  if (struct && typeof json === 'object' && json !== null && !Array.isArray(json)) {
    const object = json as Record<string, unknown>;
    const keys = struct.fields.map((f, i) => [f.name ?? String(i), f.type] as const).filter(([key]) => key in object);
    return Object.fromEntries(keys.map(([key, type]) => [key, fromJson(type, object[key], structs)]));
  }
  return json as AbiJsValue;
}

/** One command-line value as a value of the parameter's type; a string says what is wrong. */
function parse(param: AbiValue, text: string, structs: Structs): AbiJsValue | { problem: string } {
  const { type } = param;
  if (isScalar(type, structs)) {
    switch (type) {
      case 'bool':
        return text === 'true' ? true : text === 'false' ? false : { problem: `a bool is true or false, not "${text}"` };
      case 'string':
        if (param.format === 'address') {
          try {
            Address.fromString(text);
          } catch (error) {
            return { problem: `"${text}" is not a Massa address (${isMasonError(error) ? error.shortMessage : (error as Error).message})` };
          }
        }
        return text;
      case 'bytes': {
        const hex = text.replace(/^0x/, '');
        return /^([0-9a-fA-F]{2})*$/.test(hex) ? fromHex(hex) : { problem: `bytes are written in hex, two digits a byte, not "${text}"` };
      }
      case 'f32':
      case 'f64': {
        const n = Number(text);
        return text.trim() === '' || Number.isNaN(n) ? { problem: `"${text}" is not a number` } : n;
      }
      default:
        return /^-?\d+$/.test(text) ? BigInt(text) : { problem: `"${text}" is not an integer` };
    }
  }
  // Arrays and structs: JSON, or for an array of scalars, comma-separated values.
  if (type.endsWith('[]') && !text.trim().startsWith('[') && isScalar(type.slice(0, -2), structs)) {
    const element = type.slice(0, -2);
    const items = text === '' ? [] : text.split(',').map((item) => parse({ name: param.name, type: element }, item.trim(), structs));
    const problem = items.find((item): item is { problem: string } => typeof item === 'object' && item !== null && 'problem' in item);
    return problem ?? (items as AbiJsValue[]);
  }
  try {
    return fromJson(type, JSON.parse(text), structs);
  } catch (error) {
    return { problem: `"${text}" is not JSON (${(error as Error).message}); write ${type.endsWith('[]') ? 'an array, e.g. [1,2]' : 'an object by field'}` };
  }
}

/**
 * The `Args` bytes of a call written with plain values (`mason call token transfer AU1… 5`),
 * checked against the function's ABI: the count, then each value against its parameter's type.
 * Every wrong value is reported at once, naming the parameter and its type.
 */
export function encodeAbiValues(fn: AbiFunction, values: readonly string[], structs: Structs, contract: string): Uint8Array {
  if (fn.params === 'unknown') {
    throw new CliError('MASON_CLI_ABI_UNKNOWN_PARAMS', { contract, func: fn.name, notes: fn.notes.join('; ') || 'they could not be read' });
  }
  const params = fn.params;
  const required = params.filter((p) => !p.optional).length;
  if (values.length < required || values.length > params.length) {
    throw new CliError('MASON_CLI_ABI_ARITY', {
      func: fn.name,
      wanted: required === params.length ? String(params.length) : `${required} to ${params.length}`,
      signature: signature(params),
      given: values.length,
    });
  }
  const problems: string[] = [];
  const parsed: AbiJsValue[] = [];
  values.forEach((text, index) => {
    const param = params[index]!;
    const value = parse(param, text, structs);
    const label = `${param.name ?? `argument ${index + 1}`} (${param.type})`;
    if (typeof value === 'object' && value !== null && 'problem' in value && !(value instanceof Uint8Array) && !Array.isArray(value)) {
      problems.push(`${label}: ${value.problem}`);
      return;
    }
    // The codec checks ranges, struct fields and array elements.
    try {
      writeAbiValue(new Args(), param.type, value, structs, param.name ?? `argument ${index + 1}`);
      parsed.push(value);
    } catch (error) {
      if (!isCodecError(error)) throw error;
      const context = error.context as { where: string; type: string; reason: string };
      problems.push(`${context.where} (${context.type}): ${context.reason}`);
    }
  });
  if (problems.length > 0) {
    throw new CliError('MASON_CLI_ABI_BAD_VALUES', { func: fn.name, signature: signature(params), problems: problems.join('\n  ') });
  }
  return encodeAbiArgs(params, parsed, structs);
}
