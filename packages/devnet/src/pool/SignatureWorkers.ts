import { availableParallelism } from 'node:os';
import { WorkerPool } from '@mason/workers';

import { SIGNATURE_RECORD_BYTES } from './signatureRecord.js';

export { SIGNATURE_RECORD_BYTES };

// Always the built worker (dist/), also when this module runs from src/ under a test runner.
const WORKER_FILE = new URL('../../dist/pool/signatureWorkerMain.js', import.meta.url);

/** Failed checks in a row after which the workers are no longer used (the caller checks everything). */
const MAX_FAILURES = 3;

/**
 * Ed25519 checks of arriving operations on worker threads, so that a large send_operations call
 * uses the other cores while the main thread decodes (and checks its own share). Workers start on
 * first use, or when warmed, and wait without using CPU; a worker that fails answers "not
 * verified" for its records, which the caller then checks itself, so a result is never lost or
 * wrongly accepted.
 */
export class SignatureWorkers {
  readonly size: number;
  readonly #pool: WorkerPool<Uint8Array, Uint8Array>;
  #failures = 0;

  constructor(size = Math.min(4, availableParallelism() - 1)) {
    this.size = Math.max(0, size);
    this.#pool = new WorkerPool(WORKER_FILE, { size: this.size, jobsPerWorker: Number.POSITIVE_INFINITY, onWorkerError: () => this.#failures++ });
  }

  /** Checks `count` records packed in `packed` (see SIGNATURE_RECORD_BYTES): one flag per record, true when valid. */
  async check(packed: Uint8Array, count: number): Promise<boolean[]> {
    const unverified = () => new Array<boolean>(count).fill(false);
    if (this.size === 0 || count === 0 || this.#failures >= MAX_FAILURES || packed.length !== count * SIGNATURE_RECORD_BYTES) return unverified();
    const outcome = await this.#pool.run(packed);
    if (!outcome.ok || outcome.value.length !== count) return unverified();
    this.#failures = 0;
    return Array.from(outcome.value, (flag) => flag === 1);
  }

  /** Workers started and not ended. */
  get running(): number {
    return this.#pool.running;
  }

  /** Starts the workers now rather than on the first call (a worker takes ~35 ms to start). */
  warm(): void {
    if (this.#failures < MAX_FAILURES) this.#pool.warm();
  }

  /** Ends the workers: checks in flight answer "not verified"; a later check starts them again. */
  close(): Promise<void> {
    return this.#pool.restart('the signature workers closed');
  }
}
