export { WorkerPool, type RunOptions, type WorkerPoolOptions } from './WorkerPool.js';
export { serveJobs, type JobHandlers } from './serveJobs.js';
export type { FromWorker, JobOutcome, ToWorker } from './messages.js';
