import type { Abi, AbiFunction, AbiType, AbiValue } from '@mason/codec/base';
import { INT_BYTES } from './abiShapes.js';
import { finishCode, quote } from './codeText.js';
import { isIdentifier, pascalCase, uniqueNames } from './codegenNames.js';
import { CODEGEN_HEADER } from './generateTsBindings.js';

/** The SDK the calling contract is written with: `@mason/sdk`, or `@massalabs/massa-as-sdk` with `@massalabs/as-types` and as-bignum. */
export type AsSdk = 'mason' | 'massa';

export interface AsBindingsOptions {
  sdk: AsSdk;
  abiPath: string;
}

const WIDE = new Set(['u128', 'i128', 'u256']);
const NATIVE = new Set(['bool', 'f32', 'f64', 'string', ...Object.keys(INT_BYTES).filter((t) => INT_BYTES[t]! <= 8)]);

/** The AssemblyScript type of a value, or null when a caller class cannot pass or read it (it then takes or returns bytes). */
function asType(type: AbiType, sdk: AsSdk): string | null {
  if (NATIVE.has(type)) return type;
  if (type === 'bytes') return 'StaticArray<u8>';
  if (WIDE.has(type)) return sdk === 'massa' ? type : 'StaticArray<u8>';
  if (type.endsWith('[]') && NATIVE.has(type.slice(0, -2))) return `Array<${type.slice(0, -2)}>`;
  return null;
}

function addCall(value: AbiValue, name: string, sdk: AsSdk): string {
  const { type } = value;
  if (value.format === 'address' && type === 'string') return `.add<string>(${name}.toString())`;
  if (sdk === 'mason' && WIDE.has(type)) return `.add${type[0]!.toUpperCase()}${type.slice(1)}Bytes(${name})`;
  return `.add<${asType(type, sdk)}>(${name})`;
}

function nextCall(type: AbiType, sdk: AsSdk): string {
  if (type === 'bytes') return 'nextBytes()';
  if (WIDE.has(type)) return sdk === 'mason' ? `next${type[0]!.toUpperCase()}${type.slice(1)}Bytes()` : `next${type[0]!.toUpperCase()}${type.slice(1)}()`;
  if (type.endsWith('[]')) {
    const element = type.slice(0, -2);
    if (sdk === 'mason') return `nextArray<${element}>()`;
    return element === 'string' ? 'nextStringArray()' : `nextFixedSizeArray<${element}>()`;
  }
  return `next${type[0]!.toUpperCase()}${type.slice(1)}()`;
}

interface Method {
  params: string;
  returnType: string;
  body: string;
  imports: string[];
}

function method(fn: AbiFunction, sdk: AsSdk): Method {
  const params = fn.params;
  const known = params !== 'unknown' && params.every((p) => !p.optional && asType(p.type, sdk) !== null);
  const names = known
    ? uniqueNames(
        params.map((p) => p.name),
        (i) => `arg${i + 1}`,
        ['coins', 'args', 'result', 'this'],
      )
    : ['args'];
  const imports: string[] = [];
  const typeOf = (p: AbiValue) => (p.format === 'address' && p.type === 'string' ? 'Address' : asType(p.type, sdk)!);
  const paramList = known ? params.map((p, i) => `${names[i]}: ${typeOf(p)}`) : ['args: Args'];
  const args = known ? `new Args()${params.map((p, i) => addCall(p, names[i]!, sdk)).join('')}` : 'args';
  const callExpression = `call(this._origin, ${quote(fn.name)}, ${args}, coins)`;
  const returns = fn.returns;
  let returnType = 'void';
  let body = `${callExpression};`;
  if (returns !== null) {
    const single = returns.encoding === 'raw' ? returns.type : returns.encoding === 'args' && returns.values.length === 1 ? returns.values[0]!.type : null;
    const rawString = returns.encoding === 'raw' && returns.type === 'string';
    if (rawString) {
      returnType = 'string';
      body = `return bytesToString(${callExpression});`;
      imports.push('bytesToString');
    } else if (returns.encoding === 'raw' && returns.type === 'bytes') {
      returnType = 'StaticArray<u8>';
      body = `return ${callExpression};`;
    } else if (single !== null && asType(single, sdk) !== null && !(returns.encoding === 'raw' && single.endsWith('[]'))) {
      returnType = asType(single, sdk)!;
      body = `return new Args(${callExpression}).${nextCall(single, sdk)}.expect(${quote(`${fn.name} returned no ${single}`)});`;
    } else if (returns.encoding === 'args') {
      // Several values: the caller reads them in order.
      returnType = 'Args';
      body = `return new Args(${callExpression});`;
    } else {
      returnType = 'StaticArray<u8>';
      body = `return ${callExpression};`;
    }
  }
  return { params: [...paramList, 'coins: u64 = 0'].join(', '), returnType, body, imports };
}

