// `mason test` against `asp` with massa-as-sdk's vm-mock: same contract, same specs (only the
// import of the deploy-context helper differs), each run as a fresh process, alternated; with 4
// spec files also `mason test --jobs 2` (two compile worker threads).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from '../lib.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const masonBin = join(root, 'packages/cli/bin/mason.js');
const real = (name) => realpathSync(join(root, 'node_modules', name));
/** A dependency of root package `name`: pnpm keeps it next to the package's real location. */
const dependency = (name, dep) => join(name.startsWith('@') ? dirname(dirname(real(name))) : dirname(real(name)), dep);

const CONTRACT = `import { Context, generateEvent, Storage } from '@massalabs/massa-as-sdk';
import { Args, stringToBytes } from '@massalabs/as-types';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract());
  const name = new Args(binaryArgs).nextString().expect('Name argument is missing or invalid');
  Storage.set('name_key', name);
  generateEvent(\`Constructor called with name \${name}\`);
}

export function hello(_: StaticArray<u8>): StaticArray<u8> {
  const message = \`Hello, \${Storage.get('name_key')}!\`;
  generateEvent(message);
  return stringToBytes(message);
}
`;

const spec = (helpers, suite) => `import { Storage } from '@massalabs/massa-as-sdk';
import { Args, bytesToString } from '@massalabs/as-types';
import { setDeployContext } from '${helpers}';
import { constructor, hello } from '../contracts/main';

describe('${suite}', () => {
  beforeAll(() => {
    setDeployContext();
    constructor(new Args().add('World').serialize());
  });

  test('says hello', () => {
    expect(bytesToString(hello([]))).toBe('Hello, World!');
  });

  test('stores the name', () => {
    expect(Storage.get('name_key')).toBe('World');
  });

  test('keeps saying hello', () => {
    for (let i = 0; i < 10; i++) expect(bytesToString(hello([]))).toBe('Hello, World!');
  });
});
`;

const VM_MOCK_CONFIG = `import createMockedABI from '@massalabs/massa-as-sdk/vm-mock';
export default {
  entries: ['assembly/__tests__/**/*.spec.ts'],
  include: ['assembly/__tests__/**/*.include.ts'],
  disclude: [/node_modules/],
  async instantiate(memory, createImports, instantiate, binary) {
    return createMockedABI(memory, createImports, instantiate, binary);
  },
  outputBinary: false,
};
`;

// The official template's as-pect asconfig and contract asconfig.
const ASPECT_ASCONFIG = {
  targets: {
    coverage: { lib: ['./node_modules/@as-covers/assembly/index.ts'], transform: ['@as-covers/transform', '@as-pect/transform'] },
    noCoverage: { transform: ['@as-pect/transform'] },
  },
  options: {
    exportMemory: true,
    outFile: 'output.wasm',
    textFile: 'output.wat',
    bindings: 'raw',
    exportStart: '_start',
    exportRuntime: true,
    use: ['RTRACE=1'],
    debug: true,
    exportTable: true,
  },
  extends: './asconfig.json',
  entries: ['./node_modules/@as-pect/assembly/assembly/index.ts'],
};
const ASCONFIG = {
  targets: { release: { sourceMap: true, optimizeLevel: 3, shrinkLevel: 3, converge: true, noAssert: false, exportRuntime: true, bindings: false } },
};

function link(dir, name, target) {
  const path = join(dir, 'node_modules', name);
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path);
}

