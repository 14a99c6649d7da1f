import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// mason node --dump-state / --load-state: a state file written at exit and read at start.
const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mason-cli-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function startNode(args: string[]) {
  const child = spawn(process.execPath, [bin, 'node', '--json', '--ephemeral', '--public-port', '0', '--private-port', '0', '--api-port', '0', ...args], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const ready = new Promise<any>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`mason node exited with ${code}: ${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited, errors: () => stderr };
}

async function rpc(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { result?: any; error?: any };
}

describe('mason node --dump-state / --load-state', () => {
  it('writes the state on exit and starts from it', async () => {
    const file = join(dir, 'state.json');
    const first = startNode(['--dump-state', file]);
    const info = await first.ready;
    const address = info.accounts[0].address;
    expect((await rpc(info.urls.private, 'mason_set_balance', [address, '12.5'])).result).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'mason-devnet-state', version: 1 });

    const second = startNode(['--load-state', file]);
    const loaded = await second.ready;
    const [entry] = (await rpc(loaded.urls.public, 'get_addresses', [[address]])).result;
    expect(entry.final_balance).toBe('12.5');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('refuses a damaged state file, naming it and what is wrong, with exit code 1', async () => {
    const file = join(dir, 'damaged.json');
    writeFileSync(file, JSON.stringify({ format: 'mason-devnet-state', version: 1, checksum: '00', state: { accounts: {} } }));
    const node = startNode(['--load-state', file]);
    await expect(node.ready).rejects.toThrow(`${file} cannot be loaded as a devnet state: its checksum does not match its state`);
    expect(node.errors()).toContain('[MASON_DEVNET_STATE_FILE]');
    expect(await node.exited).toBe(1);
  });
});
