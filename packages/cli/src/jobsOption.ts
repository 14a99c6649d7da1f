import { InvalidArgumentError } from 'commander';

/** Most worker threads `--jobs` accepts (the compiler's and the test runner's limit). */
export const MAX_JOBS = 64;

/** `--jobs`: how many contracts or spec files compile at the same time, each in a worker thread. */
export function parseJobs(value: string): number {
  const jobs = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > MAX_JOBS) {
    throw new InvalidArgumentError(`give a whole number from 1 to ${MAX_JOBS}, e.g. --jobs 2 (1: no worker threads)`);
  }
  return jobs;
}
