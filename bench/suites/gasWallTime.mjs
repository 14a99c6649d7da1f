// Wall time per unit of gas. Gas is the node's (23 per operator, the ABI table), so it bounds a
// node's work but not its wall time: a 4 MiB memory.fill is one operator, a hash of a 3 MB
// buffer one ABI call. Each row runs one operator class or ABI with its worst-case input in a
// loop through @mason/vm (no watchdog), and reports µs per gas from the difference between a short
// and a long run (instantiation cancels out), the anchor being plain integer arithmetic.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Address, Args, blake3, blake3WasmReady, MAS, SecretKey } from '@mason/codec';
import { build } from '@mason/compiler';
import { MemoryLedger, Vm } from '@mason/vm';

// @noble's pure-JS blake3, what the host functions hashed with before hash-wasm (the codec hashes
// large inputs with hash-wasm, once loaded): a dependency of the VM, resolved from there.
const fromVm = createRequire(import.meta.resolve('@mason/vm'));
const { blake3: nobleBlake3 } = await import(pathToFileURL(fromVm.resolve('@noble/hashes/blake3')).href);
await blake3WasmReady();

const MAX_GAS = 4_294_967_295n;
const BIG = 3_000_000;

// secp256k1 generator point (x ‖ y) as a valid public key; signature r = Gx, s = 1, v = 27.
const GX = '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
const GY = '483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8';
const hexBytes = (hex) =>
  `[${hex
    .match(/../g)
    .map((b) => `0x${b}`)
    .join(', ')}]`;

