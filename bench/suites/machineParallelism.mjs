// How much more CPU-bound work this machine does with one thread per core than with one thread:
// the ceiling of every parallel target (build --jobs, the devnet's worker threads). Each thread
// checks the same number of Ed25519 signatures (Node's OpenSSL, as the devnet does): no shared
// state, no allocation to speak of, so what is left is the cores themselves.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { median } from '../lib.mjs';

const CHECKS = 2000;

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { generateKeyPairSync, sign, verify } = require('node:crypto');
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const message = Buffer.alloc(32, 7);
const signature = sign(null, message, privateKey);
for (let i = 0; i < 200; i++) verify(null, message, publicKey, signature);
parentPort.postMessage('ready');
parentPort.once('message', () => {
  const started = performance.now();
  for (let i = 0; i < workerData; i++) verify(null, message, publicKey, signature);
  parentPort.postMessage(performance.now() - started);
});
`;

/** Wall time of `threads` threads each doing CHECKS checks, started together once all are warm. */
async function checksWallMs(threads) {
  const workers = Array.from({ length: threads }, () => new Worker(WORKER, { eval: true, workerData: CHECKS }));
  try {
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
    const started = performance.now();
    const done = workers.map((worker) => new Promise((resolve) => worker.once('message', resolve)));
    for (const worker of workers) worker.postMessage('go');
    await Promise.all(done);
    return performance.now() - started;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

export async function machineParallelism({ runs = 3 } = {}) {
  const cores = availableParallelism();
  const one = [];
  const all = [];
  for (let i = 0; i < runs; i++) {
    one.push(await checksWallMs(1));
    all.push(await checksWallMs(cores));
  }
  const single = median(one);
  const parallel = median(all);
  return [
    {
      name: `machine: ${cores} threads vs 1, CPU-bound work`,
      value: (cores * single) / parallel,
      unit: '× the work/s',
      anchor: '1 thread, same work per thread',
      anchorValue: single,
      ratio: null,
      target: `report (ideal ${cores}×): the ceiling of any parallel speedup`,
      perCheckUs: { one: (single * 1000) / CHECKS, all: (parallel * 1000) / CHECKS },
    },
  ];
}
