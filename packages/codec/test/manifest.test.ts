import { describe, expect, it } from 'vitest';
import { CodecError, type Manifest, parseManifest } from '../src/index.js';

const HASH = 'a'.repeat(64);

/** A manifest as `mason build` writes it. */
const manifest = (): Manifest & Record<string, unknown> => ({
  format: 1,
  compiler: { name: '@mason/compiler', version: '0.1.0' },
  contracts: {
    main: {
      source: 'assembly/contracts/main.ts',
      wasm: { path: 'main.wasm', size: 11935, sha256: HASH },
      deployer: { path: 'main.deployer.wasm', size: 23588, sha256: HASH },
      sourceMap: { path: 'main.wasm.map', size: 10, sha256: HASH },
      exports: ['constructor', 'sum'],
      hasConstructor: true,
      sdk: { name: '@mason/sdk', version: '0.1.0' },
      asc: '0.27.37',
      sources: [{ path: '@mason/sdk/asconfig.json', sha256: HASH }],
    },
    'tokens/erc20': {
      source: 'assembly/contracts/tokens/erc20.ts',
      wasm: { path: 'tokens/erc20.wasm', size: 1, sha256: HASH },
      deployer: { path: 'tokens/erc20.deployer.wasm', size: 2, sha256: HASH },
      exports: [],
      hasConstructor: false,
      sdk: null,
      asc: '0.27.37',
      sources: [],
    },
  },
});

/** The error parseManifest throws for `text`, or a failure when it accepts it. */
function refusal(text: string): CodecError {
  try {
    parseManifest(text);
  } catch (error) {
    expect(error).toBeInstanceOf(CodecError);
    expect((error as CodecError).code).toBe('MASON_CODEC_MANIFEST_INVALID');
    return error as CodecError;
  }
  throw new Error(`accepted: ${text}`);
}

/** `manifest()` with one change made by `edit`. */
function edited(edit: (m: Record<string, any>) => void): string {
  const m = manifest() as Record<string, any>;
  edit(m);
  return JSON.stringify(m);
}

describe('parseManifest', () => {
  it('reads what the compiler writes, keeping fields it does not know', () => {
    const text = JSON.stringify({ ...manifest(), future: { field: 1 } });
    const parsed = parseManifest(text);
    expect(parsed).toEqual({ ...manifest(), future: { field: 1 } });
    expect(parsed.contracts['tokens/erc20']!.deployer.path).toBe('tokens/erc20.deployer.wasm');
  });

  it('refuses text that is not a manifest, naming the field', () => {
    const cases: Array<[string, string, string]> = [
      ['', 'the file', 'not JSON'],
      ['{"format": 1,', 'the file', 'not JSON'],
      ['[]', 'the file', 'it must be an object'],
      ['null', 'the file', 'it must be an object'],
      [edited((m) => (m.format = 2)), 'format', 'format 2 is not supported'],
      [edited((m) => (m.format = '1')), 'format', 'format "1" is not supported'],
      [edited((m) => delete m.compiler), 'compiler', 'it must be an object'],
      [edited((m) => (m.compiler.version = 1)), 'compiler.version', 'it must be a string'],
      [edited((m) => (m.contracts = [])), 'contracts', 'it must be an object'],
      [edited((m) => (m.contracts.main = 'main.wasm')), 'contracts.main', 'it must be an object'],
      [edited((m) => delete m.contracts.main.wasm), 'contracts.main.wasm', 'it must be an object'],
      [edited((m) => (m.contracts.main.deployer.path = 7)), 'contracts.main.deployer.path', 'it must be a string'],
      [edited((m) => (m.contracts.main.wasm.size = -1)), 'contracts.main.wasm.size', 'a byte count'],
      [edited((m) => (m.contracts.main.wasm.size = 1.5)), 'contracts.main.wasm.size', 'a byte count'],
      [edited((m) => (m.contracts.main.wasm.size = '3')), 'contracts.main.wasm.size', 'a byte count'],
      [edited((m) => (m.contracts.main.wasm.sha256 = HASH.toUpperCase())), 'contracts.main.wasm.sha256', '64 lowercase hex'],
      [edited((m) => (m.contracts.main.wasm.sha256 = 'abc')), 'contracts.main.wasm.sha256', '64 lowercase hex'],
      [edited((m) => (m.contracts.main.sourceMap = null)), 'contracts.main.sourceMap', 'it must be an object'],
      [edited((m) => (m.contracts.main.abi = { path: '../main.abi.json', size: 1, sha256: HASH })), 'contracts.main.abi.path', 'inside the build folder'],
      [edited((m) => (m.contracts.main.exports = ['a', 1])), 'contracts.main.exports', 'array of function names'],
      [edited((m) => (m.contracts.main.hasConstructor = 'yes')), 'contracts.main.hasConstructor', 'true or false'],
      [edited((m) => (m.contracts.main.sdk = '@mason/sdk')), 'contracts.main.sdk', 'it must be an object'],
      [edited((m) => delete m.contracts.main.sdk), 'contracts.main.sdk', 'it must be an object'],
      [edited((m) => (m.contracts.main.asc = null)), 'contracts.main.asc', 'it must be a string'],
      [edited((m) => (m.contracts.main.sources = {})), 'contracts.main.sources', 'it must be an array'],
      [edited((m) => (m.contracts.main.sources = [{ path: 'a.ts', sha256: 'x' }])), 'contracts.main.sources[0].sha256', '64 lowercase hex'],
    ];
    for (const [text, where, reason] of cases) {
      const error = refusal(text);
      expect(error.context.where, text).toBe(where);
      expect(String(error.context.reason), text).toContain(reason);
      expect(error.message).toContain(`(${where}: `);
      expect(error.message).toContain('`mason build` writes it anew');
    }
  });

  it('refuses a file path that would leave the build folder when joined to it', () => {
    for (const path of [
      '../secret.wasm',
      'a/../../b.wasm',
      '/etc/passwd',
      'C:\\x.wasm',
      'c:x.wasm',
      'a\\..\\b',
      './main.wasm',
      'a//b.wasm',
      '',
      'main.wasm/',
      'a\0b',
    ]) {
      const error = refusal(edited((m) => (m.contracts.main.wasm.path = path)));
      expect(error.context.where).toBe('contracts.main.wasm.path');
      expect(error.context.reason).toBe(`"${path}" is not a /-separated path inside the build folder`);
    }
  });

  it('checks a contract named like an Object property as any other', () => {
    const text = JSON.stringify(manifest()).replace('"main":', '"__proto__":');
    const parsed = parseManifest(text);
    expect(Object.keys(parsed.contracts)).toContain('__proto__');
    const hostile = text.replace('"path":"main.wasm"', '"path":"../main.wasm"');
    expect(refusal(hostile).context.where).toBe('contracts.__proto__.wasm.path');
  });
});