function contractSource(publicKey, signature, bigContract) {
  return `import { Address, Args, Context, call, env } from '@mason/sdk';

let sink: u64 = 0;
const BIG = ${BIG};
const n = (binaryArgs: StaticArray<u8>): u32 => new Args(binaryArgs).mustNext<u32>('n');
function add1(x: u64): u64 { return x + 1; }
function xor1(x: u64): u64 { return x ^ 1; }
const FNS: StaticArray<(x: u64) => u64> = [add1, xor1];

export function constructor(_: StaticArray<u8>): void {}
export function noop(_: StaticArray<u8>): void {}

export function opArith(a: StaticArray<u8>): void {
  let x: u64 = 1;
  for (let i: u32 = 0, k = n(a); i < k; i++) x = x * 6364136223846793005 + 1442695040888963407;
  sink = x;
}
export function opDiv(a: StaticArray<u8>): void {
  let x: u64 = 0xffffffffffff;
  for (let i: u32 = 0, k = n(a); i < k; i++) x = x / ((x & 0xff) | 3) + (x % 7919) + 0x9e3779b97f4a7c15;
  sink = x;
}
export function opFloat(a: StaticArray<u8>): void {
  let f: f64 = 2.0;
  for (let i: u32 = 0, k = n(a); i < k; i++) f = Math.sqrt(f * 1.0001 + 3.0) / 0.999;
  sink = <u64>f;
}
export function opMemory(a: StaticArray<u8>): void {
  const buffer = new StaticArray<u8>(1 << 20);
  const base = changetype<usize>(buffer);
  let x: u64 = 1;
  for (let i: u32 = 0, k = n(a); i < k; i++) {
    x = x * 6364136223846793005 + 1;
    const at = base + <usize>((x >> 20) & 0xffff8);
    store<u64>(at, load<u64>(at) + x);
  }
  sink = x;
}
export function opCallIndirect(a: StaticArray<u8>): void {
  let x: u64 = 1;
  for (let i: u32 = 0, k = n(a); i < k; i++) x = FNS[<i32>(i & 1)](x);
  sink = x;
}
export function opBrTable(a: StaticArray<u8>): void {
  let x: u64 = 1;
  for (let i: u32 = 0, k = n(a); i < k; i++) {
    switch (<i32>(x & 7)) {
      case 0: x += 3; break;
      case 1: x ^= 5; break;
      case 2: x += 11; break;
      case 3: x = x * 3; break;
      case 4: x -= 1; break;
      case 5: x ^= 0xff; break;
      case 6: x += 7; break;
      default: x += 1;
    }
  }
  sink = x;
}
export function opMemoryFill(a: StaticArray<u8>): void {
  const k = n(a);
  const pages = memory.size();
  if (pages < 64) memory.grow(64 - pages);
  for (let i: u32 = 0; i < k; i++) memory.fill(0, <u8>i, 64 << 16);
}
export function opMemoryCopy(a: StaticArray<u8>): void {
  const k = n(a);
  const pages = memory.size();
  if (pages < 64) memory.grow(64 - pages);
  for (let i: u32 = 0; i < k; i++) memory.copy(<usize>(i & 1) << 21, <usize>((i + 1) & 1) << 21, 2 << 20);
}

const big = (): StaticArray<u8> => new StaticArray<u8>(BIG);
export function abiHashBlake3(a: StaticArray<u8>): void { const data = big(); for (let i: u32 = 0, k = n(a); i < k; i++) env.hash(data); }
export function abiHashSha256(a: StaticArray<u8>): void { const data = big(); for (let i: u32 = 0, k = n(a); i < k; i++) env.hashSha256(data); }
export function abiHashKeccak(a: StaticArray<u8>): void { const data = big(); for (let i: u32 = 0, k = n(a); i < k; i++) env.keccak256Hash(data); }
export function abiSignatureVerify(a: StaticArray<u8>): void {
  const text = 'x'.repeat(BIG / 2);
  for (let i: u32 = 0, k = n(a); i < k; i++) sink += env.signatureVerify(text, '${signature}', '${publicKey}') ? 1 : 0;
}
const G: StaticArray<u8> = ${hexBytes(GX + GY)};
const SIG: StaticArray<u8> = ${hexBytes(GX + '00'.repeat(31) + '01' + '1b')};
export function abiEvmVerify(a: StaticArray<u8>): void {
  const data = big();
  for (let i: u32 = 0, k = n(a); i < k; i++) sink += env.evmSignatureVerify(data, SIG, G) ? 1 : 0;
}
export function abiEvmRecover(a: StaticArray<u8>): void {
  const hash = new StaticArray<u8>(32);
  for (let i: u32 = 0, k = n(a); i < k; i++) sink += env.evmGetPubkeyFromSignature(hash, SIG)[0];
}
export function abiSetData(a: StaticArray<u8>): void {
  const key: StaticArray<u8> = [1];
  const value = big();
  for (let i: u32 = 0, k = n(a); i < k; i++) env.setData(key, value);
}
export function abiGetData(a: StaticArray<u8>): void {
  const key: StaticArray<u8> = [2];
  // At most 3 iterations: the incremental GC does not free 1 MB buffers fast enough for more (a
  // hand-written module with its own allocator could loop forever).
  for (let i: u32 = 0, k = n(a); i < k; i++) sink += env.getData(key).length;
}
export function abiSetDataSmall(a: StaticArray<u8>): void {
  const value = new StaticArray<u8>(32);
  for (let i: u32 = 0, k = n(a); i < k; i++) {
    value[0] = <u8>i;
    env.setData(value, value);
  }
}
export function abiPrint(a: StaticArray<u8>): void {
  const text = 'x'.repeat(BIG / 2);
  for (let i: u32 = 0, k = n(a); i < k; i++) env.print(text);
}
export function abiCall(a: StaticArray<u8>): void {
  const self = Context.callee();
  for (let i: u32 = 0, k = n(a); i < k; i++) call(self, 'noop', new Args(), 0);
}
export function abiGetKeys(a: StaticArray<u8>): void {
  for (let i: u32 = 0, k = n(a); i < k; i++) sink += env.getKeys(new StaticArray<u8>(0)).length;
}
export function abiEvent(a: StaticArray<u8>): void {
  const text = 'x'.repeat(1000);
  for (let i: u32 = 0, k = n(a); i < k; i++) env.generateEvent(text);
}
export function abiFunctionExistsBig(a: StaticArray<u8>): void {
  for (let i: u32 = 0, k = n(a); i < k; i++) sink += env.functionExists('${bigContract}', 'main') ? 1 : 0;
}
export function abiCallBig(a: StaticArray<u8>): void {
  for (let i: u32 = 0, k = n(a); i < k; i++) call(new Address('${bigContract}'), 'main', new Args(), 0);
}
export function abiAddressFromPublicKey(a: StaticArray<u8>): void {
  for (let i: u32 = 0, k = n(a); i < k; i++) sink += env.addressFromPublicKey('${publicKey}').length;
}
export function abiRemainingGas(a: StaticArray<u8>): void {
  for (let i: u32 = 0, k = n(a); i < k; i++) sink += env.getRemainingGas();
}
`;
}

