import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Address, blake3, signOperation, toSendOperationInput } from '@mason/codec';
import { devnetAccountKey } from '@mason/devnet';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, describe, expect, it } from 'vitest';

// A real `mason node` process against a contract that spins on 4 MiB memory.fill (23 gas per
// 4 MiB): at max gas it would run for hours; the watchdog bounds it, so the node stays usable.

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mason-cli-wall-'));
const children = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  // A test that failed before its SIGTERM must not leave a node running (and spinning).
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

// (module (memory (export "memory") 64 64) (func (export "spin") (loop (memory.fill (i32.const 0) (i32.const 0) (i32.const 4194304)) (br 0))))
// biome-ignore format: wasm bytes, one section per line
const SPIN = Uint8Array.of(
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00,
  0x03, 0x02, 0x01, 0x00,
  0x05, 0x04, 0x01, 0x01, 0x40, 0x40,
  0x07, 0x11, 0x02, 0x06, 0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x02, 0x00, 0x04, 0x73, 0x70, 0x69, 0x6e, 0x00, 0x00,
  0x0a, 0x15, 0x01, 0x13, 0x00, 0x03, 0x40, 0x41, 0x00, 0x41, 0x00, 0x41, 0x80, 0x80, 0x80, 0x02, 0xfc, 0x0b, 0x00, 0x0c, 0x00, 0x0b, 0x0b,
);
const spinner = Address.fromHash('contract', blake3(SPIN)).toString();
const ledgerFile = join(dir, 'initial_ledger.json');
writeFileSync(ledgerFile, JSON.stringify({ [spinner]: { balance: '1', bytecode: Array.from(SPIN), datastore: [] } }));

function startNode(maxExecutionMs: number) {
  const args = [
    'node',
    '--public-port',
    '0',
    '--private-port',
    '0',
    '--api-port',
    '0',
    '--json',
    '--ephemeral',
    '--initial-ledger',
    ledgerFile,
    '--max-execution-ms',
    String(maxExecutionMs),
  ];
  const child = spawn(process.execPath, [bin, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
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
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
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

const COUNT = 190;

const spin = (url: string) =>
  rpc(url, 'execute_read_only_call', [
    [{ max_gas: 4_294_967_295, target_address: spinner, target_function: 'spin', parameter: [], caller_address: null, coins: null, fee: null }],
  ]);

describe('mason node under executions that gas does not bound in time', () => {
  it(
    'exits cleanly on SIGTERM sent while a read-only call spins',
    async () => {
      const node = startNode(2_000);
      const info = await node.ready;
      const pending = spin(info.urls.public).catch((error: unknown) => error);
      // The request is on its way or running when the signal comes; the node stops either way.
      await new Promise((resolve) => setTimeout(resolve, 300));
      node.child.kill('SIGTERM');
      expect(await node.exited).toEqual({ code: 0, signal: null });
      await pending;
      expect(node.errors()).toBe('');
    },
    scaledTimeout(30_000),
  );

  it(
    'answers requests while a block spins in a CallSC, and exits cleanly on SIGTERM without waiting for it',
    async () => {
      // A budget far longer than the test: the node must not wait for the execution to end.
      const node = startNode(120_000);
      const info = await node.ready;
      const status = (await rpc(info.urls.public, 'get_status')).result;
      const op = signOperation(
        {
          fee: 10_000_000n,
          expirePeriod: status.last_slot.period + 9,
          op: { type: 'CallSC', target: spinner, func: 'spin', param: new Uint8Array(), coins: 0n, maxGas: 4_000_000_000n },
        },
        devnetAccountKey(0),
        77n,
      );
      const [id] = (await rpc(info.urls.public, 'send_operations', [[toSendOperationInput(op)]])).result;
      // In a block being executed: out of the pool, not executed yet.
      let operation: any;
      do [operation] = (await rpc(info.urls.public, 'get_operations', [[id]])).result;
      while (operation.in_pool);
      expect(operation).toMatchObject({ in_blocks: [expect.any(String)], op_exec_status: null });
      expect((await rpc(info.urls.public, 'get_status')).result.chain_id).toBe(77);
      node.child.kill('SIGTERM');
      expect(await node.exited).toEqual({ code: 0, signal: null });
      expect(node.errors()).toBe('');
    },
    scaledTimeout(30_000),
  );

  it(
    "answers other requests between queued read-only calls, and refuses past the node's queue of 100",
    async () => {
      const node = startNode(50);
      const info = await node.ready;
      const urls = Array.from({ length: COUNT }, (_, i) => (i % 2 === 0 ? info.urls.public : info.urls.private));
      try {
        // Open the connections first (kept alive), so that the calls arrive together.
        await Promise.all(urls.map((url) => rpc(url, 'get_status')));
        // Each server serves at most 100 requests at once; two servers together overflow the queue.
        let answered = 0;
        const calls = urls.map((url) => spin(url).finally(() => answered++));
        await new Promise((resolve) => setTimeout(resolve, 200));
        const status = await rpc(info.urls.public, 'get_status');
        const answeredBeforeStatus = answered;
        expect(status.result.chain_id).toBe(77);
        // get_status did not wait for the queued read-only calls (each runs 50 ms).
        expect(answeredBeforeStatus).toBeLessThan(COUNT);
        const errors = (await Promise.all(calls)).map((response) => response.result[0].result.Error as string);
        const isFull = (error: string) => error === 'readonly call failed: Channel error';
        // The VM's watchdog stops each call; on a starved machine the worker's backstop may come first.
        const isStopped = (error: string) =>
          error.endsWith('execution stopped by the wall-clock watchdog after 50 ms') ||
          /execution stopped after \d+ ms, past the wall-clock budget$/.test(error);
        expect(errors.filter(isFull).length).toBeGreaterThan(0);
        expect(errors.filter((error) => !isFull(error) && !isStopped(error))).toEqual([]);
        expect((await rpc(info.urls.public, 'get_status')).result.chain_id).toBe(77);
      } finally {
        node.child.kill('SIGTERM');
        expect((await node.exited).code).toBe(0);
      }
    },
    scaledTimeout(60_000),
  );
});
