// `mason deploy` registers the contract's ABI on the devnet, and `mason op` / `mason trace` show a
// call's arguments and result as values — from the devnet's copy, outside the project too.
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
const root = mkdtempSync(join(tmpdir(), 'mason-abi-calls-'));
const outside = mkdtempSync(join(tmpdir(), 'mason-abi-outside-'));
let devnet: Devnet;

function mason(args: string[], cwd = root): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd,
      env: { ...process.env, MASON_NODE_URL: devnet.urls.public, MASON_NODE_WS_URL: devnet.urls.ws, NO_COLOR: '1', PRIVATE_KEY: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function rpc(url: string, method: string, params: unknown[]): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

beforeAll(async () => {
  symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
  mkdirSync(join(root, 'assembly/contracts'), { recursive: true });
  copyFileSync(join(template, 'assembly/contracts/token.ts'), join(root, 'assembly/contracts/token.ts'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'token', private: true, devDependencies: { '@mason/cli': '0.1.0' } }));
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true });
}, scaledTimeout(60_000));
afterAll(async () => {
  await devnet.stop();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('calls decoded by the ABI', () => {
  it(
    'deploy registers the ABI; op and trace show the arguments and the result as values',
    async () => {
      const deployed = await mason(['deploy', 'token', '--args', 'string:MasonToken', 'string:MSN', 'u8:9', 'u64:1000000000000', '--json']);
      expect(deployed.code, deployed.stderr).toBe(0);
      const { address, abi } = JSON.parse(deployed.stdout);
      expect(abi).toEqual({ registered: true });
      const [registered] = await rpc(devnet.urls.public, 'mason_get_abis', [[address]]);
      expect(registered).toEqual(JSON.parse(readFileSync(join(root, 'build', 'token.abi.json'), 'utf8')));

      const bob = devnet.accounts[2]!.address;
      const sent = await mason(['call', 'token', 'transfer', bob, '250', '--json']);
      expect(sent.code, sent.stderr).toBe(0);
      const { operationId } = JSON.parse(sent.stdout);

      // Outside the project: only the devnet's copy of the ABI can decode the call.
      const op = await mason(['op', operationId], outside);
      expect(op.code, op.stderr).toBe(0);
      expect(op.stdout).toMatch(new RegExp(`call\\s+transfer\\(\\w+: ${bob}, amount: 250\\)`));
      const opJson = JSON.parse((await mason(['op', operationId, '--json'], outside)).stdout);
      expect(opJson.call).toMatchObject({
        contract: 'token',
        function: 'transfer',
        args: [
          { type: 'string', format: 'address', value: bob },
          { name: 'amount', value: '250' },
        ],
      });

      const trace = await mason(['trace', operationId], outside);
      expect(trace.code, trace.stderr).toBe(0);
      expect(trace.stdout).toContain(`${address}.transfer(`);
      expect(trace.stdout).toContain(`amount: 250)`);
      const traceJson = JSON.parse((await mason(['trace', operationId, '--json'], outside)).stdout);
      expect(traceJson.root.decoded).toMatchObject({ function: 'transfer', args: [{ value: bob }, { value: '250' }] });

      // A CallSC of a function returning a value: its result, from the trace.
      const read = await mason(['call', 'token', 'balanceOf', bob, '--json']);
      expect(read.code, read.stderr).toBe(0);
      const balanceOp = await mason(['op', JSON.parse(read.stdout).operationId], outside);
      expect(balanceOp.stdout).toMatch(/returned\s+250\n/);

      // call --trace decodes its trace the same way (here with the project's build).
      const traced = await mason(['call', 'token', 'transfer', bob, '5', '--trace']);
      expect(traced.code, traced.stderr).toBe(0);
      expect(traced.stdout).toMatch(new RegExp(`token\\.transfer\\(\\w+: ${bob}, amount: 5\\)`));
    },
    scaledTimeout(180_000),
  );
});
