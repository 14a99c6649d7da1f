// Typed exports (docs/abi.md#typed-exports): `export function transfer(to: Address, amount: u256): void`
// in a contract's entry file becomes callable by a node. The file's text is rewritten as asc reads
// it: the typed function loses its `export` (the keyword is blanked, so every line and column of
// the source stays where it was, for diagnostics and source maps), and a wrapper appended below
// the source takes the call's `StaticArray<u8>`, reads one `Args` value per parameter, calls the
// function and returns its result as `Args` bytes, exported under the function's name. The ABI
// inference then reads the wrapper as it reads any hand-written export.
import type { Parser } from 'assemblyscript';

const SCALARS = new Set(['bool', 'i8', 'u8', 'i16', 'u16', 'i32', 'u32', 'i64', 'u64', 'f32', 'f64', 'string', 'u128', 'i128', 'u256']);
const BYTES = new Set(['StaticArray<u8>', 'Uint8Array']);
/** Types that are classes but not values `Args` carries. */
const NOT_SERIALIZABLE = new Set(['Array', 'StaticArray', 'Map', 'Set', 'String', 'ArrayBuffer', 'DataView', 'Date', 'Error', 'Function', 'Result', 'Args']);
const WRAPPER_PREFIX = '__mason_typed_';
/**
 * Only contracts written with Mason's SDK: one written with the official SDK builds exactly as
 * massa-as-compile builds it (a typed helper it exports stays a plain export, as there).
 */