const ROWS = [
  ['opArith', 'operators: i64 mul/add loop (anchor)'],
  ['opDiv', 'operators: i64 div/rem'],
  ['opFloat', 'operators: f64 sqrt/div'],
  ['opMemory', 'operators: random loads/stores'],
  ['opCallIndirect', 'operators: call_indirect'],
  ['opBrTable', 'operators: br_table'],
  ['opMemoryFill', 'memory.fill of 4 MiB'],
  ['opMemoryCopy', 'memory.copy of 2 MiB'],
  ['abiHashBlake3', 'ABI hash (blake3), 3 MB'],
  ['abiHashSha256', 'ABI hash_sha256, 3 MB'],
  ['abiHashKeccak', 'ABI keccak256_hash, 3 MB'],
  ['abiSignatureVerify', 'ABI signature_verify, 1.5M-char data'],
  ['abiEvmVerify', 'ABI evm_signature_verify, 3 MB data'],
  ['abiEvmRecover', 'ABI evm_get_pubkey_from_signature'],
  ['abiSetData', 'ABI set_data, 3 MB value'],
  ['abiGetData', 'ABI get_data, 1 MB value', 3],
  ['abiSetDataSmall', 'ABI set_data, 32-byte keys and values (legitimate)'],
  ['abiPrint', 'ABI print, 1.5M chars'],
  ['abiCall', 'ABI call (a fresh instance per call)'],
  ['abiCallBig', 'ABI call of a 3 MB contract (its bytecode hashed per call)', 64],
  ['abiFunctionExistsBig', 'ABI function_exists on a 3 MB contract', 64],
  ['abiGetKeys', 'ABI get_keys, 20,000 keys of 32 bytes', 3],
  ['abiEvent', 'ABI generate_event, 1,000 characters (25 per execution)', 24],
  // Each returned string (~128 bytes) is pinned, as on a node: 32,768 calls fill the 4 MiB (64 pages) a contract may have.
  ['abiAddressFromPublicKey', 'ABI address_from_public_key', 16_384],
  ['abiRemainingGas', 'ABI get_remaining_gas (cheapest ABI)'],
];

// (module (type (func)) (memory (export "memory") 1) (func $wide (local 50000 i64)) (func (export "spin") (loop (call $wide) (br 0))))
// biome-ignore format: wasm bytes, one section per line
const WIDE = Uint8Array.of(
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00,
  0x03, 0x03, 0x02, 0x00, 0x00,
  0x05, 0x03, 0x01, 0x00, 0x01,
  0x07, 0x11, 0x02, 0x06, 0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x02, 0x00, 0x04, 0x73, 0x70, 0x69, 0x6e, 0x00, 0x01,
  0x0a, 0x12, 0x02, 0x06, 0x01, 0xd0, 0x86, 0x03, 0x7e, 0x0b, 0x09, 0x00, 0x03, 0x40, 0x10, 0x00, 0x0c, 0x00, 0x0b, 0x0b,
);

const leb = (value) => {
  const out = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return out;
};

/** (module (memory (export "memory") 1) (func (export "main") i32.const 0 drop … ×1,000,000)): 3 MB. */
function bigModule() {
  const body = [0x00, ...new Array(1_000_000).fill([0x41, 0x00, 0x1a]).flat(), 0x0b];
  const code = [0x01, ...leb(body.length), ...body];
  // biome-ignore format: wasm bytes, one section per line
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    0x01, 0x04, 0x01, 0x60, 0x00, 0x00,
    0x03, 0x02, 0x01, 0x00,
    0x05, 0x03, 0x01, 0x00, 0x01,
    0x07, 0x11, 0x02, 0x06, 0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x02, 0x00, 0x04, 0x6d, 0x61, 0x69, 0x6e, 0x00, 0x00,
    0x0a, ...leb(code.length), ...code,
  ]);
}