function describe(fn: AbiFunction): string {
  if (fn.params === 'unknown') return `${fn.name}(…): its parameters could not be read from the source, so it takes the Args`;
  const params = fn.params.map((p) => `${p.name ?? '_'}: ${p.type}${p.optional ? '?' : ''}`).join(', ');
  const optional = fn.params.some((p) => p.optional) ? ' (some are optional: it takes the Args)' : '';
  return `${fn.name}(${params})${optional}`;
}

/**
 * An AssemblyScript class that calls a deployed contract from another contract, in the SDK's own
 * style: `new TokenRef(address).transfer(to, amount)` makes the `call` with the `Args` the
 * contract reads and decodes what it returns. Types a contract cannot pass (structs, what the ABI
 * leaves unknown) make the method take the `Args` and return the bytes.
 */
export function generateAsBindings(abi: Abi, options: AsBindingsOptions): string {
  const className = `${pascalCase(abi.contract)}Ref`;
  const methods: string[] = [];
  const used = new Set<string>(['Address', 'Args', 'call']);
  const wide = new Set<string>();
  for (const fn of abi.functions) {
    if (fn.name === 'constructor' || !isIdentifier(fn.name) || fn.name === '_origin') continue;
    const m = method(fn, options.sdk);
    for (const name of m.imports) used.add(name);
    for (const type of WIDE) if (options.sdk === 'massa' && new RegExp(`\\b${type}\\b`).test(`${m.params} ${m.returnType}`)) wide.add(type);
    methods.push('', `/** Calls ${describe(fn)}, sending \`coins\` nanoMAS with it. */`, `${fn.name}(${m.params}): ${m.returnType} {`, m.body, '}');
  }
  const sorted = (names: Iterable<string>) => [...names].sort((a, b) => a.localeCompare(b));
  const imports =
    options.sdk === 'mason'
      ? [`import { ${sorted(used).join(', ')} } from '@mason/sdk';`]
      : [
          `import { ${sorted([...used].filter((n) => n === 'Address' || n === 'call')).join(', ')} } from '@massalabs/massa-as-sdk';`,
          `import { ${sorted([...used].filter((n) => n !== 'Address' && n !== 'call')).join(', ')} } from '@massalabs/as-types';`,
          ...(wide.size > 0 ? [`import { ${sorted(wide).join(', ')} } from 'as-bignum/assembly';`] : []),
        ];
  const code = [
    `// ${CODEGEN_HEADER}`,
    `// Calls ${abi.contract} (${abi.source}) from another contract, from ${options.abiPath}: run \`mason codegen --as\` again when it changes.`,
    '',
    ...imports,
    '',
    `/** ${abi.contract} deployed at an address, called from a contract: \`new ${className}(address).${abi.functions.find((f) => f.name !== 'constructor')?.name ?? 'fn'}(…)\`. */`,
    `export class ${className} {`,
    '_origin: Address;',
    '',
    'constructor(at: Address) {',
    'this._origin = at;',
    '}',
    ...methods,
    '}',
  ];
  return finishCode(code.join('\n'), 'ts');
}
