// What starting Node itself costs on this machine, so the process rows (template tests, builds,
// `mason test`, devnet start) can be read: each of them starts one or more Node processes.
//
// NODE_EXTRA_CA_CERTS makes Node 20 read and parse that certificate file while it starts, before
// any JavaScript runs (the system bundle: 35–55 ms here). The bench's children run without it (see
// run.mjs); this suite measures both, so the difference stays on record.
import { spawnSync } from 'node:child_process';
import { median } from '../lib.mjs';

/** Median wall time of `node -e 0` with `env`, in ms. */
function nodeStartMs(env, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const { status } = spawnSync(process.execPath, ['-e', '0'], { env, stdio: 'ignore' });
    if (status !== 0) throw new Error(`node -e 0 exited with ${status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

export function nodeStart({ runs = 10, extraCaCerts } = {}) {
  const value = nodeStartMs(process.env, runs);
  const withCerts = extraCaCerts ? nodeStartMs({ ...process.env, NODE_EXTRA_CA_CERTS: extraCaCerts }, runs) : null;
  return [
    {
      name: 'Node start (node -e 0), as the bench starts its processes',
      value,
      unit: 'ms (median)',
      anchor: withCerts === null ? null : `with NODE_EXTRA_CA_CERTS=${extraCaCerts}, as this environment sets it`,
      anchorValue: withCerts,
      ratio: withCerts === null ? null : value / withCerts,
      target: '— (context for the process rows)',
    },
  ];
}
