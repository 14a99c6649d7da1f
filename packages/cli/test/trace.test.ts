// `mason trace`, and `mason call|read --trace`, against a devnet whose two relay contracts (real
// compiled code, placed at genesis) call each other.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Address, Args, toHex } from '@mason/codec';
import { startDevnet, type Devnet } from '@mason/devnet';
import { compileContract, scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const outside = mkdtempSync(join(tmpdir(), 'mason-trace-'));
const A = Address.fromHash('contract', new Uint8Array(32).fill(1)).toString();
const B = Address.fromHash('contract', new Uint8Array(32).fill(2)).toString();
let devnet: Devnet;

function mason(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: outside,
      env: { ...process.env, MASON_NODE_URL: devnet.urls.public, NO_COLOR: '1', PRIVATE_KEY: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const bytesArg = (args: Args) => `bytes:${toHex(args.serialize())}`;
const relayTo = (target: string, fn: string, inner: Args) => ['--args', `string:${target}`, `string:${fn}`, bytesArg(inner)];

beforeAll(async () => {
  const wasm = await compileContract(join(packageDir, 'test', 'contracts', 'relay.ts'), {
    asconfig: join(packageDir, 'node_modules', '@mason', 'sdk', 'asconfig.json'),
    baseDir: packageDir,
  });
  const contract = { balance: '10', bytecode: [...wasm], datastore: [] };
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true, initialLedger: { [A]: contract, [B]: contract } });
}, scaledTimeout(60_000));
afterAll(async () => {
  await devnet?.stop();
  rmSync(outside, { recursive: true, force: true });
});

describe('mason trace', () => {
  it(
    'call --trace prints the call tree after the result, nested frames indented',
    async () => {
      const result = await mason(['call', A, 'relay', ...relayTo(B, 'store', new Args().addString('color').addString('blue'))]);
      expect(result.code, result.stderr).toBe(0);
      const traced = await mason(['call', A, 'relay', ...relayTo(B, 'store', new Args().addString('color').addString('red')), '--trace']);
      expect(traced.code, traced.stderr).toBe(0);
      const lines = traced.stdout.split('\n');
      const trace = lines.slice(lines.findIndex((l) => l.includes('trace')));
      expect(trace[1]).toMatch(/^CallSC O\w+ ok, gas [\d,]+ of [\d,]+, slot \d+\.\d+$/);
      expect(trace).toContainEqual(expect.stringMatching(new RegExp(`^  ${A}\\.relay  from AU\\w+  coins 0 MAS  gas [\\d,]+$`)));
      expect(trace).toContainEqual(expect.stringMatching(new RegExp(`^      ${B}\\.store  from ${A}  coins 0 MAS  gas [\\d,]+$`)));
      expect(trace).toContainEqual(expect.stringMatching(new RegExp(`^          write ${B} \\["color"\\] = "red"$`)));
      expect(trace).toContainEqual(expect.stringMatching(/^ {8}generate_event [\d,]+ gas {2}event "stored color"$/));
    },
    scaledTimeout(60_000),
  );

  it(
    'shows a failure deep in the tree on its frame, and `mason trace <id>` prints it again, --json as data',
    async () => {
      // A.relay → B.relay → A.boom
      const inner = new Args().addString(A).addString('boom').addUint8Array(new Uint8Array());
      const failed = await mason(['call', A, 'relay', ...relayTo(B, 'relay', inner), '--trace', '--max-gas', '50000000']);
      expect(failed.code).toBe(1);
      expect(failed.stdout).toMatch(new RegExp(`\\n {10}${A}\\.boom  from ${B}  coins 0 MAS  gas [\\d,]+\\n(.*\\n)* {12}✗ .*boom deep in the tree`));
      const id = /operation\s+(O\w+)/.exec(failed.stdout)![1]!;
      const again = await mason(['trace', id]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain(`CallSC ${id} failed`);
      const json = JSON.parse((await mason(['trace', id, '--json'])).stdout);
      expect(json).toMatchObject({
        version: 1,
        kind: 'CallSC',
        ok: false,
        operationId: id,
        failure: { message: expect.stringContaining('boom deep in the tree') },
      });
    },
    scaledTimeout(60_000),
  );

  it(
    'read --trace prints the read-only execution’s trace',
    async () => {
      const read = await mason(['read', B, 'read', '--args', 'string:color', '--trace']);
      expect(read.code, read.stderr).toBe(0);
      expect(read.stdout).toMatch(/result\s+"red"/);
      expect(read.stdout).toMatch(/^ReadOnlyCall ok/m);
      expect(read.stdout).toContain(`read ${B} ["color"] → "red"`);
    },
    scaledTimeout(60_000),
  );

  it(
    'refuses an id it keeps no trace of, saying why',
    async () => {
      const missing = await mason(['trace', 'O1nothingHere']);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('no trace of O1nothingHere');
      expect(missing.stderr).toContain('[MASON_CLI_NO_TRACE]');
    },
    scaledTimeout(30_000),
  );
});
