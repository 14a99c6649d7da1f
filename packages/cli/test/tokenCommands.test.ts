// The token template's contract driven by the commands its README shows (with the contract's
// name and --returns): balances print as numbers, not hex.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevnet, type Devnet } from '@mason/devnet';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const template = fileURLToPath(new URL('../../../templates/token/', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'mason-token-'));
let devnet: Devnet;

function mason(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: root,
      env: { ...process.env, MASON_NODE_URL: devnet.urls.public, MASON_NODE_WS_URL: devnet.urls.ws, NO_COLOR: '1', PRIVATE_KEY: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const result = (stdout: string) => /result\s+(.*)\n/.exec(stdout)?.[1];

beforeAll(async () => {
  symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
  mkdirSync(join(root, 'assembly/contracts'), { recursive: true });
  copyFileSync(join(template, 'assembly/contracts/token.ts'), join(root, 'assembly/contracts/token.ts'));
  const { scripts } = JSON.parse(readFileSync(join(template, 'package.json'), 'utf8'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'token', private: true, scripts, devDependencies: { '@mason/cli': '0.1.0' } }));
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true });
}, scaledTimeout(60_000));
afterAll(async () => {
  await devnet.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("the token template's commands", () => {
  it('deploy, transfer, then balances, supply and decimals read as numbers', async () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const deploy = (scripts.deploy as string).split(' ');
    expect(deploy[0]).toBe('mason');
    const deployed = await mason(deploy.slice(1));
    expect(deployed.code, deployed.stderr).toBe(0);
    const owner = devnet.accounts[0]!.address;
    const alice = devnet.accounts[1]!.address;

    const sent = await mason(['call', 'token', 'transfer', '--args', `string:${alice}`, 'u64:1000']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toContain(`TRANSFER:${owner},${alice},1000`);

    const balance = await mason(['read', 'token', 'balanceOf', '--args', `string:${alice}`, '--returns', 'u64']);
    expect(balance.code, balance.stderr).toBe(0);
    expect(result(balance.stdout)).toBe('1000');
    const ownerBalance = await mason(['read', 'token', 'balanceOf', '--args', `string:${owner}`, '--returns', 'u64']);
    expect(result(ownerBalance.stdout)).toBe(String(1_000_000_000_000n - 1000n));
    expect(result((await mason(['read', 'token', 'totalSupply', '--returns', 'u64'])).stdout)).toBe('1000000000000');
    expect(result((await mason(['read', 'token', 'decimals', '--returns', 'u8'])).stdout)).toBe('9');
    expect(result((await mason(['read', 'token', 'symbol', '--returns', 'string'])).stdout)).toBe('MSN');
    // Decoded by the contract's ABI (build/token.abi.json): a string, without the quotes of undecoded text.
    expect(result((await mason(['read', 'token', 'name'])).stdout)).toBe('MasonToken');
    const json = JSON.parse((await mason(['read', 'token', 'balanceOf', '--args', `string:${alice}`, '--returns', 'u64', '--json'])).stdout);
    expect(json).toMatchObject({ hex: 'e803000000000000', returns: 'u64', value: '1000' });
  }, 180_000);

  it('take plain values checked against the ABI, and decode results without --returns', async () => {
    const owner = devnet.accounts[0]!.address;
    const bob = devnet.accounts[2]!.address;
    const sent = await mason(['call', 'token', 'transfer', bob, '250']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toContain(`TRANSFER:${owner},${bob},250`);
    expect(result((await mason(['read', 'token', 'balanceOf', bob])).stdout)).toBe('250');
    expect(result((await mason(['read', 'token', 'decimals'])).stdout)).toBe('9');
    const json = JSON.parse((await mason(['read', 'token', 'allowance', owner, bob, '--json'])).stdout);
    expect(json).toMatchObject({ returns: 'u64', value: '0' });

    const short = await mason(['call', 'token', 'transfer', bob]);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('transfer takes 2 argument(s) (to: string, amount: u64), 1 given');
    expect(short.stderr).toContain('MASON_CLI_ABI_ARITY');
    const wrong = await mason(['call', 'token', 'transfer', 'AU1nope', '-1']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('to (string): "AU1nope" is not a Massa address');
    expect(wrong.stderr).toContain('amount (u64): -1 is out of range');
    const both = await mason(['read', 'token', 'balanceOf', bob, '--args', `string:${bob}`]);
    expect(both.stderr).toContain('MASON_CLI_ARGS_AND_VALUES');
    expect(result((await mason(['read', 'token', 'balanceOf', bob])).stdout)).toBe('250');
  }, 180_000);
});
