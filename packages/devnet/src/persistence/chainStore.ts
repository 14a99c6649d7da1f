import { closeSync, existsSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { FinalizedBlock } from '../devnetNode.js';
import { decodeFinalized, encodeFinalized } from './serialization.js';

/** What must not change between two runs on the same data directory. */
export interface ChainIdentity {
  format: 1;
  chainId: string;
  genesisTimestamp: number;
  t0: number;
  deltaF0: number;
  threadCount: number;
}

export class DataDirError extends Error {}

/**
 * Final blocks on disk: an append-only journal, one line per final block with its absolute ledger
 * changes, events and operation results, fsync'ed before anything else can observe the block as
 * final. A torn last line (a kill during a write) is detected and cut at the next start.
 */
export class ChainStore {
  readonly #journalPath: string;
  #fd: number | null = null;

  private constructor(
    readonly dir: string,
    readonly identity: ChainIdentity,
  ) {
    this.#journalPath = join(dir, 'final-blocks.jsonl');
  }

  /** Opens (or creates) a data directory. An existing one keeps its identity (genesis, timing, chain id). */
  static open(dir: string, wanted: ChainIdentity): ChainStore {
    mkdirSync(dir, { recursive: true });
    const identityPath = join(dir, 'chain.json');
    if (existsSync(identityPath)) {
      const stored = JSON.parse(readFileSync(identityPath, 'utf8')) as ChainIdentity;
      if (stored.format !== 1) throw new DataDirError(`${dir} was written by another version of Mason (format ${stored.format}).`);
      for (const key of ['chainId', 't0', 'deltaF0', 'threadCount'] as const) {
        if (String(stored[key]) !== String(wanted[key])) {
          throw new DataDirError(
            `${dir} holds a chain with ${key} ${stored[key]}, but ${wanted[key]} was asked for. Use another --data-dir, or delete this one to start a new chain.`,
          );
        }
      }
      return new ChainStore(dir, stored);
    }
    const tmp = `${identityPath}.tmp`;
    writeFileSync(tmp, JSON.stringify(wanted, null, 2));
    renameSync(tmp, identityPath);
    return new ChainStore(dir, wanted);
  }

  /** Every complete final block recorded, oldest first; a torn tail is cut off. */
  load(): FinalizedBlock[] {
    if (!existsSync(this.#journalPath)) return [];
    const content = readFileSync(this.#journalPath);
    const entries: FinalizedBlock[] = [];
    let start = 0;
    let goodLength = 0;
    while (start < content.length) {
      const end = content.indexOf(0x0a, start);
      if (end === -1) break;
      try {
        entries.push(decodeFinalized(content.subarray(start, end).toString('utf8')));
      } catch {
        break;
      }
      start = end + 1;
      goodLength = start;
    }
    if (goodLength < content.length) {
      const fd = openSync(this.#journalPath, 'r+');
      ftruncateSync(fd, goodLength);
      fsyncSync(fd);
      closeSync(fd);
    }
    return entries;
  }

  append(entry: FinalizedBlock): void {
    this.#fd ??= openSync(this.#journalPath, 'a');
    writeSync(this.#fd, encodeFinalized(entry) + '\n');
    fsyncSync(this.#fd);
  }

  close(): void {
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }
}
