// The chain commands on a devnet where nothing becomes final: candidate and final views differ,
// and the commands tell them apart.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, getOperations, type OperationInfo } from '@mason/client';
import { SecretKey } from '@mason/codec';
import { startDevnet, type Devnet } from '@mason/devnet';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeOf, stageOf } from '../src/operationStage.js';

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const outside = mkdtempSync(join(tmpdir(), 'mason-candidate-'));
let devnet: Devnet;

function mason(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: outside,
      env: { ...process.env, MASON_NODE_URL: devnet.urls.public, MASON_NODE_WS_URL: devnet.urls.ws, NO_COLOR: '1', PRIVATE_KEY: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  // Real slot timing, and a finality threshold no test waits for.
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, deltaF0: 1_000_000 });
}, scaledTimeout(60_000));
afterAll(async () => {
  await devnet?.stop();
  rmSync(outside, { recursive: true, force: true });
});

describe('candidate, not final', () => {
  it(
    'transfer --wait executed, then balance, op and block show the candidate state apart from the final one',
    async () => {
      const to = SecretKey.generate().publicKey.address().toString();
      const sent = await mason(['transfer', to, '1', '--wait', 'executed', '--json']);
      expect(sent.code, sent.stderr).toBe(0);
      const { operationId, stage, status } = JSON.parse(sent.stdout);
      expect({ stage, status }).toEqual({ stage: 'speculative', status: 'SpeculativeSuccess' });

      const balance = await mason(['balance', to]);
      expect(balance.stdout).toMatch(/candidate\s+0.999 MAS/);
      expect(balance.stdout).toMatch(/final\s+0 MAS {2}\(operations not final yet change it\)/);

      const op = await mason(['op', operationId]);
      expect(op.stdout).toMatch(/status\s+executed \(candidate\), not final yet, success/);
      expect(JSON.parse((await mason(['op', operationId, '--json'])).stdout)).toMatchObject({ stage: 'candidate', outcome: 'success' });

      const client = createClient({ url: devnet.urls.public });
      try {
        const [info] = await getOperations(client, [operationId]);
        const block = await mason(['block', info!.in_blocks[0]!]);
        expect(block.stdout).toMatch(/status\s+candidate \(in the blockclique\)/);
        // The same entry as the node would show it before execution: in a block, then in the pool.
        const included: OperationInfo = { ...info!, op_exec_status: null, is_operation_final: null };
        const pooled: OperationInfo = { ...included, in_blocks: [], in_pool: true };
        expect([stageOf(pooled), stageOf(included), stageOf(info!)]).toEqual(['pool', 'included', 'candidate']);
        expect([outcomeOf(pooled), outcomeOf(info!), outcomeOf({ ...info!, op_exec_status: false })]).toEqual([null, 'success', 'failure']);
      } finally {
        await client.close();
      }
    },
    scaledTimeout(180_000),
  );
});

describe('mason events --follow when the node goes away', () => {
  it(
    'ends with the error and exit code 1, rather than waiting silently',
    async () => {
      const doomed = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true });
      const child = spawn(process.execPath, [bin, 'events', '--follow'], {
        cwd: outside,
        env: { ...process.env, MASON_NODE_URL: doomed.urls.public, MASON_NODE_WS_URL: doomed.urls.ws, NO_COLOR: '1' },
      });
      let stderr = '';
      child.stderr.on('data', (c) => (stderr += c));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        const deadline = Date.now() + scaledTimeout(30_000);
        while (!stderr.includes('Ctrl-C to stop')) {
          if (Date.now() > deadline) throw new Error(`mason events --follow did not start: ${stderr}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        await doomed.stop();
      }
      expect(await exited).toBe(1);
      expect(stderr).toContain(`error no node at ${doomed.urls.public}`);
      expect(stderr.match(/\[MASON_[A-Z_]+\]/g)).toEqual(['[MASON_CLI_NO_NODE]']);
    },
    scaledTimeout(90_000),
  );
});
