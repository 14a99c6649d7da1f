import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevnet, type Devnet } from '@mason/devnet';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// build → deploy → call → read through the mason command, against a devnet.

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'mason-loop-'));
/** A folder outside any project. */
const elsewhere = mkdtempSync(join(tmpdir(), 'mason-loop-elsewhere-'));
let devnet: Devnet;

const CONTRACT = `import { Args, Context, Storage, generateEvent, generateRawEvent, i32ToBytes, stringToBytes, u64ToBytes } from '@mason/sdk';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  const name = new Args(binaryArgs).nextString().expect('the constructor takes a name (string)');
  Storage.set('name', name);
  generateEvent(\`Constructor called with name \${name}\`);
}

export function sum(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const a = args.nextI32().expect('sum takes two i32: the first is missing');
  const b = args.nextI32().expect('sum takes two i32: the second is missing');
  generateEvent(\`Sum: \${a} + \${b} = \${a + b}\`);
  return stringToBytes((a + b).toString());
}

export function hello(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(\`Hello, \${Storage.get('name')}!\`);
}

export function big(_: StaticArray<u8>): StaticArray<u8> {
  return u64ToBytes(18446744073709551615);
}

export function negative(_: StaticArray<u8>): StaticArray<u8> {
  return i32ToBytes(-7);
}

export function named(_: StaticArray<u8>): StaticArray<u8> {
  return new Args().add('Args-encoded').serialize();
}

export function raw(_: StaticArray<u8>): void {
  generateRawEvent([0xde, 0xad, 0xbe, 0xef, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
}

export function double(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  return u64ToBytes(new Args(binaryArgs).nextU64().unwrap() * 2);
}

export function refuse(_: StaticArray<u8>): void {
  assert(false, 'refused on purpose');
}
`;

function mason(
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      MASON_NODE_URL: devnet.urls.public,
      MASON_NODE_WS_URL: devnet.urls.ws,
      NO_COLOR: '1',
      ...options.env,
    };
    for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
    const child = spawn(process.execPath, [bin, ...args], { cwd: options.cwd ?? root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
  mkdirSync(join(root, 'assembly/contracts'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'loop', private: true, devDependencies: { '@mason/cli': '0.1.0', '@mason/sdk': '0.1.0' } }));
  writeFileSync(join(root, 'assembly/contracts/main.ts'), CONTRACT);
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true });
}, scaledTimeout(60_000));
afterAll(async () => {
  await devnet.stop();
  rmSync(root, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

async function getOperations(url: string, id: string): Promise<any[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'get_operations', params: [[id]] }),
  });
  return ((await response.json()) as { result: any[] }).result;
}

/** No secret key anywhere: neither in the environment nor in a .env. */
const NO_KEY = { PRIVATE_KEY: undefined, WALLET_SECRET_KEY: undefined };

