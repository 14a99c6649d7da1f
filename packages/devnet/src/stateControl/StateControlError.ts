import { defineErrors, type CodedError } from '@mason/codec';

/** State control (`mason_set_balance`…, `devnet.setBalance()`…) refused, and state files that cannot be loaded. */
export const stateControlErrors = {
  MASON_DEVNET_STATE_ARGUMENT: '{method}: {argument} must be {expected}, got {value}',
  MASON_DEVNET_STATE_FILE:
    '{file} cannot be loaded as a devnet state: {reason}. Dump it again (`mason_dump_state`, `mason node --dump-state`), or start without --load-state.',
} as const;

export type StateControlErrorCode = keyof typeof stateControlErrors;

const defined = defineErrors(stateControlErrors, 'devnet.md', { name: 'StateControlError' });

/** A state-control call refused (its argument), or a state file refused (what is wrong with it). */
export const StateControlError = defined.Error;
export type StateControlError<C extends StateControlErrorCode = StateControlErrorCode> = CodedError<typeof stateControlErrors, C>;

/** True for a StateControlError (with `code` when given), also one made by another copy of @mason/devnet. */
export const isStateControlError = defined.is;

/** The usual refusal: `argument` of `method` is not what it takes. */
export function badArgument(method: string, argument: string, expected: string, value: unknown): StateControlError {
  return new StateControlError('MASON_DEVNET_STATE_ARGUMENT', { method, argument, expected, value: show(value) });
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  if (value === null || typeof value !== 'object') return String(value);
  return 'an object';
}
