import type { AbiStruct, AbiValue } from './abi.js';
import { readAbiValue, type AbiJsValue } from './abiValues.js';
import { Args } from './args.js';
import { CodecError } from './errors.js';

/**
 * A call's argument bytes read back by the function's parameters (the counterpart of
 * `encodeAbiArgs`): one value per parameter, in order; optional parameters at the end may be
 * absent. Throws a CodecError when the bytes do not have that layout (too short, or bytes left).
 */
export function decodeAbiArgs(params: readonly AbiValue[], bytes: Uint8Array, structs: Record<string, AbiStruct> = {}): AbiJsValue[] {
  const args = new Args(bytes);
  const values: AbiJsValue[] = [];
  for (const param of params) {
    if (param.optional && args.remaining === 0) break;
    values.push(readAbiValue(args, param.type, structs));
  }
  if (args.remaining !== 0) throw new CodecError('MASON_CODEC_TRAILING_BYTES', { what: 'the arguments', count: args.remaining, offset: args.offset });
  return values;
}