async function compile(source) {
  const root = mkdtempSync(join(tmpdir(), 'mason-bench-gas-'));
  try {
    symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
    mkdirSync(join(root, 'assembly/contracts'), { recursive: true });
    writeFileSync(join(root, 'assembly/contracts/gasWall.ts'), source);
    await build({ root });
    return new Uint8Array(readFileSync(join(root, 'build/gasWall.wasm')));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const CONTEXT = { slot: { period: 12, thread: 3 }, timestamp: 1_760_000_006_000 };

export async function gasWallTime({ quick = false } = {}) {
  const key = SecretKey.fromSeed(new Uint8Array(32).fill(7));
  const signature = key.sign(new TextEncoder().encode('bench')).toString();
  const big = bigModule();
  const bigAddress = Address.fromHash('contract', blake3(big)).toString();
  const bytecode = await compile(contractSource(key.publicKey.toString(), signature, bigAddress));
  const caller = SecretKey.fromSeed(new Uint8Array(32).fill(1)).publicKey.address().toString();
  const target = Address.fromHash('contract', blake3(bytecode)).toString();
  const wide = Address.fromHash('contract', blake3(WIDE)).toString();
  const ledger = new MemoryLedger({
    [caller]: { balance: 1_000_000n * MAS },
    [target]: {
      balance: 1_000n * MAS,
      bytecode,
      datastore: new Map([
        [Uint8Array.of(2), new Uint8Array(1_000_000)],
        ...Array.from({ length: 20_000 }, (_, i) => [Uint8Array.from({ length: 32 }, (_, j) => (i >> (j % 16)) & 0xff), Uint8Array.of(1)]),
      ]),
    },
    [bigAddress]: { balance: MAS, bytecode: big },
    [wide]: { balance: MAS, bytecode: WIDE },
  });
  const vm = new Vm({ state: ledger, chainId: 77n });

  const run = (fn, iterations) => {
    const started = performance.now();
    const result = vm.callSC({
      caller,
      target,
      function: fn,
      param: new Args().addU32(iterations).serialize(),
      maxGas: MAX_GAS - 1_000_000n,
      commit: false,
      context: CONTEXT,
    });
    const ms = performance.now() - started;
    if (!result.ok) throw new Error(`${fn}(${iterations}): ${result.error?.nodeMessage}`);
    return { ms, gas: Number(result.gasUsed) };
  };
  // Grows the iterations until the long run takes `targetMs` more than the one-iteration run (or
  // would not fit in the gas limit).
  const targetMs = quick ? 150 : 600;
  const measure = (fn, cap = Number.POSITIVE_INFINITY) => {
    run(fn, 1);
    let iterations = Math.min(2, cap);
    for (;;) {
      const long = run(fn, iterations);
      const short = run(fn, 1);
      const factor = long.ms - short.ms < targetMs / 20 ? 8 : 2;
      // The loop must outweigh the setup (building a 1.5M-character string costs ~500M gas), whose
      // own jitter would otherwise swamp the difference.
      const enough = long.ms - short.ms >= targetMs && long.ms >= 4 * short.ms;
      // Never past the gas limit, but up to it: a setup of ~500M gas must not stop the growth at 2
      // iterations, where one iteration is lost in the setup's jitter.
      const perIteration = (long.gas - short.gas) / (iterations - 1);
      const fits = perIteration > 0 ? Math.floor((Number(MAX_GAS) * 0.9 - short.gas) / perIteration) + 1 : iterations;
      const next = Math.min(iterations * factor, fits, cap);
      if (enough || next <= iterations) break;
      iterations = next;
    }
    // The fastest of a few runs at that size and at one iteration (GC pauses of the host only add).
    const fastest = (count) => {
      const runs = Array.from({ length: quick ? 3 : 5 }, () => run(fn, count));
      return { ms: Math.min(...runs.map((r) => r.ms)), gas: runs[0].gas };
    };
    const long = fastest(iterations);
    const short = fastest(1);
    const ms = long.ms - short.ms;
    const gas = long.gas - short.gas;
    // A loop that still does not outweigh its setup's jitter has no figure, rather than a negative one.
    if (ms <= 0) return { usPerGas: null, gasPerIteration: gas / (iterations - 1), usPerIteration: null };
    return { usPerGas: (ms * 1000) / gas, gasPerIteration: gas / (iterations - 1), usPerIteration: (ms * 1000) / (iterations - 1) };
  };

  const measured = ROWS.map(([fn, label, cap]) => ({ fn, label, ...measure(fn, cap) }));
  // The wide function cannot take an argument (no allocator): it spins until its gas runs out.
  const wideGas = quick ? 20_000_000n : 100_000_000n;
  const wideStarted = performance.now();
  const wideResult = vm.callSC({ caller, target: wide, function: 'spin', maxGas: wideGas, commit: false, context: CONTEXT });
  const wideMs = performance.now() - wideStarted;
  if (wideResult.error?.code !== 'MASON_VM_OUT_OF_GAS') throw new Error(`wide: ${wideResult.error?.nodeMessage ?? 'did not run out of gas'}`);
  measured.push({
    fn: 'wide',
    label: 'calls of a function with 50,000 locals',
    usPerGas: (wideMs * 1000) / Number(wideResult.gasUsed),
    gasPerIteration: 69,
    usPerIteration: (wideMs * 1000 * 69) / Number(wideResult.gasUsed),
  });

  // A legitimate max-gas execution: integer arithmetic until the gas runs out.
  const maxStarted = performance.now();
  vm.callSC({
    caller,
    target,
    function: 'opArith',
    param: new Args().addU32(0xffffffff).serialize(),
    maxGas: MAX_GAS - 1_000_000n,
    commit: false,
    context: CONTEXT,
  });
  const maxGasComputeMs = performance.now() - maxStarted;

  // @noble's pure-JS blake3 on the same 3 MB.
  const data = new Uint8Array(BIG);
  nobleBlake3(data);
  const nobleStarted = performance.now();
  const nobleRuns = quick ? 3 : 10;
  for (let i = 0; i < nobleRuns; i++) nobleBlake3(data);
  const nobleUs = ((performance.now() - nobleStarted) * 1000) / nobleRuns;

  const anchor = measured[0].usPerGas;
  const ANCHOR = 'i64 mul/add loop through the VM, same run (µs/gas)';
  const rows = measured.map((m) => ({
    name: `wall/gas: ${m.label}`,
    value: m.usPerGas,
    unit: 'µs/gas',
    anchor: ANCHOR,
    anchorValue: anchor,
    ratio: m.usPerGas === null ? null : m.usPerGas / anchor,
    target: m.usPerGas === null ? 'report: below the noise of its setup' : 'report',
    gasPerIteration: Math.round(m.gasPerIteration),
    usPerIteration: m.usPerIteration,
    maxGasSeconds: m.usPerGas === null ? null : (m.usPerGas * Number(MAX_GAS)) / 1e6,
  }));
  const worst = measured.filter((m) => m.usPerGas !== null).reduce((a, b) => (b.usPerGas > a.usPerGas ? b : a));
  const blake = measured.find((m) => m.fn === 'abiHashBlake3');
  rows.push(
    {
      name: `worst wall/gas: ${worst.label}`,
      value: worst.usPerGas,
      unit: 'µs/gas',
      anchor: ANCHOR,
      anchorValue: anchor,
      ratio: worst.usPerGas / anchor,
      target: 'bounded by the watchdog',
    },
    {
      name: 'max-gas execution at the worst wall/gas',
      value: (worst.usPerGas * Number(MAX_GAS)) / 1e6,
      unit: 's (no watchdog)',
      anchor: 'devnet watchdog (default)',
      anchorValue: 10,
      ratio: (worst.usPerGas * Number(MAX_GAS)) / 1e7,
      target: '≤ watchdog',
    },
    {
      name: 'max-gas pure compute (legitimate)',
      value: maxGasComputeMs,
      unit: 'ms',
      anchor: 'devnet watchdog (default, ms)',
      anchorValue: 10_000,
      ratio: maxGasComputeMs / 10_000,
      target: '≪ 1',
    },
    {
      name: 'ABI hash of 3 MB: hash-wasm blake3 in the VM',
      value: blake.usPerIteration,
      unit: 'µs/call',
      anchor: '@noble blake3 (pure JS), same 3 MB',
      anchorValue: nobleUs,
      ratio: blake.usPerIteration / nobleUs,
      target: 'report',
    },
  );
  return rows;
}
