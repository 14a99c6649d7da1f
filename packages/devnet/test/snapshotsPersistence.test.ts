import { closeSync, fsyncSync, ftruncateSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAS, SecretKey } from '@mason/codec';
import { afterAll, describe, expect, it } from 'vitest';
import type { JournalFs } from '../src/persistence/journalFs.js';
import { call, rpc, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// Snapshots with a data directory (the journal is cut back by a revert, so a restart comes back
// to the reverted chain) and on a slot-timed devnet (blocks at their slots' real time).

const dir = mkdtempSync(join(tmpdir(), 'mason-snapshots-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('snapshots in a data directory', () => {
  it('a revert cuts the journal back: a restart comes back to the reverted state, and the chain goes on', async () => {
    const dataDir = join(dir, 'revert');
    const journal = join(dataDir, 'final-blocks.jsonl');
    const target = SecretKey.generate().publicKey.address().toString();
    const first = await startTestDevnet({ dataDir, instant: true });
    const [alice, bob] = first.accounts;
    await waitFinal(first, await sendOp(first, alice!.secretKey, { type: 'Transaction', recipient: target, amount: MAS }));
    const size = statSync(journal).size;
    const id = await call(first.urls.private, 'mason_snapshot');
    await waitFinal(first, await sendOp(first, alice!.secretKey, { type: 'Transaction', recipient: target, amount: 5n * MAS }));
    await call(first.urls.private, 'mason_set_rolls', [bob!.address, 7]);
    await call(first.urls.private, 'mason_impersonate', [bob!.address]);
    expect(statSync(journal).size).toBeGreaterThan(size);
    expect(await call(first.urls.private, 'mason_revert', [id])).toBe(true);
    expect(statSync(journal).size).toBe(size);
    // Made after the revert: journaled after the cut.
    await waitFinal(first, await sendOp(first, alice!.secretKey, { type: 'Transaction', recipient: target, amount: 2n * MAS }));
    const status = await call(first.urls.public, 'get_status');
    await first.stop();

    const second = await startTestDevnet({ dataDir, instant: true });
    try {
      const [t, b] = await call(second.urls.public, 'get_addresses', [[target, bob!.address]]);
      expect(t.final_balance).toBe('2.999');
      expect(b.final_roll_count).toBe(0);
      expect((await call(second.urls.public, 'get_status')).mason.impersonating).toEqual([]);
      expect((await call(second.urls.public, 'get_status')).execution_stats.final_executed_operations_count).toBe(
        status.execution_stats.final_executed_operations_count,
      );
      await waitFinal(second, await sendOp(second, alice!.secretKey, { type: 'Transaction', recipient: target, amount: MAS }));
      expect((await call(second.urls.public, 'get_addresses', [[target]]))[0].final_balance).toBe('3.999');
      // Snapshots live in memory: a restart has none.
      expect(await call(second.urls.private, 'mason_revert', [id])).toBe(false);
    } finally {
      await second.stop();
    }
    // A stopped devnet refuses, as its other controls do.
    await expect(second.snapshot()).rejects.toMatchObject({ code: 'MASON_DEVNET_STOPPED' });
    await expect(second.revert('0x1')).rejects.toMatchObject({ code: 'MASON_DEVNET_STOPPED' });
  }, 60_000);
});

describe('a snapshot taken while a block is not final yet', () => {
  it('a revert makes it not final again; it becomes final once more, journaled once', async () => {
    const dataDir = join(dir, 'pending');
    // delta_f0 of 40 blocks with their endorsements: the block stays speculative for a while.
    const devnet = await startTestDevnet({ dataDir, deltaF0: 680 });
    const [alice] = devnet.accounts;
    const target = SecretKey.generate().publicKey.address().toString();
    const info = async () => (await call(devnet.urls.public, 'get_operations', [[sent]]))[0];
    const balances = async () => {
      const [t] = await call(devnet.urls.public, 'get_addresses', [[target]]);
      return [t.final_balance, t.candidate_balance];
    };
    let sent = '';
    try {
      sent = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: target, amount: 4n * MAS });
      // Executed in a block (speculative), not just posted to the worker.
      while ((await info())?.op_exec_status == null) await new Promise((r) => setTimeout(r, 5));
      await devnet.pauseProduction();
      const included = await info();
      expect(included.is_operation_final).toBe(false);
      const id = await devnet.snapshot();
      expect(await balances()).toEqual(['0', '3.999']);
      devnet.resumeProduction();
      await waitFinal(devnet, sent, 30_000);
      expect(await balances()).toEqual(['3.999', '3.999']);

      expect(await devnet.revert(id)).toBe(true);
      expect(await balances()).toEqual(['0', '3.999']);
      expect(await info()).toMatchObject({ in_blocks: included.in_blocks, is_operation_final: false, op_exec_status: true });
      expect((await waitFinal(devnet, sent, 30_000)).in_blocks).toEqual(included.in_blocks);
      expect(await balances()).toEqual(['3.999', '3.999']);
    } finally {
      await devnet.stop();
    }
    const again = await startTestDevnet({ dataDir, deltaF0: 680 });
    try {
      const [t] = await call(again.urls.public, 'get_addresses', [[target]]);
      expect(t.final_balance).toBe('3.999');
      expect((await call(again.urls.public, 'get_operations', [[sent]]))[0].is_operation_final).toBe(true);
    } finally {
      await again.stop();
    }
  }, 90_000);
});

