import { decodeAbiCall, type Abi, type AbiFunction, type AbiJsValue } from '@mason/codec/base';
import { toJson } from './abiResult.js';

/** One argument of a call, decoded by the contract's ABI; `value` as JSON holds it (bigints as decimal strings, bytes as hex). */
export interface DecodedArgument {
  name: string | null;
  type: string;
  format?: 'address';
  value: unknown;
}

/** A call's arguments and result as values: each present only when the ABI knows its layout and the bytes have it. */
export interface DecodedCall {
  contract: string;
  function: string;
  args?: DecodedArgument[];
  returned?: { type: string; value: unknown };
}

function returnsType(returns: AbiFunction['returns']): string {
  if (!returns || returns.encoding === 'unknown') return 'unknown';
  return returns.encoding === 'raw' ? returns.type : returns.values.map((value) => value.type).join(', ');
}

/**
 * Decodes a call of `functionName` by the contract's ABI (codec's decodeAbiCall), as JSON-ready
 * values. Null when the ABI has no such function.
 */
export function decodeCall(abi: Abi, functionName: string, args: Uint8Array | undefined, returned: Uint8Array | undefined): DecodedCall | null {
  const call = decodeAbiCall(abi, functionName, args, returned);
  if (!call) return null;
  const decoded: DecodedCall = { contract: abi.contract, function: call.function.name };
  if (call.args) {
    decoded.args = call.args.map(({ param, value }) => ({
      name: param.name,
      type: param.type,
      ...(param.format && { format: param.format }),
      value: toJson(value),
    }));
  }
  if (call.returned !== null) decoded.returned = { type: returnsType(call.function.returns), value: toJson(call.returned as AbiJsValue) };
  return decoded;
}

function valueText(value: unknown, type: string, format?: string): string {
  // Numbers past 2^53 travel as decimal strings: shown bare, as an address is.
  if (typeof value === 'string' && (type !== 'string' || format === 'address')) return value;
  return JSON.stringify(value);
}

/** `(to: AU1…, amount: 250)`: the arguments as a person reads them. */
export function argumentsText(args: readonly DecodedArgument[]): string {
  return `(${args.map((arg, index) => `${arg.name ?? `arg${index + 1}`}: ${valueText(arg.value, arg.type, arg.format)}`).join(', ')})`;
}

/** The returned value as a person reads it. */
export function returnedText(returned: { type: string; value: unknown }): string {
  return valueText(returned.value, returned.type);
}
