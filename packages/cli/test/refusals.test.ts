// Every refusal of the mason command prints what failed and what to do, its code once, exit 1.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Address } from '@mason/codec';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../src/program.js';

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const outside = mkdtempSync(join(tmpdir(), 'mason-refusals-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

const CONTRACT = Address.fromHash('contract', new Uint8Array(32).fill(7)).toString();

function mason(args: string[], cwd = outside, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', MASON_NODE_URL: 'http://127.0.0.1:9', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const codes = (text: string) => text.match(/MASON_[A-Z_]+/g) ?? [];

describe('malformed --args', () => {
  const cases: Array<[string[], string]> = [
    [['i32:abc'], '--args i32:abc: "abc" is not an integer (i32 takes a whole number)'],
    [
      ['int:2'],
      '--args int:2: there is no type "int": did you mean i32:2? (types: bool, u8, i8, u16, i16, u32, i32, u64, i64, u128, i128, u256, i256, f32, f64, string, bytes)',
    ],
    [['u8:300'], '--args u8:300: 300 is out of range for u8 (0 to 255)'],
    [['i32:99999999999'], '--args i32:99999999999: 99999999999 is out of range for i32 (-2147483648 to 2147483647)'],
    [
      ['2', '3'],
      '--args: 2 values are wrong (types: bool, u8, i8, u16, i16, u32, i32, u64, i64, u128, i128, u256, i256, f32, f64, string, bytes):\n  2: a value is written type:value, e.g. i32:2 or u64:2\n  3: a value is written type:value, e.g. i32:3 or u64:3',
    ],
    [
      ['bool:yes', 'bytes:0g', 'f64:x'],
      '--args: 3 values are wrong:\n  bool:yes: a bool is true or false, not "yes"\n  bytes:0g: bytes are written in hex, two digits a byte (e.g. bytes:0a0b), not "0g"\n  f64:x: "x" is not a number',
    ],
  ];
  for (const command of ['call', 'read', 'deploy']) {
    it(`mason ${command} prints each, with the code once, and exits 1 before anything else`, async () => {
      for (const [values, message] of cases) {
        const target = command === 'deploy' ? [] : [CONTRACT, 'sum'];
        const result = await mason([command, ...target, '--args', ...values]);
        expect(result.code).toBe(1);
        expect(result.stderr).toBe(
          `error ${message} [MASON_CLI_BAD_ARGS]\n  see https://github.com/mason-dev/mason/blob/main/docs/cli.md#mason_cli_bad_args\n`,
        );
      }
    });
  }
});

describe("commander's own refusals", () => {
  it('unknown option, missing argument, bad choice, bad value, unknown command: printed once, exit 1', async () => {
    const cases: Array<[string[], string]> = [
      [['call', CONTRACT, 'sum', '--bogus'], "error: unknown option '--bogus'"],
      [['call', CONTRACT], "error: missing required argument 'function'"],
      [['call', CONTRACT, 'sum', '--wait', 'soon'], "error: option '--wait <stage>' argument 'soon' is invalid. Allowed choices are executed, final."],
      [
        ['read', CONTRACT, 'sum', '--coins', '-1'],
        "error: option '--coins <MAS>' argument '-1' is invalid. an amount of MAS is a non-negative decimal with at most 9 decimals, e.g. 0.1",
      ],
      [
        ['read', CONTRACT, 'sum', '--returns', 'u7'],
        "error: option '--returns <type>' argument 'u7' is invalid. the types are bool, u8, i8, u16, i16, u32, i32, u64, i64, u128, i128, u256, i256, f32, f64, string, bytes",
      ],
      [['frob'], "error: unknown command 'frob'"],
      [['logs'], "error: unknown command 'logs'"],
    ];
    for (const [args, message] of cases) {
      const result = await mason(args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr.split('\n')[0]).toBe(message);
      expect(result.stderr.split(message)).toHaveLength(2);
    }
  });

  it('an unknown command: the nearest command when one is close, and the list of commands', async () => {
    const list = `(commands: ${COMMAND_NAMES.join(', ')}; run mason --help for usage)`;
    expect(list).toContain('build, deploy, node, test, call, read, balance, transfer, events, op, block, status, storage, accounts, account');
    const far = await mason(['frobnicate']);
    expect(far.stderr).toBe(`error: unknown command 'frobnicate'\n${list}\n`);
    const near = await mason(['buidl']);
    expect(near.stderr).toBe(`error: unknown command 'buidl'\n(Did you mean build?)\n${list}\n`);
  });
});

describe('refusals that name what to do', () => {
  it('no node on this machine at the URL: named, with how to start one or point the command at it; the code once', async () => {
    for (const args of [
      ['read', CONTRACT, 'sum'],
      ['call', CONTRACT, 'sum', '--network', 'http://localhost:9'],
    ]) {
      const result = await mason(args);
      expect(result.code).toBe(1);
      const url = args.includes('--network') ? 'http://localhost:9' : 'http://127.0.0.1:9';
      expect(result.stderr).toContain(`error no node at ${url}: nothing answers there. Start one with \`mason node\`;`);
      expect(result.stderr).toContain('set MASON_NODE_URL (in the environment or .env) or pass --network <its URL>');
      expect(result.stderr.match(/\[MASON_[A-Z_]+\]/g)).toEqual(['[MASON_CLI_NO_NODE]']);
    }
  });

  it("MASON_NODE_URL and MASON_NODE_WS_URL are read from the project's .env, the environment first", async () => {
    const project = join(outside, 'dotenv');
    mkdirSync(join(project, 'assembly'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'dotenv', devDependencies: { '@mason/cli': '0.1.0' } }));
    writeFileSync(join(project, '.env'), 'PRIVATE_KEY=\nMASON_NODE_URL=http://127.0.0.1:19\n');
    const fromFile = await mason(['read', CONTRACT, 'sum'], join(project, 'assembly'), { MASON_NODE_URL: '' });
    expect(fromFile.stderr).toContain('error no node at http://127.0.0.1:19:');
    const fromEnv = await mason(['read', CONTRACT, 'sum'], join(project, 'assembly'), { MASON_NODE_URL: 'http://127.0.0.1:29' });
    expect(fromEnv.stderr).toContain('error no node at http://127.0.0.1:29:');
  });

  it('an address with a typo, an unknown network, a bad caller', async () => {
    const typo = await mason(['read', `${CONTRACT.slice(0, -1)}x`, 'sum']);
    expect(typo.stderr).toContain(`error ${CONTRACT.slice(0, -1)}x is not a valid Massa address (`);
    expect(codes(typo.stderr)).toEqual(['MASON_CLI_INVALID_ADDRESS']);
    const network = await mason(['read', CONTRACT, 'sum', '--network', 'testnet']);
    expect(network.stderr).toContain('error unknown network "testnet": use local, buildnet, mainnet or a node URL (http://…). [MASON_CLI_UNKNOWN_NETWORK]');
    for (const [typo, meant] of [
      ['buildet', 'buildnet'],
      ['Mainet', 'mainnet'],
      ['lcoal', 'local'],
    ]) {
      const near = await mason(['call', CONTRACT, 'sum', '--network', typo!]);
      expect(near.code).toBe(1);
      expect(near.stderr).toContain(`error unknown network "${typo}" (did you mean ${meant}?): use local, buildnet, mainnet or a node URL (http://…).`);
    }
    const caller = await mason(['read', CONTRACT, 'sum', '--caller', 'me']);
    expect(caller.stderr).toContain('error me is not a valid Massa address');
    for (const result of [typo, network, caller]) expect(result.code).toBe(1);
  });

  it('build, deploy, test and a contract name outside a project: not a Mason project, and how to make one', async () => {
    for (const args of [['build'], ['deploy'], ['test'], ['call', 'token', 'transfer'], ['read', 'token', 'balanceOf']]) {
      const result = await mason(args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toContain(
        `error not a Mason project: no package.json depending on @mason/* (or with a "mason" field), nor a package.json beside an assembly/ folder, in ${outside} or any folder above it.`,
      );
      expect(result.stderr).toContain(`Run \`mason ${args[0]}`);
      expect(result.stderr).toContain('npm create mason@latest my-app');
      expect(codes(result.stderr)).toEqual(['MASON_CLI_NOT_A_PROJECT']);
    }
  });

  it('a package.json that is not JSON is named with its line', async () => {
    const project = join(outside, 'broken');
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'package.json'), '{\n  "name": "broken",\n  "devDependencies": { "@mason/cli": "0.1.0", }\n}\n');
    const result = await mason(['build'], join(project, 'src'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error ${join(project, 'package.json')} is not valid JSON (line 3, column 47: `);
    expect(codes(result.stderr)).toEqual(['MASON_CLI_BAD_PACKAGE_JSON']);
  });

  it('a project without contracts: the hint names the command, not the API field', async () => {
    const project = join(outside, 'empty');
    mkdirSync(join(project, 'assembly'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'empty', devDependencies: { '@mason/cli': '0.1.0' } }));
    const result = await mason(['build'], join(project, 'assembly'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'error No contract to build: assembly/contracts does not exist. Put contracts at the top level of assembly/contracts, or name them: `mason build <globs…>`',
    );
    expect(result.stderr).not.toContain('`contracts` patterns');
    expect(codes(result.stderr)).toEqual(['MASON_COMPILER_NO_CONTRACTS']);
  });

  it('mason test from a sub-folder runs in the project root', async () => {
    const project = join(outside, 'specless');
    mkdirSync(join(project, 'assembly', 'contracts'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'specless', devDependencies: { '@mason/cli': '0.1.0' } }));
    const result = await mason(['test'], join(project, 'assembly', 'contracts'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(` in ${project};`);
    expect(codes(result.stderr)).toEqual(['MASON_TESTING_NO_SPECS']);
  });
});

describe('mason --version', () => {
  it("prints @mason/cli's version, read from its package.json", async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    const result = await mason(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${version}\n`);
  });
});

describe('compile errors', () => {
  it("mason build prints an SDK generic's error once, at the contract's line that called it", async () => {
    const project = join(outside, 'generic-error');
    mkdirSync(join(project, 'assembly/contracts'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'generic-error', devDependencies: { '@mason/cli': '*' } }));
    writeFileSync(
      join(project, 'assembly/contracts/counter.ts'),
      "import { Storage } from '@mason/sdk';\n\nexport function increment(_: StaticArray<u8>): void {\n  Storage.set('count', 5 as i32);\n}\n",
    );
    const result = await mason(['build', 'counter', '--jobs', '1'], project);
    expect(result.code).toBe(1);
    const where = 'assembly/contracts/counter.ts:4:3 - error AS102: User-defined:';
    expect(result.stderr.split(where)).toHaveLength(2);
    expect(result.stderr).toContain("> 4 │   Storage.set('count', 5 as i32);");
    expect(result.stderr).toMatch(/\(raised in @mason\/sdk\/assembly\/Storage\.ts:\d+:\d+\)/);
    expect(result.stderr).toContain('error 1 error(s) in counter, shown above. [MASON_COMPILER_SOURCE_ERROR]');
    expect(codes(result.stderr)).toEqual(['MASON_COMPILER_SOURCE_ERROR']);
  }, 120_000);
});
