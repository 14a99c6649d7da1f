import { abiParamsText, type AbiJsValue, encodeAbiArgs, isCodecError, toHex } from '@mason/codec';
import { DeployError } from '../errors.js';
import type { BuiltContract } from './builtContracts.js';
import type { ContractFuture, StepArgument, StepArguments } from './buildModule.js';

/** A contract step of a module, where an argument holds one (it stands for the contract's address). */
export function isContractFuture(value: unknown): value is ContractFuture {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Uint8Array) return false;
  const future = value as Partial<ContractFuture>;
  return future.kind === 'contract' && typeof future.id === 'string' && typeof future.contract === 'string' && Array.isArray(future.after);
}

/** The contracts of the module an argument list names, at any depth. */
export function futuresIn(args: StepArguments): ContractFuture[] {
  if (args instanceof Uint8Array) return [];
  const found: ContractFuture[] = [];
  const visit = (value: StepArgument) => {
    if (isContractFuture(value)) found.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) Object.values(value).forEach(visit);
  };
  args.forEach(visit);
  return found;
}

/** The arguments as declared, in a stable JSON form (a contract of the module by its step id): what a step's hash covers. */
export function canonicalArgs(args: StepArguments): unknown {
  const visit = (value: StepArgument): unknown => {
    if (isContractFuture(value)) return { step: value.id };
    if (value instanceof Uint8Array) return { bytes: toHex(value) };
    if (typeof value === 'bigint') return { bigint: value.toString() };
    if (Array.isArray(value)) return value.map(visit);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, visit(item)]));
    return value;
  };
  return args instanceof Uint8Array ? { bytes: toHex(args) } : args.map(visit);
}

function substitute(value: StepArgument, address: (future: ContractFuture) => string): AbiJsValue {
  if (isContractFuture(value)) return address(value);
  if (Array.isArray(value)) return value.map((item) => substitute(item, address));
  if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, address)]));
  }
  return value;
}

/**
 * The `Args` bytes of a step: given as bytes, or one value per parameter of `func` in the
 * contract's ABI, each contract of the module replaced by `address(it)`. Refuses (naming each
 * problem) values that do not fit, and plain values without an ABI to type them.
 */
export function encodeStepArgs(step: string, built: BuiltContract, func: string, args: StepArguments, address: (future: ContractFuture) => string): Uint8Array {
  if (args instanceof Uint8Array) return args;
  const refuse = (signatureText: string, problems: string) =>
    new DeployError('MASON_DEPLOY_SCRIPT_BAD_ARGS', { step, contract: built.name, func, signature: signatureText, problems });
  if (!Array.isArray(args)) throw refuse('…', `the arguments must be an array of values or Args bytes (a Uint8Array), not ${typeof args}`);
  if (args.length === 0) return new Uint8Array();
  if (!built.abi) {
    throw refuse(
      '…',
      `there is no build/${built.name}.abi.json to type the values: rebuild with \`mason build\`, or pass the arguments as bytes (new Args().add…().serialize())`,
    );
  }
  const fn = built.abi.functions.find((f) => f.name === func);
  if (!fn) throw refuse('', `the ABI of ${built.name} has no function ${func}: it reads no arguments`);
  if (fn.params === 'unknown') {
    throw refuse('?', `Mason could not read its parameters (${fn.notes.join('; ') || 'unknown'}): pass the arguments as bytes (new Args().add…().serialize())`);
  }
  try {
    return encodeAbiArgs(
      fn.params,
      args.map((value) => substitute(value, address)),
      built.abi.structs,
    );
  } catch (error) {
    if (!isCodecError(error)) throw error;
    const context = error.context as { where: string; type: string; reason: string };
    throw refuse(abiParamsText(fn.params), `${context.where} (${context.type}): ${context.reason}`);
  }
}
