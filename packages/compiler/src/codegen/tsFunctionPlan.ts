import type { Abi, AbiFunction, AbiValue } from '@mason/codec/base';
import { knownParams, type ResultShape, resultShape } from './abiShapes.js';
import { ts } from './codeText.js';
import { uniqueNames } from './codegenNames.js';
import { tsType } from './tsValueCode.js';

/** How a binding calls one function of the contract. */
export interface FunctionPlan {
  fn: AbiFunction;
  /** The parameters and their names in the binding, or null: the function takes its argument bytes. */
  params: AbiValue[] | null;
  names: string[];
  result: ResultShape;
  /** Where the trailing optional parameters begin. */
  optionalFrom: number;
}

export function planFunction(fn: AbiFunction, abi: Abi): FunctionPlan {
  const params = knownParams(fn, abi.structs);
  const names = params
    ? uniqueNames(
        params.map((p) => p.name),
        (i) => `arg${i + 1}`,
        ['options', 'parameter'],
      )
    : ['parameter'];
  let optionalFrom = params?.length ?? 0;
  while (params && optionalFrom > 0 && params[optionalFrom - 1]!.optional) optionalFrom--;
  return { fn, params, names, result: resultShape(fn.returns, abi.structs), optionalFrom };
}

/** The method's parameters, each followed by `, ` (the options come after them). */
export function paramsBefore(plan: FunctionPlan): string {
  if (!plan.params) return `parameter${ts(': Args | Uint8Array')}, `;
  return plan.params.map((param, i) => `${plan.names[i]}${ts(`${i >= plan.optionalFrom ? '?' : ''}: ${tsType(param.type)}`)}, `).join('');
}

export const argumentsBefore = (plan: FunctionPlan): string => plan.names.map((name) => `${name}, `).join('');

/** The TypeScript type a function's result is decoded as. */
export function resultType(result: ResultShape): string {
  switch (result.kind) {
    case 'void':
      return 'void';
    case 'bytes':
      return 'Uint8Array';
    case 'raw':
      return tsType(result.type);
    case 'args':
      return result.values.length === 1 ? tsType(result.values[0]!.type) : `[${result.values.map((v) => tsType(v.type)).join(', ')}]`;
  }
}

/** `transfer(to: string (address), amount: u64) → u256`, in the ABI's types. */
export function signature(plan: FunctionPlan): string {
  const params = plan.params
    ? plan.params
        .map((p, i) => `${plan.names[i]}: ${p.type}${p.format === 'address' ? ' (address)' : ''}${i >= plan.optionalFrom ? ' (optional)' : ''}`)
        .join(', ')
    : 'argument bytes: its parameters could not be read from the source';
  const r = plan.result;
  const returns =
    r.kind === 'void'
      ? ''
      : r.kind === 'bytes'
        ? ' → bytes (their layout could not be read from the source)'
        : ` → ${r.kind === 'raw' ? r.type : r.values.map((v) => v.type).join(', ')}`;
  return `\`${plan.fn.name}(${params})\`${returns}`;
}

/** What `deploy` takes and passes for the constructor: its parameters (each followed by `, `), the argument bytes, its signature. */
export interface DeployCall {
  params: string;
  args: string;
  what: string;
}

export function deployCall(plan: FunctionPlan | null): DeployCall {
  return {
    params: plan ? paramsBefore(plan) : '',
    args: plan ? `encode$constructor(${argumentsBefore(plan).slice(0, -2)})` : 'new Uint8Array()',
    what: plan ? signature(plan) : 'no constructor',
  };
}
