import { workerData } from 'node:worker_threads';
import { serveJobs } from '@mason/workers';
import { type ReadOnlyJobsConfig, readOnlyJobs } from './readOnlyJobs.js';

// The read-only worker: read-only calls arrive with the block changes between them, in order.
serveJobs(readOnlyJobs(workerData as ReadOnlyJobsConfig));
