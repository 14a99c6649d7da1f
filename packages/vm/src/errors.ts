import { defineErrors, formatTemplate, type CodedError } from '@mason/codec';

/** Stable error codes of @mason/vm, with the message template of each. */
export const VM_ERRORS = {
  MASON_VM_INVALID_BYTECODE: 'The bytecode cannot be loaded as a Massa module: {reason}',
  MASON_VM_GAS_BELOW_INSTANCE_COST: 'Provided gas {gas} is lower than the base instance creation gas cost {minimum}; raise max gas',
  MASON_VM_TOO_MUCH_GAS: 'Max gas {gas} is above the allowed maximum {maximum}',
  MASON_VM_INSTANCE: 'The module could not be instantiated: {reason}',
  MASON_VM_FUNCTION_NOT_FOUND: 'The module does not export a function named "{function}"',
  MASON_VM_BAD_ARITY: 'Function "{function}" must take 0 or 1 parameter to be called',
  MASON_VM_OUT_OF_GAS: 'Out of gas in "{function}" ({gasUsed} used of {gasLimit}); raise max gas',
  MASON_VM_ABORT: 'The contract aborted: {message} at {file}:{line}:{column}',
  MASON_VM_ABORT_UNREADABLE:
    'The contract aborted with {message} at {where}, but {reason}; a Massa node reports only "aborting failed to load message or filename"',
  MASON_VM_TRAP: 'The contract trapped: {reason}',
  MASON_VM_DEPTH: 'Too many nested calls (more than {maxDepth})',
  MASON_VM_HOST: 'A host function failed: {reason}',
  MASON_VM_TARGET: 'Cannot call {target}: {reason}',
  MASON_VM_COINS: 'Coins could not be transferred: {reason}',
  MASON_VM_MAX_SPENDING: 'The sender {sender} spent more than the operation allows: it should keep {minimum} nanoMAS but has {balance}',
  MASON_VM_GAS_TABLE: 'Invalid gas cost table: {reason}',
  MASON_VM_WALL_TIME:
    'The execution of "{function}" ran longer than the wall-clock limit of {limitMs} ms and was stopped; a real node has no such limit, only gas. Do less work per call, or raise the limit (mason node --max-execution-ms)',
} as const;

export type VmErrorCode = keyof typeof VM_ERRORS;

/** The table under the name every package gives its own (`<area>Errors`); `VM_ERRORS` is the same object, for existing imports. */
export const vmErrors = VM_ERRORS;

/** Fills a message template with context values. */
export function formatVmMessage(code: VmErrorCode, context: Record<string, unknown>): string {
  return formatTemplate(VM_ERRORS[code], context);
}

const defined = defineErrors(VM_ERRORS, 'vm.md', { name: 'VmError' });

/** Error thrown by the VM's API for misuse (bad configuration), never for a failed execution. */
export const VmError = defined.Error;
export type VmError<C extends VmErrorCode = VmErrorCode> = CodedError<typeof VM_ERRORS, C>;

/** True for a VmError (with `code` when given), also one made by another copy of @mason/vm. */
export const isVmError = defined.is;
