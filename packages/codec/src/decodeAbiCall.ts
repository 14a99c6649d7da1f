import type { Abi, AbiFunction, AbiValue } from './abi.js';
import { decodeAbiReturns, type AbiJsValue } from './abiValues.js';
import { decodeAbiArgs } from './decodeAbiArgs.js';
import { isCodecError } from './errors.js';

/** A call of a contract function read back by its ABI. */
export interface AbiCallValues {
  function: AbiFunction;
  /** Each argument with its parameter; null when the parameters are unknown or the bytes do not have their layout. */
  args: Array<{ param: AbiValue; value: AbiJsValue }> | null;
  /** null when nothing was returned, the layout is unknown, or the bytes do not have it. */
  returned: AbiJsValue | AbiJsValue[] | null;
}

function orNull<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    if (isCodecError(error)) return null;
    throw error;
  }
}

/**
 * Decodes a call of `functionName` by the contract's ABI: its argument bytes by the parameters,
 * its returned bytes by the return layout (what `mason op`, `mason trace` and the explorer show).
 * Null when the ABI has no such function; bytes without the expected layout decode to null, never throw.
 */
export function decodeAbiCall(abi: Abi, functionName: string, args: Uint8Array | undefined, returned: Uint8Array | undefined): AbiCallValues | null {
  const fn = abi.functions.find((candidate) => candidate.name === functionName);
  if (!fn) return null;
  const params = fn.params;
  const values = params === 'unknown' ? null : orNull(() => decodeAbiArgs(params, args ?? new Uint8Array(), abi.structs));
  const returns = fn.returns;
  const decodable = returned !== undefined && returns !== null && returns.encoding !== 'unknown';
  return {
    function: fn,
    args: values === null || params === 'unknown' ? null : values.map((value, index) => ({ param: params[index]!, value })),
    returned: decodable ? orNull(() => decodeAbiReturns(returned, returns, abi.structs)) : null,
  };
}
