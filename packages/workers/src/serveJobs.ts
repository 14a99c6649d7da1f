import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './messages.js';

/** What runs a pool's jobs on its worker: takes in state (a snapshot, then changes), runs one job at a time. */
export interface JobHandlers<J, R, S = never> {
  state?(state: S): void;
  run(job: J): R | Promise<R>;
}

function failureText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * The worker side of a WorkerPool (call it in the worker's module): answers each job with its
 * value or the text of what it threw. Jobs answer in the order they end; a synchronous handler
 * ends them in the order they came, with state posted between them taken in between.
 */
export function serveJobs<J, R, S = never>(handlers: JobHandlers<J, R, S>): void {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs in a worker thread started by a WorkerPool');
  const answer = (reply: FromWorker<R>) => port.postMessage(reply);
  port.on('message', (message: ToWorker<J, S>) => {
    if (message.type === 'state') return handlers.state?.(message.state);
    const { id } = message;
    let value: R | Promise<R>;
    try {
      value = handlers.run(message.job);
    } catch (error) {
      return answer({ id, failure: failureText(error) });
    }
    if (value instanceof Promise)
      value.then(
        (resolved) => answer({ id, value: resolved }),
        (error: unknown) => answer({ id, failure: failureText(error) }),
      );
    else answer({ id, value });
  });
}
