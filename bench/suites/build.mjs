// `mason build` of the hello template against the official `massa-as-compile`
// (@massalabs/massa-sc-compiler) on the same contract written with @massalabs/massa-as-sdk:
// each run a fresh process, the two alternated, medians; then the no-change rebuild, and 4
// contracts built in worker threads against --jobs 1.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '@mason/compiler';
import { median } from '../lib.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bench = fileURLToPath(new URL('../', import.meta.url));
const masonBin = join(root, 'packages/cli/bin/mason.js');
const template = join(root, 'templates/hello');
const real = (name) => realpathSync(join(bench, 'node_modules', name));
/** A dependency of bench package `name`: pnpm keeps it next to the package's real location. */
const dependency = (name, dep) => join(name.startsWith('@') ? dirname(dirname(real(name))) : dirname(real(name)), dep);

// templates/hello/assembly/contracts/main.ts, with the official SDK's imports.
const OFFICIAL_CONTRACT = `import { Context, Storage, generateEvent } from '@massalabs/massa-as-sdk';
import { Args, stringToBytes } from '@massalabs/as-types';

const NAME_KEY = 'name';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  const name = new Args(binaryArgs).nextString().expect('the constructor takes a name (string)');
  Storage.set(NAME_KEY, name);
  generateEvent(\`Constructor called with name \${name}\`);
}

export function sum(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const a = args.nextI32().expect('sum takes two i32: the first is missing');
  const b = args.nextI32().expect('sum takes two i32: the second is missing');
  const result = a + b;
  generateEvent(\`Sum: \${a} + \${b} = \${result}\`);
  return stringToBytes(result.toString());
}

export function hello(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(\`Hello, \${Storage.get(NAME_KEY)}!\`);
}
`;
// The official project template's asconfig.json (the one unitTests.mjs uses too).
const ASCONFIG = {
  targets: { release: { sourceMap: true, optimizeLevel: 3, shrinkLevel: 3, converge: true, noAssert: false, exportRuntime: true, bindings: false } },
};

function link(dir, name, target) {
  const path = join(dir, 'node_modules', name);
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path);
}

/** The official layout: a flat node_modules (npm's) with the SDK, as-types and their AS deps. */
function officialProject(dir) {
  mkdirSync(join(dir, 'assembly/contracts'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-build-official', private: true, type: 'module' }));
  writeFileSync(join(dir, 'asconfig.json'), JSON.stringify(ASCONFIG));
  writeFileSync(join(dir, 'assembly/contracts/main.ts'), OFFICIAL_CONTRACT);
  link(dir, '@massalabs/massa-as-sdk', real('@massalabs/massa-as-sdk'));
  link(dir, '@massalabs/as-types', real('@massalabs/as-types'));
  link(dir, 'as-base64', dependency('@massalabs/massa-as-sdk', 'as-base64'));
  link(dir, 'as-bignum', dependency('@massalabs/as-types', 'as-bignum'));
  return { command: process.execPath, args: [join(real('@massalabs/massa-sc-compiler'), 'dist/compiler.js')] };
}

/** A copy of templates/hello with its node_modules (@mason/*, assemblyscript) symlinked. */
function masonProject(dir) {
  mkdirSync(dir, { recursive: true });
  cpSync(join(template, 'assembly'), join(dir, 'assembly'), { recursive: true });
  cpSync(join(template, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(template, 'node_modules'), join(dir, 'node_modules'), 'dir');
}

/** The hello project with 3 more contracts: the template's, each storing under its own key. */
function fourContracts(dir) {
  masonProject(dir);
  const main = readFileSync(join(dir, 'assembly/contracts/main.ts'), 'utf8');
  if (!main.includes("'name'")) throw new Error('templates/hello changed: fourContracts() looks for its storage key');
  for (const name of ['second', 'third', 'fourth']) writeFileSync(join(dir, `assembly/contracts/${name}.ts`), main.replace("'name'", `'name_${name}'`));
}

function timeRun({ command, args }, cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      const elapsed = performance.now() - started;
      if (code === 0) resolve(elapsed);
      else reject(new Error(`${args.join(' ')} exited with ${code} in ${cwd}:\n${output.slice(-2000)}`));
    });
  });
}

const cpus = availableParallelism();
const ANCHOR = 'massa-as-compile 0.2.0 (asc 0.25), same contract on massa-as-sdk 3.0.2';