const SDK = '@mason/sdk';
const IMPORTS_SDK = /from\s*['"]@mason\/sdk['"]/;

export interface TypedExportProblem {
  func: string;
  /** `amount: Map<string, u64>`, or `returns Map<string, u64>`. */
  what: string;
  type: string;
  reason: string;
  line: number;
  column: number;
}

export type TypedExportsRewrite = { text: string } | { problem: TypedExportProblem } | null;

interface TypeShape {
  /** What `Args` reads and writes: the type argument of `next<T>()` / `add<T>()`. */
  argsType: string;
  address: boolean;
}

/** How `type` travels in `Args`, or why it cannot. */
function shapeOf(type: string): TypeShape | string {
  if (type.includes('|') || type === 'null') return 'a nullable or union type has no Args encoding';
  if (type === 'Address') return { argsType: 'string', address: true };
  if (SCALARS.has(type) || BYTES.has(type)) return { argsType: type, address: false };
  const array = /^Array<(.+)>$/.exec(type)?.[1] ?? /^(.+)\[\]$/.exec(type)?.[1];
  if (array !== undefined) {
    if (BYTES.has(array)) return 'Args has no arrays of byte arrays';
    if (array === 'Address') return 'Args has no arrays of addresses: take string[]';
    if (/^Array<|\[\]$/.test(array)) return 'Args has no arrays of arrays';
    const element = shapeOf(array);
    return typeof element === 'string' ? element : { argsType: `${array}[]`, address: false };
  }
  if (/^[A-Z][A-Za-z0-9_]*$/.test(type) && !NOT_SERIALIZABLE.has(type)) return { argsType: type, address: false };
  if (/^(usize|isize|v128|anyref|externref|funcref|void|never)$/.test(type)) return `${type} has no Args encoding`;
  return 'Args carries bool, integers, f32/f64, string, StaticArray<u8>, Uint8Array, u128/i128/u256, Address, Serializable classes, and arrays of them';
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** The wrapper's name for a typed export `name`, as the module exports it under `name`. */
const typedExportWrapper = (name: string) => `${WRAPPER_PREFIX}${name}`;

/**
 * The entry file's text with its typed exports made callable, null when it has none (or does not
 * parse: asc then reports why). A parameter or result type `Args` cannot carry is a problem.
 */
export function rewriteTypedExports(
  ParserClass: typeof Parser,
  text: string,
  path: string,
  kinds: { FunctionDeclaration: number; ExportFlag: number },
): TypedExportsRewrite {
  // Only contracts written with Mason's SDK: any other module is compiled as it is.
  if (!text.includes('export') || !IMPORTS_SDK.test(text)) return null;
  const parser = new ParserClass();
  parser.parseFile(text, path, true);
  if (parser.diagnostics.length > 0) return null;
  const source = parser.sources[0];
  if (!source) return null;
  const slice = (node: { range: { start: number; end: number } }) => text.slice(node.range.start, node.range.end).replace(/\s+/g, '');
  const blanks: Array<[number, number]> = [];
  const wrappers: string[] = [];
  let typed = 0;
  for (const statement of source.statements as unknown as Array<Record<string, any>>) {
    if (statement.kind !== kinds.FunctionDeclaration || (statement.flags & kinds.ExportFlag) === 0 || statement.body === null) continue;
    const name: string = statement.name.text;
    const parameters: Array<{ name: { text: string }; type: { range: { start: number; end: number } } }> = statement.signature.parameters;
    const returnType = slice(statement.signature.returnType);
    const paramTypes = parameters.map((parameter) => slice(parameter.type));
    const takesBytes = parameters.length === 0 || (parameters.length === 1 && paramTypes[0] === 'StaticArray<u8>');
    const returnsBytes = returnType === 'void' || returnType === '' || returnType === 'StaticArray<u8>';
    if (takesBytes && returnsBytes) continue;
    const problem = (what: string, type: string, reason: string, at: number): TypedExportsRewrite => ({
      problem: { func: name, what, type, reason, ...lineColumn(text, at) },
    });

    const reads: string[] = [];
    const callArgs: string[] = [];
    if (parameters.length === 1 && paramTypes[0] === 'StaticArray<u8>') callArgs.push('__binaryArgs');
    else {
      for (const [index, parameter] of parameters.entries()) {
        const type = paramTypes[index]!;
        const shape = shapeOf(type);
        if (typeof shape === 'string') return problem(`${parameter.name.text}: ${type}`, type, shape, parameter.type.range.start);
        const missing = JSON.stringify(`${parameter.name.text} (${type}) is missing`);
        const read = shape.address ? `new Address(__args.nextString().expect(${missing}))` : `__args.next<${shape.argsType}>().expect(${missing})`;
        reads.push(`  const ${parameter.name.text} = ${read};`);
        callArgs.push(parameter.name.text);
      }
    }
    const call = `${name}(${callArgs.join(', ')})`;
    let body: string;
    if (returnsBytes) body = returnType === 'StaticArray<u8>' ? `  return ${call};` : `  ${call};`;
    else {
      const shape = shapeOf(returnType);
      if (typeof shape === 'string') return problem(`returns ${returnType}`, returnType, shape, statement.signature.returnType.range.start);
      const value = shape.address ? '__result.toString()' : '__result';
      body = `  const __result = ${call};\n  return new Args().add<${shape.argsType}>(${value}).serialize();`;
    }
    const opening = reads.length > 0 ? ['  const __args = new Args(__binaryArgs);', ...reads] : [];
    wrappers.push(
      [
        `function ${typedExportWrapper(name)}(__binaryArgs: StaticArray<u8>): ${returnType === 'void' ? 'void' : 'StaticArray<u8>'} {`,
        ...opening,
        body,
        '}',
        `export { ${typedExportWrapper(name)} as ${name} };`,
      ].join('\n'),
    );
    // The `export` keyword, blanked: the function stays callable from the contract's own code.
    const head = text.slice(statement.range.start, statement.name.range.start);
    const at = /\bexport\b/.exec(head);
    if (at) blanks.push([statement.range.start + at.index, 'export'.length]);
    typed++;
  }
  if (typed === 0) return null;
  let rewritten = text;
  for (const [start, length] of blanks.reverse()) rewritten = rewritten.slice(0, start) + ' '.repeat(length) + rewritten.slice(start + length);
  const importsArgs = /import\s*\{[^}]*\bArgs\b[^}]*\}\s*from/.test(text);
  return {
    text: [
      rewritten,
      '',
      '// Added by Mason: the typed exports above, callable by a node (docs/abi.md#typed-exports).',
      ...(importsArgs ? [] : [`import { Args } from '${SDK}';`]),
      ...wrappers,
      '',
    ].join('\n'),
  };
}
