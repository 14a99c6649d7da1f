import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { sodiumNativePath } from './sodiumEd25519.js';

/** Bytes of one record: raw public key (32) ‖ operation hash (32) ‖ signature (64). */
export const SIGNATURE_RECORD_BYTES = 128;

// The worker is this source (evaluated, so it runs the same from sources and from dist):
// libsodium's check where sodium-native loads (see sodiumEd25519.ts), and what it refuses checked
// again with Node's OpenSSL, as @mason/codec checks, with the key objects cached per public key.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createPublicKey, verify } = require('node:crypto');
let sodium = null;
try {
  if (workerData.sodiumPath) sodium = require(workerData.sodiumPath);
} catch {}
function sodiumAccepts(publicKey, message, signature) {
  try {
    return sodium !== null && sodium.crypto_sign_verify_detached(signature, message, publicKey);
  } catch {
    return false;
  }
}
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const keys = new Map();
function keyOf(raw) {
  const text = raw.toString('base64');
  let key = keys.get(text);
  if (key === undefined) {
    try {
      key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
    } catch {
      key = null;
    }
    if (keys.size >= 10000) keys.clear();
    keys.set(text, key);
  }
  return key;
}
parentPort.on('message', ({ id, packed }) => {
  const bytes = Buffer.from(packed);
  const count = bytes.length / ${SIGNATURE_RECORD_BYTES};
  const valid = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const at = i * ${SIGNATURE_RECORD_BYTES};
    if (sodiumAccepts(bytes.subarray(at, at + 32), bytes.subarray(at + 32, at + 64), bytes.subarray(at + 64, at + 128))) {
      valid[i] = 1;
      continue;
    }
    const key = keyOf(bytes.subarray(at, at + 32));
    try {
      valid[i] = key !== null && verify(null, bytes.subarray(at + 32, at + 64), key, bytes.subarray(at + 64, at + 128)) ? 1 : 0;
    } catch {
      valid[i] = 0;
    }
  }
  parentPort.postMessage({ id, valid }, [valid.buffer]);
});
`;

const MAX_FAILURES = 3;

interface Pending {
  resolve: (valid: boolean[]) => void;
  count: number;
}

/**
 * Ed25519 checks of arriving operations on worker threads, so that a large send_operations call
 * uses the other cores while the main thread decodes (and checks its own share). Workers start on
 * first use, or when warmed, and wait without using CPU; a worker that fails answers "not
 * verified" for its records, which the caller then checks itself, so a result is never lost or
 * wrongly accepted.
 */
export class SignatureWorkers {
  readonly size: number;
  #workers: Worker[] = [];
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  #turn = 0;
  #failures = 0;

  constructor(size = Math.min(4, availableParallelism() - 1)) {
    this.size = Math.max(0, size);
  }

  /** Checks `count` records packed in `packed` (see SIGNATURE_RECORD_BYTES): one flag per record, true when valid. */
  check(packed: Uint8Array, count: number): Promise<boolean[]> {
    if (this.size === 0 || count === 0 || this.#failures >= MAX_FAILURES) return Promise.resolve(new Array<boolean>(count).fill(false));
    const worker = this.#worker();
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, { resolve, count });
      // The pending answer keeps the process alive until it comes; idle workers do not.
      if (this.#pending.size === 1) for (const w of this.#workers) w.ref();
      const buffer = packed.byteOffset === 0 && packed.byteLength === packed.buffer.byteLength ? packed.buffer : packed.slice().buffer;
      worker.postMessage({ id, packed: buffer }, [buffer as ArrayBuffer]);
    });
  }

  /** Workers started and not ended. */
  get running(): number {
    return this.#workers.length;
  }

  /** Starts the workers now rather than on the first call (a worker takes ~35 ms to start). */
  warm(): void {
    if (this.#failures >= MAX_FAILURES) return;
    while (this.#workers.length < this.size) this.#worker();
  }

  async close(): Promise<void> {
    const workers = this.#workers;
    this.#workers = [];
    this.#failAll();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  #worker(): Worker {
    if (this.#workers.length < this.size) {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { sodiumPath: sodiumNativePath() } });
      worker.on('message', ({ id, valid }: { id: number; valid: Uint8Array }) => {
        this.#failures = 0;
        this.#answer(
          id,
          Array.from(valid, (flag) => flag === 1),
        );
      });
      // A broken worker: its answers (and any other) become "not verified", the caller checks them.
      worker.on('error', () => {
        this.#failures++;
        this.#drop(worker);
      });
      worker.on('exit', () => this.#drop(worker));
      worker.unref();
      this.#workers.push(worker);
      return worker;
    }
    this.#turn = (this.#turn + 1) % this.#workers.length;
    return this.#workers[this.#turn]!;
  }

  #answer(id: number, valid: boolean[]): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    if (this.#pending.size === 0) for (const w of this.#workers) w.unref();
    pending.resolve(valid.length === pending.count ? valid : new Array<boolean>(pending.count).fill(false));
  }

  #drop(worker: Worker): void {
    if (!this.#workers.includes(worker)) return;
    this.#workers = this.#workers.filter((w) => w !== worker);
    this.#failAll();
    void worker.terminate();
  }

  #failAll(): void {
    for (const [id, pending] of this.#pending) this.#answer(id, new Array<boolean>(pending.count).fill(false));
  }
}
