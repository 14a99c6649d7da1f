import { createHash } from 'node:crypto';
import { Args, MAS, SecretKey } from '@mason/codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryLedger, ModuleCache, Vm, type ModuleTransform } from '../src/index.js';
import { createGasCosts } from '../src/gas/GasCosts.js';
import { NODE_CONDOM_LIMITS } from '@mason/wasm';
import { compileContract } from './helpers/compileContract.js';
import { CALL_GAS, CHAIN_ID, CONTEXT, SENDER } from './helpers/fixtures.js';

const A = SecretKey.fromSeed(new Uint8Array(32).fill(4)).publicKey.address().toString().replace(/^AU/, 'AS');
const PARAM = new Args().addString('same parameter every time').serialize();

let bytecode: Uint8Array;
beforeAll(async () => {
  bytecode = await compileContract('pooling');
});

function run(cache: ModuleCache) {
  const ledger = new MemoryLedger({ [SENDER]: { balance: 1_000n * MAS }, [A]: { balance: MAS, bytecode } });
  const vm = new Vm({ state: ledger, chainId: CHAIN_ID, moduleCache: cache });
  return vm.callSC({ caller: SENDER, target: A, function: 'look', param: PARAM, maxGas: CALL_GAS, context: CONTEXT });
}

describe('ModuleCache.instrument', () => {
  it('rewrites each module after metering and shows each instance once its execution is over', () => {
    const plain = run(new ModuleCache(createGasCosts(), NODE_CONDOM_LIMITS));
    const cache = new ModuleCache(createGasCosts(), NODE_CONDOM_LIMITS);
    const seen: string[] = [];
    const released: WebAssembly.Instance[] = [];
    const transform: ModuleTransform = (metered, { bytecodeHash, offsets }) => {
      seen.push(bytecodeHash);
      // Metered already: the charges are in (an original offset maps back).
      expect(offsets.toOriginal(metered.length - 1)).toBeDefined();
      return { bytes: metered, toMetered: (offset) => offset };
    };
    cache.instrument({ transform, released: (_, instance) => released.push(instance) });
    const first = run(cache);
    const second = run(cache);
    expect(first.ok && second.ok).toBe(true);
    expect(seen).toEqual([createHash('sha256').update(bytecode).digest('hex')]);
    expect(released).toHaveLength(2);
    expect(released[0]!.exports.memory).toBeInstanceOf(WebAssembly.Memory);
    expect(first.gasUsed).toBe(plain.gasUsed);

    cache.instrument(undefined);
    run(cache);
    expect(seen).toHaveLength(1);
    expect(released).toHaveLength(2);
  });
});
