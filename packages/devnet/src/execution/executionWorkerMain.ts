import { workerData } from 'node:worker_threads';
import type { ChainConfig } from '../config.js';
import { serveJobs } from '@mason/workers';
import { executionJobs } from './executionJobs.js';

// The execution worker: slots arrive and are answered in order.
serveJobs(executionJobs(workerData as ChainConfig));
