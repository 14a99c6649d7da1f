// Timeouts of tests that start processes (node, npm, the CLI), scaled to the machine: on a loaded
// 2-core machine such a test takes many times what it takes on an idle one, and a fixed timeout
// then fails a test that would have passed.
import { availableParallelism, loadavg } from 'node:os';

/** The most a load can stretch a timeout (a load of 17 on 2 cores is ×8.5). */
const MAX_LOAD_SCALE = 10;

/**
 * The factor test timeouts are multiplied by: `MASON_TEST_TIMEOUT_SCALE` when set (a positive
 * number), otherwise the machine's load per core over the last minute, at least 1 and at most 10.
 */
export function timeoutScale(env: NodeJS.ProcessEnv = process.env, load = loadavg()[0]!, cores = availableParallelism()): number {
  const given = env.MASON_TEST_TIMEOUT_SCALE;
  if (given !== undefined && given !== '') {
    const scale = Number(given);
    if (!Number.isFinite(scale) || scale <= 0) {
      throw new Error(`MASON_TEST_TIMEOUT_SCALE=${given} is not a positive number: give how many times longer tests may take, e.g. 4`);
    }
    return scale;
  }
  return Math.min(MAX_LOAD_SCALE, Math.max(1, load / Math.max(1, cores)));
}

/** `ms` scaled by timeoutScale(): the timeout of a test (or of a wait in it) that starts processes. */
export function scaledTimeout(ms: number): number {
  return Math.ceil(ms * timeoutScale());
}
