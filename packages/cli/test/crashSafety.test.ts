import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAS, SecretKey, parseMas, signOperation, toSendOperationInput } from '@mason/codec';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, describe, expect, it } from 'vitest';

// The kill moments are random but replayable: the seed is printed, MASON_TEST_SEED replays it.
const seed = Number(process.env.MASON_TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`crash safety: seed ${seed} (MASON_TEST_SEED=${seed} replays the same kill moments)`);
let state = seed >>> 0;
function random(): number {
  // mulberry32
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
}

// kill -9 the devnet at random moments under a stream of operations, restart it on the same data
// directory, and check that everything reported final before the kill is still there.

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mason-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rpc(url: string, method: string, params: unknown[] = []): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

function start(): Promise<{ child: ChildProcess; info: any }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [bin, 'node', '--json', '--data-dir', dir, '--public-port', '0', '--private-port', '0', '--api-port', '0', '--accounts', '4'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, info: JSON.parse(line) });
    });
    child.once('exit', (code) => reject(new Error(`devnet exited with ${code}`)));
  });
}

describe('crash safety', () => {
  it(
    'loses nothing reported final across kill -9 at random moments',
    async () => {
      const recipient = SecretKey.generate().publicKey.address().toString();
      const reportedFinal = new Map<string, bigint>(); // op id → amount, seen final before a kill
      const sent = new Map<string, bigint>(); // every operation sent, final or not
      let nonce = 0n;
      for (let round = 0; round < 4; round++) {
        const { child, info } = await start();
        const url = info.urls.public;
        const exited = new Promise((r) => child.once('exit', r));
        // Everything reported final by an earlier run must be there, final and successful.
        const known = [...reportedFinal.keys()];
        for (let i = 0; i < known.length; i += 100) {
          const infos = await rpc(url, 'get_operations', [known.slice(i, i + 100)]);
          expect(infos.map((x: any) => [x.is_operation_final, x.op_exec_status])).toEqual(infos.map(() => [true, true]));
          expect(infos).toHaveLength(Math.min(100, known.length - i));
        }
        // The final state is exactly the effect of the operations final on the node: some sent just
        // before a kill may have become final unobserved; none reported final may be missing.
        if (sent.size > 0) {
          const ids = [...sent.keys()];
          const finalIds: string[] = [];
          for (let i = 0; i < ids.length; i += 100) {
            const infos = await rpc(url, 'get_operations', [ids.slice(i, i + 100)]);
            for (const x of infos) if (x.is_operation_final && x.op_exec_status) finalIds.push(x.id);
          }
          const [r] = await rpc(url, 'get_addresses', [[recipient]]);
          const total = finalIds.reduce((sum, id) => sum + sent.get(id)!, 0n);
          expect(parseMas(r.final_balance)).toBe(finalIds.length > 0 ? total - parseMas('0.001') : 0n);
        }
        // The kill comes at a random moment after the round's first operation is reported final, so
        // that every round has something final to lose, whatever the machine's speed.
        const killAfter = 150 + Math.floor(random() * 400);
        const pending: Array<{ id: string; amount: bigint }> = [];
        const key = SecretKey.fromString(info.accounts[round % 4].secretKey);
        let killed = false;
        let killer: NodeJS.Timeout | undefined;
        const giveUp = Date.now() + scaledTimeout(20_000);
        try {
          while (!killed) {
            if (killer === undefined && Date.now() > giveUp) throw new Error(`round ${round}: nothing final within ${scaledTimeout(20_000) / 1000} s`);
            const status = await rpc(url, 'get_status');
            const amount = MAS + ++nonce;
            const signed = signOperation(
              { fee: parseMas('0.01'), expirePeriod: status.last_slot.period + 9, op: { type: 'Transaction', recipient, amount } },
              key,
              77n,
            );
            await rpc(url, 'send_operations', [[toSendOperationInput(signed)]]);
            pending.push({ id: signed.id, amount });
            sent.set(signed.id, amount);
            // The oldest pending ones first, at most 100 (the node answers at most 128 ids per call).
            const infos = await rpc(url, 'get_operations', [pending.slice(0, 100).map((p) => p.id)]);
            for (const x of infos) {
              if (x.is_operation_final) {
                const entry = pending.find((p) => p.id === x.id)!;
                reportedFinal.set(entry.id, entry.amount);
                pending.splice(pending.indexOf(entry), 1);
                killer ??= setTimeout(() => {
                  killed = true;
                  child.kill('SIGKILL');
                }, killAfter);
              }
            }
          }
        } catch (error) {
          // the kill interrupted a request: expected; anything else fails the test
          if (!killed) {
            child.kill('SIGKILL');
            throw error;
          }
        }
        clearTimeout(killer);
        if (!killed) child.kill('SIGKILL');
        await exited;
      }
      expect(reportedFinal.size).toBeGreaterThan(0);
    },
    scaledTimeout(60_000),
  );
});
