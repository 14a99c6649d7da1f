import { MAS, compareSlots } from '@mason/codec';
import { describe, expect, it } from 'vitest';
import { call, sendOp, startTestDevnet } from './helpers.js';
import { nodeOf } from '../src/internal.js';

describe('status and pool edge cases', () => {
  it('reports last_slot null before genesis, as a node does', async () => {
    const devnet = await startTestDevnet({ genesisTimestamp: Date.now() + 60_000 });
    try {
      const status = await call(devnet.urls.public, 'get_status');
      expect(status.last_slot).toBeNull();
      expect(status.next_slot).toEqual({ period: 0, thread: 1 });
    } finally {
      await devnet.stop();
    }
  });

  it('never reports an execution cursor past the slot of an operation not executed yet', async () => {
    const devnet = await startTestDevnet();
    try {
      const [alice] = devnet.accounts;
      const observations: Array<{ id: string; cursor: { period: number; thread: number } }> = [];
      for (let i = 0n; i < 12n; i++) {
        const id = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: devnet.accounts[1]!.address, amount: MAS + i });
        // Clock first, then the operation: if the operation is not executed, its block comes after the cursor.
        for (;;) {
          const status = await call(devnet.urls.public, 'get_status');
          const [info] = await call(devnet.urls.public, 'get_operations', [[id]]);
          if (info.op_exec_status !== null) break;
          observations.push({ id, cursor: status.execution_stats.active_cursor });
        }
      }
      expect(observations.length).toBeGreaterThan(0);
      for (const { id, cursor } of observations) {
        const [info] = await call(devnet.urls.public, 'get_operations', [[id]]);
        const [block] = await call(devnet.urls.public, 'get_blocks', [info.in_blocks]);
        expect(compareSlots(block.content.block.header.content.slot, cursor)).toBeGreaterThan(0);
      }
    } finally {
      await devnet.stop();
    }
  }, 60_000);

  it('forgets an operation that expired in the pool without being included', async () => {
    const devnet = await startTestDevnet();
    try {
      await nodeOf(devnet).stop();
      const [alice] = devnet.accounts;
      const id = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: devnet.accounts[1]!.address, amount: MAS }, undefined, 1);
      expect(await call(devnet.urls.public, 'get_operations', [[id]])).toHaveLength(1);
      const expire = nodeOf(devnet).operations.get(id)!.signed.content.expirePeriod;
      while (nodeOf(devnet).currentSlot().period <= expire) await new Promise((r) => setTimeout(r, 50));
      nodeOf(devnet).start();
      await nodeOf(devnet).produceBlock({ period: nodeOf(devnet).currentSlot().period + 1, thread: 0 });
      expect(await call(devnet.urls.public, 'get_operations', [[id]])).toEqual([]);
    } finally {
      await devnet.stop();
    }
  });
});