function writeProject(dir, helpers, specFiles) {
  mkdirSync(join(dir, 'assembly/contracts'), { recursive: true });
  mkdirSync(join(dir, 'assembly/__tests__'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-unit-tests', private: true, type: 'module' }));
  writeFileSync(join(dir, 'assembly/contracts/main.ts'), CONTRACT);
  for (let i = 0; i < specFiles; i++) writeFileSync(join(dir, `assembly/__tests__/main${i}.spec.ts`), spec(helpers, `hello ${i}`));
}

/** The template's layout for asp: a flat node_modules (npm's), as vm-mock projects have. */
function aspProject(dir, specFiles) {
  writeProject(dir, '@massalabs/massa-as-sdk', specFiles);
  writeFileSync(join(dir, 'as-pect.config.js'), VM_MOCK_CONFIG);
  writeFileSync(join(dir, 'as-pect.asconfig.json'), JSON.stringify(ASPECT_ASCONFIG));
  writeFileSync(join(dir, 'asconfig.json'), JSON.stringify(ASCONFIG));
  link(dir, '@as-pect/cli', real('@as-pect/cli'));
  link(dir, '@as-pect/assembly', dependency('@as-pect/cli', '@as-pect/assembly'));
  link(dir, '@as-pect/transform', dependency('@as-pect/cli', '@as-pect/transform'));
  link(dir, '@massalabs/massa-as-sdk', real('@massalabs/massa-as-sdk'));
  link(dir, '@massalabs/as-types', real('@massalabs/as-types'));
  link(dir, 'as-base64', dependency('@massalabs/massa-as-sdk', 'as-base64'));
  link(dir, 'as-bignum', dependency('@massalabs/as-types', 'as-bignum'));
  return { command: process.execPath, args: [join(real('@as-pect/cli'), 'bin/asp.js'), '--summary'] };
}

function masonProject(dir, specFiles, extraArgs) {
  writeProject(dir, '@mason/testing', specFiles);
  link(dir, '@massalabs/massa-as-sdk', real('@massalabs/massa-as-sdk'));
  link(dir, '@massalabs/as-types', real('@massalabs/as-types'));
  return { command: process.execPath, args: [masonBin, 'test', ...extraArgs] };
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

/** Median wall times of each command, run alternately in its own project after one warm-up run. */
async function compare(specFiles, runs) {
  const dir = mkdtempSync(join(tmpdir(), 'mason-bench-unit-'));
  try {
    const commands = {
      asp: [aspProject(join(dir, 'asp'), specFiles), join(dir, 'asp')],
      cold: [masonProject(join(dir, 'cold'), specFiles, ['--no-cache']), join(dir, 'cold')],
      cached: [masonProject(join(dir, 'cached'), specFiles, []), join(dir, 'cached')],
      ...(specFiles > 1 && { workers: [masonProject(join(dir, 'workers'), specFiles, ['--no-cache', '--jobs', '2']), join(dir, 'workers')] }),
    };
    const times = { asp: [], cold: [], cached: [], workers: [] };
    for (const [command, cwd] of Object.values(commands)) await timeRun(command, cwd);
    for (let i = 0; i < runs; i++) {
      for (const [name, [command, cwd]] of Object.entries(commands)) times[name].push(await timeRun(command, cwd));
    }
    return { asp: median(times.asp), cold: median(times.cold), cached: median(times.cached), workers: specFiles > 1 ? median(times.workers) : undefined };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ANCHOR = 'asp --summary, massa-as-sdk vm-mock, same contract and specs';

/**
 * Wall time of a whole unit-test run (process start to exit) with Mason's VM as the host, against
 * as-pect's own runner with vm-mock: every spec compiled (`--no-cache`), and a re-run with no
 * source changed (compiled specs served from node_modules/.cache/mason-test).
 */
export async function unitTests({ runs = 5 } = {}) {
  const rows = [];
  for (const specFiles of [1, 4]) {
    const { asp, cold, cached, workers } = await compare(specFiles, runs);
    const files = `${specFiles} spec file${specFiles === 1 ? '' : 's'}`;
    rows.push(
      { name: `mason test, ${files}`, value: cold, unit: 'ms', anchor: ANCHOR, anchorValue: asp, ratio: cold / asp, target: '≤ 0.7×' },
      { name: `mason test re-run, ${files}`, value: cached, unit: 'ms', anchor: ANCHOR, anchorValue: asp, ratio: cached / asp, target: '≤ 1.0×' },
    );
    if (workers !== undefined) {
      rows.push({
        name: `mason test --jobs 2, ${files}`,
        value: workers,
        unit: 'ms',
        anchor: ANCHOR,
        anchorValue: asp,
        ratio: workers / asp,
        target: '(2 compile worker threads)',
      });
    }
  }
  return rows;
}
