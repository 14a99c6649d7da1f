import { ts } from './codeText.js';
import type { TsHelper } from './tsValueCode.js';

/** The library a module calls the node through; its errors differ. */
export type HelperTarget = 'mason' | 'massa-web3';

const lengthError = (target: HelperTarget) =>
  target === 'mason'
    ? "throw new CodecError('MASON_CODEC_LENGTH_INVALID', { what, expected, actual: bytes.length });"
    : // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal of the generated code
      'throw new Error(`${what} must be ${expected} bytes, got ${bytes.length}`);';

const trailingError = (target: HelperTarget) =>
  target === 'mason'
    ? "throw new CodecError('MASON_CODEC_TRAILING_BYTES', { what, count: bytes.length - args.offset, offset: args.offset });"
    : // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal of the generated code
      'throw new Error(`${what} has ${bytes.length - args.offset} unexpected trailing byte(s) after offset ${args.offset}`);';

/** The helper functions generated code calls, each written once in a module that uses it. */
export const TS_HELPERS: Record<TsHelper, (target: HelperTarget) => string> = {
  arrayBytes: () =>
    [
      '/** An `Args` array: its elements one after the other. */',
      `function arrayBytes${ts('<T>')}(values${ts(': readonly T[]')}, write${ts(': (args: Args, value: T) => void')})${ts(': Uint8Array')} {`,
      'const args = new Args();',
      'for (const value of values) write(args, value);',
      'return args.serialize();',
      '}',
    ].join('\n'),
  readArray: () =>
    [
      `function readArray${ts('<T>')}(bytes${ts(': Uint8Array')}, read${ts(': (args: Args) => T')})${ts(': T[]')} {`,
      'const args = new Args(bytes);',
      `const values${ts(': T[]')} = [];`,
      'while (args.offset < bytes.length) values.push(read(args));',
      'return values;',
      '}',
    ].join('\n'),
  bytesOf: () =>
    [
      `function bytesOf(parameter${ts(': Args | Uint8Array')})${ts(': Uint8Array')} {`,
      'return parameter instanceof Uint8Array ? parameter : parameter.serialize();',
      '}',
    ].join('\n'),
  expectLength: (target) =>
    [
      `function expectLength(bytes${ts(': Uint8Array')}, expected${ts(': number')}, what${ts(': string')})${ts(': void')} {`,
      `if (bytes.length !== expected) ${lengthError(target)}`,
      '}',
    ].join('\n'),
  expectEnd: (target) =>
    [
      `function expectEnd(args${ts(': Args')}, bytes${ts(': Uint8Array')}, what${ts(': string')})${ts(': void')} {`,
      `if (args.offset !== bytes.length) ${trailingError(target)}`,
      '}',
    ].join('\n'),
  utf8: () =>
    [`function utf8(bytes${ts(': Uint8Array')})${ts(': string')} {`, "return new TextDecoder('utf-8', { fatal: true }).decode(bytes);", '}'].join('\n'),
  eventInt: () =>
    [`function eventInt(text${ts(': string')})${ts(': bigint | undefined')} {`, 'return /^-?[0-9]+$/.test(text) ? BigInt(text) : undefined;', '}'].join('\n'),
  eventNumber: () =>
    [`function eventNumber(text${ts(': string')})${ts(': number | undefined')} {`, 'return /^-?[0-9]+$/.test(text) ? Number(text) : undefined;', '}'].join(
      '\n',
    ),
  eventFloat: () =>
    [
      `function eventFloat(text${ts(': string')})${ts(': number | undefined')} {`,
      'const value = Number(text);',
      "return text.trim() === '' || (Number.isNaN(value) && text !== 'NaN') ? undefined : value;",
      '}',
    ].join('\n'),
};
