import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevnet, type Devnet } from '@mason/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// build → deploy → call → read through the mason command, against a devnet.

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'mason-loop-'));
let devnet: Devnet;

const CONTRACT = `import { Args, Context, Storage, generateEvent, stringToBytes } from '@mason/sdk';

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
`;

function mason(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: root,
      env: { ...process.env, MASON_NODE_URL: devnet.urls.public, MASON_NODE_WS_URL: devnet.urls.ws, NO_COLOR: '1' },
    });
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
  writeFileSync(join(root, 'assembly/contracts/main.ts'), CONTRACT);
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0 });
}, 60_000);
afterAll(async () => {
  await devnet.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('the developer loop through the mason command', () => {
  let address = '';

  it('mason build compiles and bundles, then skips unchanged contracts', async () => {
    const first = await mason(['build']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/main .*compiled in/);
    const second = await mason(['build']);
    expect(second.stdout).toContain('unchanged');
    expect(JSON.parse(readFileSync(join(root, 'build/manifest.json'), 'utf8')).contracts.main.exports).toEqual(expect.arrayContaining(['sum', 'hello', 'constructor']));
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

  it('mason call sends a CallSC and prints its events', async () => {
    const called = await mason(['call', address, 'sum', '--args', 'i32:2', 'i32:3']);
    expect(called.code, called.stderr).toBe(0);
    expect(called.stdout).toContain('FinalSuccess');
    expect(called.stdout).toContain('Sum: 2 + 3 = 5');
  });

  it('mason read calls read-only and decodes text', async () => {
    const read = await mason(['read', address, 'hello', '--json']);
    expect(read.code, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout).text).toBe('"Hello, Mason!"');
  });

  it('a failing call exits 1 with the contract message', async () => {
    const failed = await mason(['call', address, 'sum', '--args', 'i32:2', '--max-gas', '10000000']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('sum takes two i32: the second is missing');
  });

  it('a deployment that cannot succeed says so before spending anything', async () => {
    const refused = await mason(['deploy']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the constructor takes a name (string)');
    expect(refused.stderr).toContain('MASON_DEPLOY_WOULD_FAIL');
  });
});