/**
 * Wall time, process start to exit: `mason build --force` (compile, node checks, deployer bundle)
 * against `massa-as-compile` (compile only), alternated after one warm-up each; then `mason build`
 * with nothing changed, as a process and as the in-process `build()` call.
 */
export async function buildTimes({ runs = 5 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mason-bench-build-'));
  try {
    const official = officialProject(join(dir, 'official'));
    const masonDir = join(dir, 'mason');
    masonProject(masonDir);
    const masonForce = { command: process.execPath, args: [masonBin, 'build', '--force'] };
    const masonNoChange = { command: process.execPath, args: [masonBin, 'build'] };
    const times = { official: [], mason: [], noChange: [], inProcess: [] };
    await timeRun(official, join(dir, 'official'));
    await timeRun(masonForce, masonDir);
    for (let i = 0; i < runs; i++) {
      times.official.push(await timeRun(official, join(dir, 'official')));
      times.mason.push(await timeRun(masonForce, masonDir));
    }
    for (let i = 0; i < runs; i++) times.noChange.push(await timeRun(masonNoChange, masonDir));
    // 4 contracts: one worker thread per core against --jobs 1, alternated.
    const fourDir = join(dir, 'four');
    fourContracts(fourDir);
    const parallel = { command: process.execPath, args: [masonBin, 'build', '--force', '--jobs', String(cpus)] };
    const serial = { command: process.execPath, args: [masonBin, 'build', '--force', '--jobs', '1'] };
    const four = { parallel: [], serial: [] };
    await timeRun(parallel, fourDir);
    for (let i = 0; i < runs; i++) {
      four.serial.push(await timeRun(serial, fourDir));
      four.parallel.push(await timeRun(parallel, fourDir));
    }
    await build({ root: masonDir });
    for (let i = 0; i < Math.max(runs, 5); i++) {
      const result = await build({ root: masonDir });
      if (result.contracts.some((c) => c.status !== 'cached')) throw new Error('no-change rebuild recompiled a contract');
      times.inProcess.push(result.durationMs);
    }
    const anchorValue = median(times.official);
    const value = median(times.mason);
    const noChange = median(times.noChange);
    const fourSerial = median(four.serial);
    const fourParallel = median(four.parallel);
    return [
      { name: 'mason build, hello (cold process)', value, unit: 'ms (median)', anchor: ANCHOR, anchorValue, ratio: value / anchorValue, target: '≤ 0.8×' },
      {
        name: `mason build --jobs ${cpus}, 4 contracts (cold)`,
        value: fourParallel,
        unit: 'ms (median)',
        anchor: 'mason build --jobs 1 (one thread), same 4 contracts',
        anchorValue: fourSerial,
        ratio: fourParallel / fourSerial,
        target: '≤ 0.625× (≥ 1.6× faster) on 2 cores',
      },
      {
        name: 'mason build, no change (process)',
        value: noChange,
        unit: 'ms (median)',
        anchor: ANCHOR,
        anchorValue,
        ratio: noChange / anchorValue,
        target: '≤ 100 ms',
      },
      {
        name: 'build(), no change (in-process)',
        value: median(times.inProcess),
        unit: 'ms (median)',
        anchor: null,
        anchorValue: null,
        ratio: null,
        target: '≤ 100 ms',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * ABI extraction's share of `mason build`: forced in-process builds of the token template with
 * and without it (`abi: false`), alternated after one warm-up each, medians.
 */
export async function abiExtraction({ runs = 7 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mason-bench-abi-'));
  try {
    cpSync(join(root, 'templates/token/assembly'), join(dir, 'assembly'), { recursive: true });
    cpSync(join(root, 'templates/token/package.json'), join(dir, 'package.json'));
    symlinkSync(join(root, 'templates/token/node_modules'), join(dir, 'node_modules'), 'dir');
    const timed = async (abi) => {
      const started = performance.now();
      await build({ root: dir, force: true, abi, jobs: 1 });
      return performance.now() - started;
    };
    const times = { with: [], without: [] };
    await timed(true);
    await timed(false);
    for (let i = 0; i < runs; i++) {
      times.without.push(await timed(false));
      times.with.push(await timed(true));
    }
    const value = median(times.with);
    const anchorValue = median(times.without);
    return [
      {
        name: 'ABI extraction in mason build (token, in-process, forced)',
        value,
        unit: 'ms (median)',
        anchor: 'the same build with abi: false',
        anchorValue,
        ratio: value / anchorValue,
        target: '≤ 1.05×',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
