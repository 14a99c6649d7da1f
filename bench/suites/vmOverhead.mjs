// What the VM adds to a contract call: the same compiled module and exported function, run
// through @mason/vm (gas-metered module, the node's host functions, an instance reused from its
// pool and put back to the module's initial state, journaled state) against a plain WebAssembly
// instance with trivial host imports and no metering: a fresh one per call (what a call costs
// without reuse), and one instance called again and again (the floor: no reset, no isolation).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAS, SecretKey } from '@mason/codec';
import { build } from '@mason/compiler';
import { MemoryLedger, Vm } from '@mason/vm';
import { median } from '../lib.mjs';

const CONTRACT = `import { stringToBytes } from '@mason/sdk';
export function noop(_: StaticArray<u8>): void {}
export function compute(_: StaticArray<u8>): StaticArray<u8> {
  let x: u64 = 0x9E3779B97F4A7C15;
  for (let i = 0; i < 1_000_000; i++) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
  }
  return stringToBytes(x.toString());
}
`;

const CONTEXT = { slot: { period: 12, thread: 3 }, timestamp: 1_760_000_006_000 };

async function compile() {
  const root = mkdtempSync(join(tmpdir(), 'mason-bench-vm-'));
  try {
    symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
    mkdirSync(join(root, 'assembly/contracts'), { recursive: true });
    writeFileSync(join(root, 'assembly/contracts/bench.ts'), CONTRACT);
    await build({ root });
    return new Uint8Array(readFileSync(join(root, 'build/bench.wasm')));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** µs per call: the median of `batches` batches of `perBatch` calls, after one warm-up batch. */
function perCall(run, perBatch, batches) {
  for (let i = 0; i < perBatch; i++) run();
  const samples = [];
  for (let b = 0; b < batches; b++) {
    const started = performance.now();
    for (let i = 0; i < perBatch; i++) run();
    samples.push(((performance.now() - started) * 1000) / perBatch);
  }
  return median(samples);
}

/** Returns StaticArray<u8> bytes at `ptr` (its byte length is the rtSize word before it). */
function readStaticArray(memory, ptr) {
  if (!ptr) return new Uint8Array();
  const size = new Uint32Array(memory.buffer, ptr - 4, 1)[0];
  return new Uint8Array(memory.buffer.slice(ptr, ptr + size));
}

export async function vmOverhead({ quick = false } = {}) {
  const bytecode = await compile();
  const caller = SecretKey.fromSeed(new Uint8Array(32).fill(1)).publicKey.address().toString();
  const target = SecretKey.fromSeed(new Uint8Array(32).fill(2)).publicKey.address().toString().replace(/^AU/, 'AS');
  const ledger = new MemoryLedger({ [caller]: { balance: 1_000_000n * MAS }, [target]: { balance: MAS, bytecode } });
  const vm = new Vm({ state: ledger, chainId: 77n });

  // The direct baseline: same bytes, compiled once, a fresh instance per call (as the VM does),
  // every import a no-op (none is called by these functions).
  const module = new WebAssembly.Module(bytecode);
  const imports = {};
  for (const { module: from, name, kind } of WebAssembly.Module.imports(module)) {
    if (kind !== 'function') throw new Error(`unexpected ${kind} import ${from}.${name}`);
    (imports[from] ??= {})[name] = () => 0;
  }
  const direct = (fn) => {
    const instance = new WebAssembly.Instance(module, imports);
    return readStaticArray(instance.exports.memory, instance.exports[fn](0));
  };
  const kept = new WebAssembly.Instance(module, imports);
  const reused = (fn) => readStaticArray(kept.exports.memory, kept.exports[fn](0));
  const viaVm = (fn) => {
    const result = vm.callSC({ caller, target, function: fn, maxGas: 3_000_000_000n, context: CONTEXT });
    if (!result.ok) throw new Error(`callSC ${fn}: ${result.error?.nodeMessage}`);
    return result;
  };
  const viaReadOnly = (fn) => {
    const result = vm.readOnlyCall({ caller, target, function: fn, maxGas: 3_000_000_000n, context: CONTEXT });
    if (!result.ok) throw new Error(`readOnlyCall ${fn}: ${result.error?.nodeMessage}`);
    return result;
  };
  const expected = Buffer.from(direct('compute')).toString();
  const got = Buffer.from(viaVm('compute').returnValue).toString();
  if (got !== expected) throw new Error(`VM and direct results differ: ${got} vs ${expected}`);
  const computeGas = viaVm('compute').gasUsed;

  const batches = quick ? 5 : 9;
  const rows = [];
  const ANCHOR = 'same module, plain WebAssembly.Instance per call, no-op imports, no metering';
  const noopDirect = perCall(() => direct('noop'), quick ? 500 : 2000, batches);
  const noopReused = perCall(() => reused('noop'), quick ? 2000 : 10000, batches);
  const noopVm = perCall(() => viaVm('noop'), quick ? 200 : 1000, batches);
  const noopRo = perCall(() => viaReadOnly('noop'), quick ? 200 : 1000, batches);
  const computeDirect = perCall(() => direct('compute'), quick ? 10 : 30, batches);
  const computeVm = perCall(() => viaVm('compute'), quick ? 10 : 30, batches);
  rows.push(
    {
      name: 'VM callSC, empty function',
      value: noopVm,
      unit: 'µs/call',
      anchor: ANCHOR,
      anchorValue: noopDirect,
      ratio: noopVm / noopDirect,
      target: '≤ 1.5×',
    },
    {
      name: 'VM readOnlyCall, empty function',
      value: noopRo,
      unit: 'µs/call',
      anchor: ANCHOR,
      anchorValue: noopDirect,
      ratio: noopRo / noopDirect,
      target: 'report',
    },
    {
      name: '  VM callSC, empty, vs one plain instance',
      value: noopVm,
      unit: 'µs/call',
      anchor: 'same module, one plain instance called repeatedly (no reset)',
      anchorValue: noopReused,
      ratio: noopVm / noopReused,
      target: 'report',
    },
    {
      name: 'VM callSC, 1M-iteration loop (metering)',
      value: computeVm,
      unit: 'µs/call',
      anchor: ANCHOR,
      anchorValue: computeDirect,
      ratio: computeVm / computeDirect,
      target: '≤ 1.1×',
      gasUsed: String(computeGas),
    },
  );
  return rows;
}
