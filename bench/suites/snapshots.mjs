// Devnet-wide snapshots: the time of a revert after 1,000 changes (balance writes, both ledgers)
// on a devnet of 100,000 accounts, against the same revert on a devnet of 1,000 accounts, measured
// in this run. A revert undoes what changed, so the two should take about the same time.
import { randomBytes } from 'node:crypto';
import { Address } from '@mason/codec';
import { startDevnet } from '@mason/devnet';
import { median } from '../lib.mjs';

const CHANGES = 1_000;
const randomAddress = () => Address.fromHash('user', new Uint8Array(randomBytes(32))).toString();

async function revertTimes(accounts, reps) {
  const addresses = Array.from({ length: accounts }, randomAddress);
  const initialLedger = Object.fromEntries(addresses.map((a) => [a, { balance: '1' }]));
  const devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true, initialLedger });
  try {
    const samples = [];
    for (let rep = 0; rep <= reps; rep++) {
      const id = await devnet.snapshot();
      for (let i = 0; i < CHANGES; i++) await devnet.setBalance(addresses[(rep * CHANGES + i * 7919) % accounts], BigInt(i + 2));
      const started = performance.now();
      if (!(await devnet.revert(id))) throw new Error(`revert to ${id} refused`);
      const ms = performance.now() - started;
      if (rep > 0) samples.push(ms); // the first one warms the code up
    }
    return { median: median(samples), best: Math.min(...samples) };
  } finally {
    await devnet.stop();
  }
}

export async function snapshotRevert({ quick = false } = {}) {
  const reps = quick ? 3 : 9;
  const small = await revertTimes(1_000, reps);
  const large = await revertTimes(100_000, reps);
  return [
    {
      name: 'revert after 1,000 changes, 100,000 accounts',
      value: large.median,
      // A revert takes a few ms: on a loaded machine, preemption and GC pauses show in the median first.
      unit: `ms (median; best ${large.best.toFixed(1)})`,
      anchor: 'same revert, 1,000 accounts',
      anchorValue: small.median,
      ratio: large.median / small.median,
      target: '≤ 10 ms; ~1× (cost of the changes, not of the state)',
    },
  ];
}
