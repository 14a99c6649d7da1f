import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAS, parseMas, SecretKey, signOperation, toSendOperationInput } from '@mason/codec';
import { type Devnet, startDevnet } from '@mason/devnet';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `mason node --fork`: the remote is a devnet in this process; the fork runs in the child process
// (a fork's reads hold its own thread, so they must not be answered by it).

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mason-cli-fork-'));
let remote: Devnet;
const holder = SecretKey.generate().publicKey.address().toString();

beforeAll(async () => {
  remote = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true, chainId: 4242n, log: () => {} });
  await remote.setBalance(holder, 12_345_000_000_000n);
  // Blocks made final past period 1: a transfer after the clock moved on.
  await remote.advanceSlots(320);
  const status = await rpc(remote.urls.public, 'get_status');
  const transfer = signOperation(
    { fee: parseMas('0.01'), expirePeriod: status.last_slot.period + 10, op: { type: 'Transaction', recipient: holder, amount: MAS } },
    remote.accounts[0]!.secretKey,
    4242n,
  );
  await rpc(remote.urls.public, 'send_operations', [[toSendOperationInput(transfer)]]);
  expect(await remote.settle(scaledTimeout(10_000))).toBe(true);
}, scaledTimeout(30_000));
afterAll(async () => {
  await remote?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function startNode(args: string[]) {
  const child = spawn(process.execPath, [bin, 'node', '--public-port', '0', '--private-port', '0', '--api-port', '0', ...args], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`mason node exited with ${code}: ${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited };
}

async function rpc(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: any }).result;
}

describe('mason node --fork', () => {
  it(
    "serves the remote's chain and accounts, keeps nothing on disk, and says where it forked",
    async () => {
      const finalPeriod = (await rpc(remote.urls.public, 'get_status')).execution_stats.final_cursor.period;
      expect(finalPeriod).toBeGreaterThan(0);
      const node = startNode(['--json', '--fork', remote.urls.public, '--fork-period', String(finalPeriod)]);
      try {
        const info = JSON.parse(await node.ready);
        expect(info.fork).toEqual({ url: `${remote.urls.public}/`, period: finalPeriod });
        expect(info.chainId).toBe(4242);
        expect(info.dataDir).toBeNull();
        const status = await rpc(info.urls.public, 'get_status');
        expect(status.chain_id).toBe(4242);
        expect(status.last_slot.period).toBeGreaterThan(finalPeriod);
        const [account] = await rpc(info.urls.public, 'get_addresses', [[holder]]);
        expect(account.final_balance).toBe('12346');
      } finally {
        node.child.kill('SIGTERM');
        expect(await node.exited).toBe(0);
      }
    },
    scaledTimeout(60_000),
  );

  it(
    'refuses a past --fork-period, --fork-period without --fork, and an unreachable remote, with exit code 1',
    async () => {
      const past = startNode(['--json', '--fork', remote.urls.public, '--fork-period', '1']);
      await expect(past.ready).rejects.toThrow(/serves only the state of its latest final period/);
      expect(await past.exited).toBe(1);
      const alone = startNode(['--json', '--fork-period', '3']);
      await expect(alone.ready).rejects.toThrow(/'--fork-period <n>' needs --fork <url>/);
      expect(await alone.exited).toBe(1);
      const down = startNode(['--json', '--fork', 'http://127.0.0.1:9/']);
      await expect(down.ready).rejects.toThrow(/cannot reach the node to fork at http:\/\/127.0.0.1:9\//);
      expect(await down.exited).toBe(1);
    },
    scaledTimeout(60_000),
  );
});
