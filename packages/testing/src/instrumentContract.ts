import * as assemblyscript from 'assemblyscript';
import { GAS_IMPORT_MODULE } from './gasImportModule.js';

const PREFIX = '__mason_gas_';
/** The renamed originals: a prefix of their own, so that none can be one of the hooks. */
const RENAMED = '__mason_gas_fn_';

interface Callable {
  name: string;
  /** Where the name is in the source. */
  start: number;
  end: number;
  param: string | undefined;
  returnType: string;
}

/** AssemblyScript's parse of a source, without its node types (they are not exported as types). */
interface FunctionNode {
  kind: number;
  flags: number;
  name: { text: string; range: { start: number; end: number } };
  decorators: unknown[] | null;
  typeParameters: unknown[] | null;
  body: unknown;
  signature: {
    parameters: Array<{ name: { text: string }; type: { range: { start: number; end: number } }; initializer: unknown }>;
    returnType: { range: { start: number; end: number } };
  };
}

// Const enums in the typings, objects at run time.
const { CommonFlags, NodeKind, Parser } = assemblyscript as unknown as {
  CommonFlags: { Export: number; Declare: number };
  NodeKind: { FunctionDeclaration: number };
  Parser: new () => { parseFile(text: string, path: string, isEntry: boolean): void; sources: unknown[] };
};

/**
 * The exported functions a CallSC can call: no type parameters or decorators, a body, and either
 * no parameter or one `StaticArray<u8>` (the call's argument bytes), as the node requires.
 */
function callableFunctions(text: string, path: string): Callable[] {
  const parser = new Parser();
  parser.parseFile(text, path, false);
  const source = parser.sources[0] as unknown as { statements: FunctionNode[] } | undefined;
  const found: Callable[] = [];
  for (const node of source?.statements ?? []) {
    if (node.kind !== NodeKind.FunctionDeclaration || (node.flags & CommonFlags.Export) === 0) continue;
    if ((node.flags & CommonFlags.Declare) !== 0 || node.body == null || node.decorators?.length || node.typeParameters?.length) continue;
    const { parameters, returnType } = node.signature;
    const returns = text.slice(returnType.range.start, returnType.range.end).trim();
    if (returns === '' || parameters.length > 1) continue;
    const param = parameters[0];
    if (param && (param.initializer || text.slice(param.type.range.start, param.type.range.end).replace(/\s+/g, '') !== 'StaticArray<u8>')) continue;
    found.push({ name: node.name.text, start: node.name.range.start, end: node.name.range.end, param: param?.name.text, returnType: returns });
  }
  return found;
}

/**
 * The source of a contract file with each CallSC-callable exported function wrapped for the gas
 * report: the function keeps its body under the name `__mason_gas_fn_<name>`, and a wrapper with the
 * original name tells the host when a call enters (with its argument bytes) and leaves. Names are
 * renamed in place and the wrappers appended, so every other line and column stays where it was.
 * Returns the text unchanged when nothing is callable.
 */
export function instrumentContract(text: string, path: string, contract: string): string {
  const callables = callableFunctions(text, path);
  if (callables.length === 0) return text;
  let out = text;
  for (const fn of [...callables].reverse()) out = `${out.slice(0, fn.start)}${RENAMED}${fn.name}${out.slice(fn.end)}`;
  const lines = [
    '',
    '// Added by mason test --gas-report.',
    `@external("${GAS_IMPORT_MODULE}", "enter") declare function ${PREFIX}enter(contract: string, name: string, args: usize): void;`,
    `@external("${GAS_IMPORT_MODULE}", "exit") declare function ${PREFIX}exit(): void;`,
  ];
  for (const fn of callables) {
    const param = fn.param === undefined ? '' : `${PREFIX}args: StaticArray<u8>`;
    const pointer = fn.param === undefined ? '0' : `changetype<usize>(${PREFIX}args)`;
    const call = `${RENAMED}${fn.name}(${fn.param === undefined ? '' : `${PREFIX}args`})`;
    const enter = `${PREFIX}enter(${JSON.stringify(contract)}, ${JSON.stringify(fn.name)}, ${pointer});`;
    const body = fn.returnType === 'void' ? `${call}; ${PREFIX}exit();` : `const ${PREFIX}result = ${call}; ${PREFIX}exit(); return ${PREFIX}result;`;
    lines.push(`export function ${fn.name}(${param}): ${fn.returnType} { ${enter} ${body} }`);
  }
  return `${out}\n${lines.join('\n')}\n`;
}
