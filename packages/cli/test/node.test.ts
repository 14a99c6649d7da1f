import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MAS, parseMas, SecretKey, signOperation, toSendOperationInput } from '@mason/codec';

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mason-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function startNode(args: string[]) {
  const child = spawn(process.execPath, [bin, 'node', '--public-port', '0', '--private-port', '0', '--api-port', '0', ...args], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((l) => l.startsWith('{') || l.includes('devnet ready'));
      if (line) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`mason node exited with ${code}: ${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => stdout, errors: () => stderr };
}

async function rpc(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { result?: any; error?: any };
}

describe('mason node', () => {
  it('prints a readiness line, serves, and stops cleanly on SIGTERM', async () => {
    const node = startNode(['--json', '--data-dir', join(dir, 'chain'), '--accounts', '3']);
    const info = JSON.parse(await node.ready);
    expect(info.ready).toBe(true);
    expect(info.accounts).toHaveLength(3);
    expect((await rpc(info.urls.public, 'get_status')).result.chain_id).toBe(77);
    expect(new URL(info.urls.private).hostname).toBe('127.0.0.1');
    node.child.kill('SIGTERM');
    expect(await node.exited).toBe(0);
  });

  it('shows the publicly-known-keys warning with the banner', async () => {
    const node = startNode(['--ephemeral', '--accounts', '1']);
    await node.ready;
    expect(node.output()).toContain('publicly known keys');
    expect(node.output()).toMatch(/secret key S1/);
    node.child.kill('SIGINT');
    expect(await node.exited).toBe(0);
  });

  it('stops when asked through the private API', async () => {
    const node = startNode(['--json', '--ephemeral']);
    const info = JSON.parse(await node.ready);
    expect((await rpc(info.urls.private, 'stop_node')).result).toBeNull();
    expect(await node.exited).toBe(0);
  });

  it('refuses a data directory that fails its checks, naming the file and --reset; --reset starts over after saying so', async () => {
    const dataDir = join(dir, 'damaged');
    const first = startNode(['--json', '--data-dir', dataDir]);
    await first.ready;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const chainFile = join(dataDir, 'chain.json');
    const identity = JSON.parse(readFileSync(chainFile, 'utf8'));
    writeFileSync(chainFile, JSON.stringify({ ...identity, deltaF0: 1 }, null, 2));

    const refused = startNode(['--json', '--data-dir', dataDir]);
    await expect(refused.ready).rejects.toThrow(/exited with 1/);
    expect(refused.errors()).toContain(`${chainFile} is corrupt: its checksum does not match its content`);
    expect(refused.errors()).toContain('`mason node --reset`');
    expect(refused.errors()).toContain('[MASON_DEVNET_DATA_CORRUPT]');

    const reset = startNode(['--json', '--data-dir', dataDir, '--reset']);
    const info = JSON.parse(await reset.ready);
    expect((await rpc(info.urls.public, 'get_status')).result.config.delta_f0).toBe(identity.deltaF0);
    expect(reset.errors()).toContain(
      `mason devnet: reset: deleting the chain in ${dataDir} (chain.json, final-blocks.jsonl, clock.json; 0 final blocks) and starting a new one`,
    );
    reset.child.kill('SIGTERM');
    expect(await reset.exited).toBe(0);
  });

  it('refuses bad flags with a clear message and exit code 1', async () => {
    const node = startNode(['--t0', '100', '--ephemeral']);
    await expect(node.ready).rejects.toThrow(/t0 must be a positive multiple of 32/);
    expect(await node.exited).toBe(1);
  });

  it('refuses an initial ledger with an invalid address, naming the file, line and entry', async () => {
    const file = join(dir, 'initial_ledger.json');
    writeFileSync(file, '{\n  "AU1nope": {"balance": "1"}\n}\n');
    const node = startNode(['--ephemeral', '--initial-ledger', file]);
    await expect(node.ready).rejects.toThrow(`${file}:2: entry "AU1nope" is not a valid address`);
    expect(await node.exited).toBe(1);
  });

  it('lets the origins given with --private-cors, and only them, call the private API from a web page', async () => {
    const node = startNode(['--json', '--ephemeral', '--private-cors', 'http://localhost:5173']);
    const info = JSON.parse(await node.ready);
    const preflight = (origin: string) => fetch(info.urls.private, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    const allowed = await preflight('http://localhost:5173');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect((await preflight('https://evil.example')).status).toBe(403);
    node.child.kill('SIGTERM');
    expect(await node.exited).toBe(0);
  });

  it('--instant finalizes an operation as soon as it arrives, says so, and moves its clock on when asked', async () => {
    const node = startNode(['--json', '--ephemeral', '--instant', '--accounts', '1']);
    const info = JSON.parse(await node.ready);
    expect(info.instant).toBe(true);
    const status = (await rpc(info.urls.public, 'get_status')).result;
    const sender = SecretKey.fromString(info.accounts[0].secretKey);
    const recipient = SecretKey.generate().publicKey.address().toString();
    const input = toSendOperationInput(
      signOperation({ fee: parseMas('0.01'), expirePeriod: status.last_slot.period + 9, op: { type: 'Transaction', recipient, amount: MAS } }, sender, 77n),
    );
    const [id] = (await rpc(info.urls.public, 'send_operations', [[input]])).result;
    let operation: any;
    for (let i = 0; i < 200 && !operation?.is_operation_final; i++) {
      [operation] = (await rpc(info.urls.public, 'get_operations', [[id]])).result;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(operation.is_operation_final).toBe(true);
    const advanced = (await rpc(info.urls.private, 'mason_advance_slots', [32])).result;
    expect(advanced.last_slot.period).toBeGreaterThan(status.last_slot.period);
    node.child.kill('SIGTERM');
    expect(await node.exited).toBe(0);
  });
});