describe('the developer loop through the mason command', () => {
  let address = '';

  it('mason build compiles and bundles, then skips unchanged contracts, also from a sub-folder of the project', async () => {
    const first = await mason(['build']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/main .*compiled in/);
    const second = await mason(['build'], { cwd: join(root, 'assembly', 'contracts') });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('unchanged');
    expect(second.stdout).toContain(join(root, 'build', 'manifest.json'));
    expect(JSON.parse(readFileSync(join(root, 'build/manifest.json'), 'utf8')).contracts.main.exports).toEqual(
      expect.arrayContaining(['sum', 'hello', 'constructor']),
    );
  });

  it('mason deploy deploys to the devnet and records the address', async () => {
    const deployed = await mason(['deploy', '--args', 'string:Mason', '--json']);
    expect(deployed.code, deployed.stderr).toBe(0);
    const result = JSON.parse(deployed.stdout.trim().split('\n').pop()!);
    address = result.address;
    expect(address).toMatch(/^AS/);
    expect(result.events.map((e: { data: string }) => e.data)).toContain('Constructor called with name Mason');
    expect(JSON.parse(readFileSync(join(root, 'deployments/local.json'), 'utf8')).contracts.main.address).toBe(address);
  });

  it("mason deploy shows the events people read: the deployer's base64 event is not among them", async () => {
    const deployed = await mason(['deploy', '--args', 'string:Again'], { cwd: join(root, 'assembly') });
    expect(deployed.code, deployed.stderr).toBe(0);
    const shown = /address\s+(AS\w+)/.exec(deployed.stdout)![1]!;
    expect(deployed.stdout).toContain(`Contract deployed at address: ${shown}`);
    expect(deployed.stdout).toContain('Constructor called with name Again');
    // The deployer's raw event: Args(array of the addresses), base64.
    const rawEvent = Buffer.concat([Buffer.from([shown.length + 4, 0, 0, 0, shown.length, 0, 0, 0]), Buffer.from(shown)]).toString('base64');
    expect(deployed.stdout).not.toContain(rawEvent);
    const eventLines = deployed.stdout
      .split(/events\s+\n/)[1]!
      .split('recorded in')[0]!
      .trim()
      .split('\n');
    expect(eventLines).toHaveLength(2);
    expect(deployed.stdout).toContain(join(root, 'deployments', 'local.json'));
  });

  it('mason call sends a CallSC and prints its events', async () => {
    const called = await mason(['call', address, 'sum', '--args', 'i32:2', 'i32:3']);
    expect(called.code, called.stderr).toBe(0);
    expect(called.stdout).toContain('FinalSuccess');
    expect(called.stdout).toContain('Sum: 2 + 3 = 5');
    expect(called.stdout).toMatch(/gas used\s+[\d,]+ of [\d,]+ max\n/);
  });

  it('mason call --json gives the gas the devnet says the operation used', async () => {
    const called = await mason(['call', 'main', 'sum', '--args', 'i32:6', 'i32:7', '--json']);
    expect(called.code, called.stderr).toBe(0);
    const result = JSON.parse(called.stdout);
    const [info] = await getOperations(devnet.urls.public, result.operationId);
    expect(info.gas_used).toBeGreaterThan(0);
    expect(result).toMatchObject({ gasUsed: info.gas_used, maxGas: info.operation.content.op.CallSC.max_gas });
    expect(result.gasUsed).toBeLessThanOrEqual(result.maxGas);
  });

  it('mason call --period-to-live sets the expire period; a value a node would refuse is refused first', async () => {
    const status = async () => {
      const response = await fetch(devnet.urls.public, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'get_status', params: [] }),
      });
      return ((await response.json()) as { result: { last_slot: { period: number } } }).result.last_slot.period;
    };
    const before = await status();
    const called = await mason(['call', 'main', 'sum', '--args', 'i32:6', 'i32:8', '--period-to-live', '1', '--json']);
    expect(called.code, called.stderr).toBe(0);
    const after = await status();
    const [info] = await getOperations(devnet.urls.public, JSON.parse(called.stdout).operationId);
    expect(info.operation.content.expire_period).toBeGreaterThanOrEqual(before + 1);
    expect(info.operation.content.expire_period).toBeLessThanOrEqual(after + 1);
    for (const command of [['call', 'main', 'sum', '--args', 'i32:1', 'i32:2'], ['deploy']]) {
      for (const value of ['0', '10', '2.5', 'soon']) {
        const refused = await mason([...command, '--period-to-live', value]);
        expect(refused.code, `${command[0]} ${value}`).toBe(1);
        expect(refused.stderr).toContain(`option '--period-to-live <periods>' argument '${value}' is invalid. give a whole number of periods from 1 to 9`);
      }
    }
  });

  it('mason call and read take the name deployments/<network>.json records, from any sub-folder', async () => {
    const called = await mason(['call', 'main', 'sum', '--args', 'i32:4', 'i32:5'], { cwd: join(root, 'assembly') });
    expect(called.code, called.stderr).toBe(0);
    expect(called.stdout).toContain('Sum: 4 + 5 = 9');
    const read = await mason(['read', 'main', 'hello', '--json']);
    expect(read.code, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout).value).toBe('Hello, Again!');
    const unknown = await mason(['read', 'mian', 'hello']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`there is no contract named "mian" in ${join(root, 'deployments', 'local.json')} (recorded: main)`);
    expect(unknown.stderr).toContain('[MASON_CLI_UNKNOWN_CONTRACT]');
  });

  it('mason call prints a raw event decoded, not in base64', async () => {
    const called = await mason(['call', 'main', 'raw']);
    expect(called.code, called.stderr).toBe(0);
    const payload = Buffer.from([0xde, 0xad, 0xbe, 0xef, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(called.stdout).toContain(`(raw event) 0x${payload.toString('hex')}\n`);
    expect(called.stdout).not.toContain(payload.toString('base64'));
  });

  it('mason read decodes what a function returns with --returns; --json has the hex and the value, unquoted', async () => {
    const text = await mason(['read', address, 'hello', '--json']);
    expect(text.code, text.stderr).toBe(0);
    // The project built the contract: its ABI (build/main.abi.json) says what the functions return.
    expect(JSON.parse(text.stdout)).toMatchObject({ hex: Buffer.from('Hello, Mason!').toString('hex'), returns: 'string', value: 'Hello, Mason!' });
    expect((await mason(['read', address, 'big'])).stdout).toMatch(/result\s+18446744073709551615\n/);
    const big = await mason(['read', address, 'big', '--returns', 'u64']);
    expect(big.code, big.stderr).toBe(0);
    expect(big.stdout).toMatch(/result\s+18446744073709551615\n/);
    const bigJson = JSON.parse((await mason(['read', address, 'big', '--returns', 'u64', '--json'])).stdout);
    expect(bigJson).toMatchObject({ hex: 'ffffffffffffffff', returns: 'u64', value: '18446744073709551615' });
    const negative = JSON.parse((await mason(['read', address, 'negative', '--returns', 'i32', '--json'])).stdout);
    expect(negative).toMatchObject({ hex: 'f9ffffff', value: -7 });
    const named = await mason(['read', address, 'named', '--returns', 'string']);
    expect(named.stdout).toMatch(/result\s+Args-encoded\n/);
    // Outside the project there is no ABI: the bytes as they are, with a hint.
    const rawBytes = await mason(['read', address, 'big'], { cwd: elsewhere });
    expect(rawBytes.stdout).toContain('0xffffffffffffffff');
    expect(rawBytes.stdout).toContain('--returns u64');
    const wrong = await mason(['read', address, 'negative', '--returns', 'u64']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('--returns u64: the function returned 4 byte(s) (0xf9ffffff), which is not a u64: a u64 is 8 bytes');
  });

  it('mason read needs no secret key: none set, or a broken one, with the network given as a URL', async () => {
    const env = { ...NO_KEY, MASON_NODE_URL: undefined, MASON_NODE_WS_URL: undefined };
    const read = await mason(['read', address, 'hello', '--network', devnet.urls.public, '--json'], { env });
    expect(read.code, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout).value).toBe('Hello, Mason!');
    const broken = await mason(['read', address, 'hello', '--network', devnet.urls.public], { env: { ...env, PRIVATE_KEY: 'not-a-key' } });
    expect(broken.code, broken.stderr).toBe(0);
    // Decoded by the contract's ABI: a string, shown without the quotes of undecoded text.
    expect(broken.stdout).toMatch(/result\s+Hello, Mason!\n/);
  });

  it('a function the contract does not export is named with the exports, before anything is sent', async () => {
    for (const command of ['call', 'read']) {
      const missing = await mason([command, address, 'sumx', '--args', 'i32:1']);
      expect(missing.code).toBe(1);
      expect(missing.stderr.split('\n')[0]).toBe(
        `error ${address} has no function sumx (exports: constructor, sum, hello, big, negative, named, raw, double, refuse). [MASON_CLI_NO_SUCH_FUNCTION]`,
      );
    }
    const account = devnet.accounts[0]!.address;
    const notAContract = await mason(['read', account, 'hello']);
    expect(notAContract.code).toBe(1);
    expect(notAContract.stderr).toContain(
      `error ${account} has no bytecode on local: it is not a contract there. Check the address and --network. [MASON_CLI_NOT_A_CONTRACT]`,
    );
  });

  it('a failing call exits 1 with the contract message', async () => {
    const failed = await mason(['call', address, 'sum', '--args', 'i32:2', '--max-gas', '10000000']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('sum takes two i32: the second is missing');
    expect(failed.stderr).toContain('the call failed on chain (FinalError');
  });

  it('a call that would fail is refused before sending, with hints naming flags', async () => {
    const refused = await mason(['call', address, 'refuse']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refused on purpose');
    expect(refused.stderr).toContain('--max-gas');
    expect(refused.stderr).not.toMatch(/\bmaxGas\b/);
    expect(refused.stderr.match(/MASON_CLIENT_GAS_ESTIMATION_FAILED/g)).toHaveLength(1);
  });

  it('arguments shorter than what the function reads: how many bytes it read and how many were missing, before sending', async () => {
    const cases: Array<[string[], string]> = [
      [
        ['call', 'main', 'double', '--args', 'i32:3'],
        'error double reads 8 bytes of arguments but --args gave 4 (i32:3): they are 4 byte(s) short. It failed reading a u64 ("',
      ],
      [
        ['read', 'main', 'double', '--args', 'u8:3'],
        'error double reads 8 bytes of arguments but --args gave 1 (u8:3): they are 7 byte(s) short. It failed reading a u64 ("',
      ],
      [['read', address, 'double'], 'error double reads 8 bytes of arguments but --args gave 0 (no --args): they are 8 byte(s) short.'],
      [
        ['call', 'main', 'sum', '--args', 'i32:2'],
        'error sum reads 8 bytes of arguments but --args gave 4 (i32:2): they are 4 byte(s) short. It failed reading an i32 ("sum takes two i32: the second is missing: can\'t deserialize i32 from given argument: out of range',
      ],
    ];
    for (const [args, message] of cases) {
      // Outside the project (no ABI to check the values against first): the dry run finds them short.
      const refused = await mason(args, args.includes(address) ? { cwd: elsewhere } : {});
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.stderr).toContain(message);
      expect(refused.stderr).toContain('(u64 parameters take u64:…); nothing was sent.'.replace(/u64/g, args.includes('sum') ? 'i32' : 'u64'));
      expect(refused.stderr.match(/\[MASON_[A-Z_]+\]/g)).toEqual(['[MASON_CLI_ARGS_TOO_SHORT]']);
    }
    const arity = await mason(['read', 'main', 'double']);
    expect(arity.stderr).toContain('double takes 1 argument(s) (arg1: u64), 0 given');
    expect(arity.stderr).toContain('[MASON_CLI_ABI_ARITY]');
    const fits = await mason(['read', 'main', 'double', '--args', 'u64:21', '--returns', 'u64']);
    expect(fits.stdout).toMatch(/result\s+42\n/);
  });

  it('a node on this machine named by its URL is the local network: its deployments are recorded and found under local', async () => {
    const noNodeEnv = { MASON_NODE_URL: undefined, MASON_NODE_WS_URL: undefined };
    const deployed = await mason(['deploy', '--args', 'string:ByUrl', '--network', devnet.urls.public, '--json'], { env: noNodeEnv });
    expect(deployed.code, deployed.stderr).toBe(0);
    const result = JSON.parse(deployed.stdout.trim().split('\n').pop()!);
    expect(result).toMatchObject({ network: 'local', record: join(root, 'deployments', 'local.json') });
    expect(JSON.parse(readFileSync(join(root, 'deployments/local.json'), 'utf8')).contracts.main.address).toBe(result.address);
    // The same node through MASON_NODE_URL in .env, under --network local (the default).
    writeFileSync(join(root, '.env'), `MASON_NODE_URL=${devnet.urls.public}\n`);
    try {
      const read = await mason(['read', 'main', 'hello', '--json'], { env: noNodeEnv, cwd: join(root, 'assembly') });
      expect(read.code, read.stderr).toBe(0);
      expect(JSON.parse(read.stdout)).toMatchObject({ address: result.address, value: 'Hello, ByUrl!' });
      const byUrl = await mason(['read', 'main', 'hello', '--network', devnet.urls.public.replace('127.0.0.1', 'localhost'), '--json'], { env: noNodeEnv });
      expect(JSON.parse(byUrl.stdout)).toMatchObject({ address: result.address });
    } finally {
      rmSync(join(root, '.env'));
    }
  });

  it('mason deploy with no node at the local URL says how to reach the node', async () => {
    const refused = await mason(['deploy', '--args', 'string:Nobody'], { env: { MASON_NODE_URL: 'http://127.0.0.1:9', MASON_NODE_WS_URL: undefined } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error no node at http://127.0.0.1:9: nothing answers there.');
    expect(refused.stderr.match(/\[MASON_[A-Z_]+\]/g)).toEqual(['[MASON_CLI_NO_NODE]']);
  });

  it('a deployment that cannot succeed says so before spending anything', async () => {
    const refused = await mason(['deploy', '--args', 'string:Mason', '--coins', '0']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('send it coins with the deployment');
    expect(refused.stderr.match(/MASON_DEPLOY_WOULD_FAIL/g)).toHaveLength(1);
  });

  it('constructor arguments shorter than what the constructor reads: the type it failed on, before sending', async () => {
    for (const [args, given, shown] of [
      [[], 0, 'no --args'],
      [['--args', 'u8:1'], 1, 'u8:1'],
    ] as const) {
      const refused = await mason(['deploy', ...args]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `error the constructor of main reads more than the ${given} byte(s) --args gave (${shown}): it failed reading a string ("the constructor takes a name (string): can't deserialize string from given argument: out of range"). Give one value per constructor parameter, of the parameter's type (string parameters take string:…); nothing was sent.`,
      );
      expect(refused.stderr.match(/\[MASON_[A-Z_]+\]/g)).toEqual(['[MASON_CLI_CONSTRUCTOR_ARGS_TOO_SHORT]']);
    }
  });
});