describe('a revert whose journal cannot be cut', () => {
  it('changes nothing, answers -32001 and stops finality, as a failed journal write does', async () => {
    const dataDir = join(dir, 'truncate-fails');
    const journal = join(dataDir, 'final-blocks.jsonl');
    let truncateFails = false;
    const disk: JournalFs = {
      openSync,
      closeSync,
      fsyncSync,
      writeSync,
      ftruncateSync(fd, length) {
        if (truncateFails) throw Object.assign(new Error('EIO: i/o error, ftruncate'), { code: 'EIO' });
        ftruncateSync(fd, length);
      },
    };
    const logged: string[] = [];
    const devnet = await startTestDevnet({ dataDir, instant: true, journalFs: disk, log: (m) => logged.push(m) });
    try {
      const [alice] = devnet.accounts;
      const target = SecretKey.generate().publicKey.address().toString();
      const id = await devnet.snapshot();
      await waitFinal(devnet, await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: target, amount: MAS }));
      const onDisk = readFileSync(journal);
      truncateFails = true;
      const answer = await rpc(devnet.urls.private, 'mason_revert', [id]);
      expect(answer.error?.code).toBe(-32001);
      expect(answer.error?.message).toContain('mason_revert');
      expect(readFileSync(journal)).toEqual(onDisk);
      expect((await call(devnet.urls.public, 'get_addresses', [[target]]))[0].final_balance).toBe('0.999');
      expect(logged.some((line) => line.includes('FINALITY STOPPED'))).toBe(true);
      await expect(sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: target, amount: MAS })).rejects.toThrow(/-32001/);
    } finally {
      await devnet.stop();
    }
  }, 60_000);
});

describe('snapshots on a slot-timed devnet', () => {
  it('reverts blocks made at their real slots, puts the clock back, and produces again', async () => {
    const devnet = await startTestDevnet();
    try {
      const [alice] = devnet.accounts;
      const target = SecretKey.generate().publicKey.address().toString();
      const snapshotTime = (await call(devnet.urls.public, 'get_status')).current_time;
      const id = await devnet.snapshot();
      const sent = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: target, amount: 4n * MAS });
      const info = await waitFinal(devnet, sent, 30_000);
      await devnet.advanceSlots(64);
      const later = (await call(devnet.urls.public, 'get_status')).current_time;
      expect(await devnet.revert(id)).toBe(true);
      const status = await call(devnet.urls.public, 'get_status');
      expect(status.current_time).toBeLessThan(later);
      expect(status.current_time).toBeGreaterThanOrEqual(snapshotTime);
      expect(await call(devnet.urls.public, 'get_operations', [[sent]])).toEqual([]);
      expect(await call(devnet.urls.public, 'get_blocks', [info.in_blocks])).toEqual([]);
      expect((await call(devnet.urls.public, 'get_addresses', [[target]]))[0].final_balance).toBe('0');
      const again = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: target, amount: MAS });
      expect((await waitFinal(devnet, again, 30_000)).op_exec_status).toBe(true);
      expect((await call(devnet.urls.public, 'get_addresses', [[target]]))[0].final_balance).toBe('0.999');
    } finally {
      await devnet.stop();
    }
  }, 90_000);
});
