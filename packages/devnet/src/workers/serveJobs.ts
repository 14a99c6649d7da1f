import { parentPort } from 'node:worker_threads';
import type { JobHandlers } from './JobRunner.js';
import type { FromJobWorker, ToJobWorker } from './JobWorker.js';

/** The worker side of a JobWorker: takes in state, runs jobs one at a time, answers each. */
export function serveJobs<J, R, S>(handlers: JobHandlers<J, R, S>): void {
  parentPort!.on('message', (message: ToJobWorker<J, S>) => {
    if (message.type === 'state') return handlers.state(message.state);
    let reply: FromJobWorker<R>;
    try {
      reply = { id: message.id, value: handlers.run(message.job) };
    } catch (error) {
      reply = { id: message.id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    parentPort!.postMessage(reply);
  });
}
