import type { AbiFunction, AbiReturns, AbiValue } from './abi.js';

/** `to: string, amount?: u64` (a value without a name is `arg<n>`). */
export function abiParamsText(params: readonly AbiValue[]): string {
  return params.map((p, i) => `${p.name ?? `arg${i + 1}`}${p.optional ? '?' : ''}: ${p.type}`).join(', ');
}

function returnsText(returns: AbiReturns | null): string {
  if (returns === null) return '';
  if (returns.encoding === 'raw') return ` → ${returns.type}`;
  if (returns.encoding === 'args') return ` → (${abiParamsText(returns.values)})`;
  return ' → ?';
}

/** A function as a person reads it: `transfer(to: string, amount: u256) → bool`; `?` where the ABI does not know. */
export function abiSignature(fn: AbiFunction): string {
  return `${fn.name}(${fn.params === 'unknown' ? '?' : abiParamsText(fn.params)})${returnsText(fn.returns)}`;
}
