import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAS, parseMas, SecretKey } from '@mason/codec';
import { afterAll, describe, expect, it } from 'vitest';
import { call, sendOp, startTestDevnet, waitFinal } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'mason-devnet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('persistence in a data directory', () => {
  it('keeps final blocks, balances and operations across a restart, and survives a torn journal tail', async () => {
    const recipient = SecretKey.generate().publicKey.address().toString();
    const first = await startTestDevnet({ dataDir: dir });
    const [alice] = first.accounts;
    const ids: string[] = [];
    // Distinct amounts: identical operations would share one id.
    for (let i = 0n; i < 3n; i++) ids.push(await sendOp(first, alice!.secretKey, { type: 'Transaction', recipient, amount: MAS + i }));
    for (const id of ids) await waitFinal(first, id);
    const [beforeAlice] = await call(first.urls.public, 'get_addresses', [[alice!.address]]);
    const genesis = (await call(first.urls.public, 'get_status')).config.genesis_timestamp;
    const [infoBefore] = await call(first.urls.public, 'get_operations', [[ids[0]]]);
    await first.stop();

    appendFileSync(join(dir, 'final-blocks.jsonl'), '{"block": {"id": "torn');

    const second = await startTestDevnet({ dataDir: dir });
    try {
      const status = await call(second.urls.public, 'get_status');
      expect(status.config.genesis_timestamp).toBe(genesis);
      const [a, r] = await call(second.urls.public, 'get_addresses', [[alice!.address, recipient]]);
      expect(a.final_balance).toBe(beforeAlice.final_balance);
      expect(parseMas(r.final_balance)).toBe(3n * MAS + 3n - parseMas('0.001'));
      const infos = await call(second.urls.public, 'get_operations', [ids]);
      expect(infos.map((i: any) => [i.is_operation_final, i.op_exec_status])).toEqual(ids.map(() => [true, true]));
      expect(infos[0].in_blocks).toEqual(infoBefore.in_blocks);
      const [block] = await call(second.urls.public, 'get_blocks', [infoBefore.in_blocks]);
      expect(block.content.is_final).toBe(true);
      // The chain goes on from where it stopped.
      const next = await sendOp(second, alice!.secretKey, { type: 'Transaction', recipient, amount: MAS });
      await waitFinal(second, next);
      const [r2] = await call(second.urls.public, 'get_addresses', [[recipient]]);
      expect(parseMas(r2.final_balance)).toBe(4n * MAS + 3n - parseMas('0.001'));
    } finally {
      await second.stop();
    }
  });

  it('refuses a data directory holding another chain', async () => {
    await expect(startTestDevnet({ dataDir: dir, chainId: 5n })).rejects.toThrow(/chainId 77, but 5 was asked for/);
  });
});
