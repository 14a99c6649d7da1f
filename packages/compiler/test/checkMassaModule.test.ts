import { MemoryLedger, Vm } from '@mason/vm';
import { WasmWriter } from '@mason/wasm';
import { describe, expect, it } from 'vitest';
import { buildWasm, type ModuleSpec } from '@mason/test-utils';
import { checkMassaModule, CompilerError } from '../src/index.js';

const SENDER = 'AU12dG5xP1RDEB5ocdHkymNVvvSJmUL9BgHwCksDowqmGWxfpm93x';
const RUNTIME = ['__new', '__pin', '__unpin', '__collect'];

/** A module with the runtime exports a node looks up (all on one function), plus `spec`. */
function contract(spec: ModuleSpec = {}): Uint8Array {
  return buildWasm({
    memory: { min: 1 },
    functions: [
      { body: [], export: 'main' },
      { params: [0x7f], results: [0x7f], body: [0x20, 0] },
    ],
    extraExports: RUNTIME.map((name): [string, number, number] => [name, 0, 1]),
    ...spec,
  });
}

/** `bytes` with a name section naming function 0 `name`. */
function withFunctionName(bytes: Uint8Array, name: string): Uint8Array {
  const names = new WasmWriter().u32(1).u32(0).name(name).toBytes();
  const payload = new WasmWriter().name('name').byte(1).u32(names.length).bytes(names).toBytes();
  return new WasmWriter().bytes(bytes).section(0, payload).toBytes();
}

function compilerRefusal(bytes: Uint8Array): string | undefined {
  try {
    checkMassaModule(bytes, 'build/x.wasm');
    return undefined;
  } catch (error) {
    if (error instanceof CompilerError && error.code === 'MASON_COMPILER_NODE_LIMIT') return String(error.context.reason);
    throw error;
  }
}

function vmRefusal(bytes: Uint8Array): string | undefined {
  const ledger = new MemoryLedger({ [SENDER]: { balance: 10n ** 12n } });
  const result = new Vm({ state: ledger, chainId: 77n }).executeSC({ bytecode: bytes, caller: SENDER, maxGas: 3_980_167_295n });
  return result.ok ? undefined : result.error!.nodeMessage;
}

describe('mason build refuses exactly the modules the VM (and a node) refuses', () => {
  const cases: Array<[string, Uint8Array, RegExp]> = [
    ['a function name of 257 bytes', withFunctionName(contract(), 'f'.repeat(257)), /name of function f+ is 257 bytes long, above the node's 256/],
    ['513 global initializers', contract({ globals: 513 }), /513 global initializers, above the node's 512/],
    [
      'a signature of 73 values',
      contract({
        functions: [
          { body: [], export: 'main' },
          { params: new Array(73).fill(0x7f), body: [] },
        ],
      }),
      /73 parameters and results, above 72/,
    ],
  ];

  it.each(cases)('%s: refused by both, with the reason', (_, bytes, reason) => {
    expect(compilerRefusal(bytes)).toMatch(reason);
    expect(vmRefusal(bytes)).toMatch(/CondomMiddleware/);
  });

  it('accepts the same modules the VM runs, right at the limits', () => {
    const atLimits = withFunctionName(contract({ globals: 512 }), 'f'.repeat(256));
    expect(compilerRefusal(atLimits)).toBeUndefined();
    expect(vmRefusal(atLimits)).toBeUndefined();
  });

  it('refuses a wasm feature the node disables as an invalid module, not a crash', () => {
    const simd = contract({
      functions: [
        { body: [], export: 'main' },
        { params: [0x7b], body: [] },
      ],
    });
    expect(() => checkMassaModule(simd, 'build/simd.wasm')).toThrow(/build\/simd.wasm is not a valid WebAssembly module: SIMD support is not enabled/);
    expect(vmRefusal(simd)).toMatch(/SIMD support is not enabled/);
  });
});
