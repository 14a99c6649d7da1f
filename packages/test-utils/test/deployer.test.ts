import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileContract, DEPLOYER_SOURCE, deployerDatastore } from '../src/index.js';

// @types/node declares WebAssembly's types only; the value is Node's global.
declare const WebAssembly: { Module: { new (bytes: Uint8Array): object; exports(module: object): Array<{ name: string }> } };

describe('the shared deployer', () => {
  it("lays out the datastore as massa-web3 does: count, then each contract's bytecode, args and coins", () => {
    const le = (n: number) => [n, 0, 0, 0, 0, 0, 0, 0];
    const datastore = deployerDatastore([{ bytecode: Uint8Array.of(9), args: Uint8Array.of(7), coins: 5n }, { bytecode: Uint8Array.of(8) }]);
    expect(datastore.map(([key, value]) => [Array.from(key), Array.from(value)])).toEqual([
      [[0], le(2)],
      [le(1), [9]],
      [[...le(1), 1, 0, 0, 0, 0], [7]],
      [[...le(1), 1, 0, 0, 0, 1], le(5)],
      [le(2), [8]],
      // args and coins keys always written, empty and zero when not given, as massa-web3 does
      [[...le(2), 1, 0, 0, 0, 0], []],
      [[...le(2), 1, 0, 0, 0, 1], le(0)],
    ]);
  });

  it('compiles, with the official SDK, to a module exporting main', async () => {
    expect(existsSync(DEPLOYER_SOURCE)).toBe(true);
    const wasm = await compileContract(DEPLOYER_SOURCE, { flavor: 'official' });
    const exports = WebAssembly.Module.exports(new WebAssembly.Module(wasm)).map((e) => e.name);
    expect(exports).toContain('main');
  });

  it('refuses the mason flavor without an asconfig', async () => {
    await expect(compileContract(DEPLOYER_SOURCE)).rejects.toThrow(/needs options.asconfig/);
  });
});
