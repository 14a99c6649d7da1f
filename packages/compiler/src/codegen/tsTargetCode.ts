// Code that the bindings of both targets (masonTarget, massaWeb3Target) write.
import { spread, ts } from './codeText.js';

/** An import of a type: in TypeScript only. */
export const typeImport = (name: string, language: 'ts' | 'js'): string[] => (language === 'ts' ? [`type ${name}`] : []);

/** An options interface: its doc comment, name and member lines. */
export const optionsInterface = (doc: string, name: string, members: readonly string[]): string[] => [
  `/** ${doc} */`,
  `export interface ${name} {`,
  ...members,
  '}',
  '',
];

export const WAIT_OPTION = [
  '/** Return once the operation has executed (`speculative`) or is final; default: once it is sent. */',
  "wait?: 'speculative' | 'final';",
];

/** `#read(func, parameter, options)`: who calls (`caller`), then `body`, which makes the read-only call. */
export const readMethod = (isAsync: boolean, caller: string, body: readonly string[]): string[] => [
  `${isAsync ? 'async ' : ''}#read(func${ts(': string')}, parameter${ts(': Uint8Array')}, options${ts(': ReadOptions')})${ts(': Promise<Uint8Array>')} {`,
  `const caller = ${caller};`,
  ...body,
  '}',
];

/** The fields of a read-only call. */
export const READ_FIELDS = [
  'target: this.address,',
  'func,',
  'parameter,',
  '...(caller !== undefined && { caller }),',
  ...spread('options', ['coins', 'fee', 'maxGas']),
];

/** The fields of a CallSC operation. */
export const WRITE_FIELDS = ['target: this.address,', 'func,', 'parameter,', ...spread('options', ['coins', 'fee', 'maxGas', 'periodToLive'])];
