import { Args, MAS, SecretKey } from '@mason/codec';
import { populateDatastore } from '@massalabs/massa-web3';
import { MemoryLedger, Vm } from '@mason/vm';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  build,
  bundleDeployer,
  checkMassaModule,
  CompilerError,
  deployerDatastore,
  embeddedContract,
  loadDeployerTemplate,
  NODE_LIMITS,
} from '../src/index.js';
import { compileDeployerTemplate } from '../src/compileDeployerTemplate.js';
import { deployerTemplateKey } from '../src/deployerTemplateKey.js';
import { parseModule, WasmWriter } from '@mason/wasm';
import { customSections, foreignImports, memoryLimits } from './support/massaRules.js';
import { PLAIN, makeProject } from './support/project.js';

const SENDER = SecretKey.fromSeed(new Uint8Array(32).fill(7)).publicKey.address().toString();

let template: Uint8Array;
let contract: Uint8Array;

/** `bytes` with a custom section of `size` payload bytes appended (still one custom section). */
function padded(bytes: Uint8Array, total: number): Uint8Array {
  const name = new WasmWriter().name('pad').toBytes();
  const fill = total - bytes.length - name.length - 4; // section id + a 3-byte size
  const section = new WasmWriter().bytes(name).bytes(new Uint8Array(fill).fill(0xab)).toBytes();
  return new WasmWriter().bytes(bytes).section(0, section).toBytes();
}

function thrown(run: () => unknown): CompilerError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CompilerError);
    return error as CompilerError;
  }
  throw new Error('did not throw');
}

beforeAll(async () => {
  template = (await loadDeployerTemplate()).bytes;
  const root = makeProject({ 'assembly/contracts/plain.ts': PLAIN });
  const result = await build({ root });
  contract = new Uint8Array(readFileSync(result.contracts[0]!.wasm));
}, 60_000);

describe('bundleDeployer', () => {
  it('appends the contract as one passive segment and re-exports main, leaving the rest as it was', () => {
    const bundled = bundleDeployer(template, contract);
    const before = parseModule(template);
    const after = parseModule(bundled);
    expect(WebAssembly.validate(bundled)).toBe(true);
    expect(after.passiveDataSegments).toBe(1);
    expect(after.activeDataSegments).toBe(before.activeDataSegments);
    expect(after.dataCount).toBe(before.activeDataSegments + 1);
    expect(after.functionTypes).toHaveLength(before.functionTypes.length + 1);
    expect(after.imports).toEqual(before.imports);
    expect(after.memories).toEqual(before.memories);
    const main = after.exports.find((entry) => entry.name === 'main')!;
    expect(main.index).toBe(after.importedFunctionCount + before.functionTypes.length);
    expect(after.exports.map((entry) => entry.name).sort()).toEqual(['__collect', '__new', '__pin', '__rtti_base', '__unpin', 'main', 'memory']);
    expect(bundled.length - template.length - contract.length).toBeLessThan(80);
    expect(embeddedContract(bundled)).toEqual(contract);
    expect(embeddedContract(template)).toBeUndefined();
    expect(bundleDeployer(template, contract)).toEqual(bundled);
  });

  it('carries a 500 KB contract in a module the node accepts, and deploys it', () => {
    const big = padded(contract, 500_000);
    expect(big.length).toBe(500_000);
    const started = performance.now();
    const bundled = bundleDeployer(template, big);
    console.log(`bundling a 500 KB contract: ${(performance.now() - started).toFixed(1)} ms`);
    expect(WebAssembly.validate(bundled)).toBe(true);
    expect(() => new WebAssembly.Module(bundled)).not.toThrow();
    checkMassaModule(bundled, 'big deployer');
    expect(foreignImports(bundled)).toEqual([]);
    expect(customSections(bundled)).toEqual([]);
    expect(memoryLimits(bundled)).toEqual(memoryLimits(template));
    expect(memoryLimits(bundled).maximum).toBe(NODE_LIMITS.maxMemoryPages);

    const ledger = new MemoryLedger({ [SENDER]: { balance: 1_000n * MAS } });
    const result = new Vm({ state: ledger, chainId: 77n }).executeSC({
      bytecode: bundled,
      caller: SENDER,
      maxGas: 3_980_167_295n,
      datastore: deployerDatastore(),
    });
    expect(result.error).toBeUndefined();
    expect(ledger.getBytecode(result.createdAddresses[0]!)).toEqual(big);
  });

  it('refuses what it cannot bundle', () => {
    const bundled = bundleDeployer(template, contract);
    expect(thrown(() => bundleDeployer(bundled, contract)).message).toBe(
      'The deployer template cannot be used: it already carries a contract; reinstall @mason/compiler',
    );
    expect(thrown(() => bundleDeployer(contract, contract)).message).toContain('it does not export the function main');
    expect(thrown(() => bundleDeployer(Uint8Array.of(1, 2, 3), contract)).code).toBe('MASON_COMPILER_INVALID_WASM');
    const tooLarge = thrown(() => bundleDeployer(template, new Uint8Array(NODE_LIMITS.maxEmbeddedContract + 1), 'build/huge.wasm'));
    expect(tooLarge.code).toBe('MASON_COMPILER_CONTRACT_TOO_LARGE');
    expect(tooLarge.context).toMatchObject({ file: 'build/huge.wasm', size: NODE_LIMITS.maxEmbeddedContract + 1 });
  });
});

describe('deployerDatastore', () => {
  it("writes massa-web3's keys and values, in its order", () => {
    const contracts = [
      { data: contract, args: new Args().addString('a').serialize(), coins: 5n },
      { data: Uint8Array.of(0, 97, 115, 109), args: new Uint8Array(), coins: 0n },
    ];
    const ours = deployerDatastore(contracts.map((c) => ({ bytecode: c.data, args: c.args, coins: c.coins })));
    expect(ours).toEqual([...populateDatastore(contracts)]);
  });

  it('leaves out the bytecode of the contract a bundled deployer carries', () => {
    expect(deployerDatastore([{ args: Uint8Array.of(9), coins: MAS }])).toEqual([
      [Uint8Array.of(0), new Args().addU64(1n).serialize()],
      [new Args().addU64(1n).addUint8Array(Uint8Array.of(0)).serialize(), Uint8Array.of(9)],
      [new Args().addU64(1n).addUint8Array(Uint8Array.of(1)).serialize(), new Args().addU64(MAS).serialize()],
    ]);
  });
});

describe('the deployer template', () => {
  it('is compiled once, kept under the key of its sources, and reproducible', async () => {
    const loaded = await loadDeployerTemplate();
    expect(await loadDeployerTemplate()).toBe(loaded);
    expect(loaded.key).toBe(deployerTemplateKey());
    expect(['prebuilt', 'cache', 'compiled']).toContain(loaded.origin);
    expect(await compileDeployerTemplate()).toEqual(loaded.bytes);
    const module = checkMassaModule(loaded.bytes, 'template');
    expect(module.passiveDataSegments).toBe(0);
    expect(module.exports.map((entry) => entry.name)).toEqual(expect.arrayContaining(['main', 'deployEmbedded', '__new']));
  }, 30_000);
});
