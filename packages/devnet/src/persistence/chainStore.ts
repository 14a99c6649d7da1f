import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { compareSlots, type Slot } from '@mason/codec';
import type { FinalizedBlock } from '../chain/Finalizer.js';
import { corruptAt, DataDirError } from './dataDirError.js';
import { nodeJournalFs, type JournalFs } from './journalFs.js';
import type { StateChangeRecord } from '../stateControl/StateChangeRecord.js';
import { decodeRecord, encodeRecord, sha256Hex, type JournalItem } from './journalRecord.js';

/** What must not change between two runs on the same data directory. */
export interface ChainIdentity {
  chainId: string;
  genesisTimestamp: number;
  t0: number;
  deltaF0: number;
  threadCount: number;
}

/** Format 1 (Mason ≤ 0.1 before checksums): a journal of bare JSON lines. Format 2: checksummed, chained records. */
export const DATA_FORMAT = 2;
export const CHAIN_FILE = 'chain.json';
export const JOURNAL_FILE = 'final-blocks.jsonl';
/** The node's clock when it last stopped (it can run ahead of the wall clock: instant mode). */
export const CLOCK_FILE = 'clock.json';

export interface ChainStoreOptions {
  /** The file-system layer appends go through (default node:fs); tests inject faults here. */
  fs?: JournalFs;
  /** Where the store says what it did on its own (a torn last line cut). */
  log?: (message: string) => void;
}

/** Where the journal ended at a snapshot (ChainStore.mark). */
export interface JournalMark {
  length: number;
  prev: string;
}

/** A final block or state-control writes read back, with its line in the journal (for errors). */
export type JournalEntry = { line: number } & JournalItem;

const identityChecksum = (format: number, id: ChainIdentity): string =>
  sha256Hex(JSON.stringify([format, id.chainId, id.genesisTimestamp, id.t0, id.deltaF0, id.threadCount]));

/**
 * Final blocks on disk: chain.json (the chain's identity, checksummed) and final-blocks.jsonl, an
 * append-only journal of checksummed, chained records (see journalRecord.ts), one per final block,
 * written and fsync'ed before the block is reported final. At start the whole journal is
 * verified: only an incomplete last line (a crash or a full disk in the middle of an append) is
 * cut; anything else refuses to start with the file and line.
 */
export class ChainStore {
  readonly #journalPath: string;
  readonly #fs: JournalFs;
  readonly #log: (message: string) => void;
  #fd: number | null = null;
  #loaded = false;
  /** Checksum of the last record (chain.json's for an empty journal): the next record's `prev`. */
  #prev: string;
  /** Bytes of complete records: where a failed append is cut back to. */
  #length = 0;
  #failure: DataDirError | null = null;

  private constructor(
    readonly dir: string,
    readonly identity: ChainIdentity,
    anchor: string,
    options: ChainStoreOptions,
  ) {
    this.#journalPath = join(dir, JOURNAL_FILE);
    this.#prev = anchor;
    this.#fs = options.fs ?? nodeJournalFs;
    this.#log = options.log ?? (() => {});
  }

  get journalPath(): string {
    return this.#journalPath;
  }

  /**
   * Opens a data directory, or creates one with a new chain. An existing chain keeps its identity
   * (genesis, timing, chain id); one of its two files missing is refused, never a new chain.
   */
  static open(dir: string, wanted: ChainIdentity, options: ChainStoreOptions = {}): ChainStore {
    mkdirSync(dir, { recursive: true });
    const chainPath = join(dir, CHAIN_FILE);
    const journalPath = join(dir, JOURNAL_FILE);
    const hasJournal = existsSync(journalPath);
    if (existsSync(chainPath)) {
      const { identity, checksum } = readIdentity(chainPath);
      if (!hasJournal) throw new DataDirError('MASON_DEVNET_DATA_MISSING', { dir, present: CHAIN_FILE, missing: JOURNAL_FILE });
      for (const key of ['chainId', 't0', 'deltaF0', 'threadCount'] as const) {
        if (String(identity[key]) !== String(wanted[key])) {
          throw new DataDirError('MASON_DEVNET_DATA_OTHER_CHAIN', { dir, key, stored: identity[key], wanted: wanted[key] });
        }
      }
      return new ChainStore(dir, identity, checksum, options);
    }
    // A journal without chain.json is refused unless it is empty: creation writes the empty
    // journal first, so an empty one alone is a creation interrupted before chain.json.
    if (hasJournal && statSync(journalPath).size > 0) throw new DataDirError('MASON_DEVNET_DATA_MISSING', { dir, present: JOURNAL_FILE, missing: CHAIN_FILE });
    if (!hasJournal) writeDurably(journalPath, '');
    const checksum = identityChecksum(DATA_FORMAT, wanted);
    const tmp = `${chainPath}.tmp`;
    writeDurably(tmp, JSON.stringify({ format: DATA_FORMAT, ...wanted, checksum }, null, 2) + '\n');
    renameSync(tmp, chainPath);
    syncDirectory(dir);
    return new ChainStore(dir, wanted, checksum, options);
  }

  /**
   * Deletes the chain of a data directory (its two files; nothing else there), after saying so.
   * The explicit way to start over: nothing else ever discards final blocks.
   */
  static reset(dir: string, log: (message: string) => void): void {
    const files = [CHAIN_FILE, JOURNAL_FILE, `${CHAIN_FILE}.tmp`, CLOCK_FILE, `${CLOCK_FILE}.tmp`].filter((file) => existsSync(join(dir, file)));
    if (files.length === 0) {
      log(`reset: ${dir} holds no chain, nothing to delete`);
      return;
    }
    const journalPath = join(dir, JOURNAL_FILE);
    const records = existsSync(journalPath) ? readFileSync(journalPath).reduce((n, byte) => (byte === 0x0a ? n + 1 : n), 0) : 0;
    log(`reset: deleting the chain in ${dir} (${files.join(', ')}; ${records} final blocks) and starting a new one`);
    for (const file of files) rmSync(join(dir, file));
  }

  /** Every final block recorded, oldest first, each checked against its checksum and the one before. */
  load(): JournalEntry[] {
    const file = this.#journalPath;
    const content = readFileSync(file);
    const entries: JournalEntry[] = [];
    let start = 0;
    let lastSlot: Slot | null = null;
    for (let end = content.indexOf(0x0a); end !== -1; end = content.indexOf(0x0a, start)) {
      const line = entries.length + 1;
      const record = decodeRecord(content.subarray(start, end).toString('utf8'), this.#prev);
      if (!record.ok) throw corruptAt(file, line, record.reason);
      if (record.state) {
        entries.push({ line, state: record.state });
        this.#prev = record.checksum;
        start = end + 1;
        continue;
      }
      const slot = record.entry.block.slot;
      if (lastSlot && compareSlots(slot, lastSlot) <= 0) {
        throw corruptAt(
          file,
          line,
          `its block (slot ${slot.period}.${slot.thread}) is not after the final block before it (slot ${lastSlot.period}.${lastSlot.thread})`,
        );
      }
      lastSlot = slot;
      entries.push({ line, entry: record.entry });
      this.#prev = record.checksum;
      start = end + 1;
    }
    this.#length = start;
    if (start < content.length) this.#cutTornTail(content.subarray(start), entries.length + 1);
    this.#loaded = true;
    return entries;
  }

  /**
   * A crash (or a full disk) in the middle of an append leaves a prefix of "<record>\n" after the
   * last newline: it was never fsync'ed whole, so its block was never reported final, and it is
   * cut. A complete record followed by a byte other than a newline is no such prefix: damage.
   */
  #cutTornTail(tail: Uint8Array, line: number): void {
    if (decodeRecord(Buffer.from(tail.subarray(0, -1)).toString('utf8'), this.#prev).ok) {
      throw corruptAt(this.#journalPath, line, 'its line end was damaged (a complete record is followed by another byte instead of a newline)');
    }
    const fd = this.#fs.openSync(this.#journalPath, 'a');
    try {
      this.#fs.ftruncateSync(fd, this.#length);
      this.#fs.fsyncSync(fd);
    } finally {
      this.#fs.closeSync(fd);
    }
    this.#log(
      `cut the incomplete last line of ${this.#journalPath} (line ${line}, ${tail.length} bytes): an append interrupted by a crash or a full disk; its block had not been reported final`,
    );
  }

  /** Appends a final block and fsyncs it. After a failure every later append fails the same way. */
  append(entry: FinalizedBlock): void {
    this.#appendItem({ entry });
  }

  /** Appends state-control writes (final at once) and fsyncs them, in the same chain of records as blocks. */
  appendState(state: StateChangeRecord): void {
    this.#appendItem({ state });
  }

  #appendItem(item: JournalItem): void {
    if (!this.#loaded) throw new Error('ChainStore.load() must run before append()');
    if (this.#failure) throw this.#failure;
    const { line, checksum } = encodeRecord(this.#prev, item);
    const bytes = Buffer.from(line);
    try {
      this.#fd ??= this.#fs.openSync(this.#journalPath, 'a');
      for (let written = 0; written < bytes.length; ) {
        const n = this.#fs.writeSync(this.#fd, bytes, written, bytes.length - written);
        if (n <= 0) throw Object.assign(new Error('the file system accepted no bytes'), { code: 'EIO' });
        written += n;
      }
      this.#fs.fsyncSync(this.#fd);
    } catch (error) {
      const cause = error as NodeJS.ErrnoException;
      const errno = cause.code ?? 'EIO';
      const detail = cause.message.startsWith(errno) ? cause.message : `${errno}: ${cause.message}`;
      const file = this.#journalPath;
      this.#failure = item.entry
        ? new DataDirError('MASON_DEVNET_JOURNAL_WRITE_FAILED', {
            file,
            errno,
            detail,
            blockId: item.entry.block.id,
            slot: `${item.entry.block.slot.period}.${item.entry.block.slot.thread}`,
          })
        : new DataDirError('MASON_DEVNET_STATE_WRITE_FAILED', { file, errno, detail, method: item.state.method });
      this.#cutBack();
      throw this.#failure;
    }
    this.#prev = checksum;
    this.#length += bytes.length;
  }

  /** Removes what a failed append left (best effort: if this fails too, the next start cuts it). */
  #cutBack(): void {
    if (this.#fd === null) return;
    try {
      this.#fs.ftruncateSync(this.#fd, this.#length);
      this.#fs.fsyncSync(this.#fd);
    } catch {
      // the torn line stays; load() cuts it
    }
  }

  /** Where the journal ends now (a snapshot): cutBack returns to it. */
  mark(): JournalMark {
    return { length: this.#length, prev: this.#prev };
  }

  /**
   * Cuts the journal back to `mark` (a revert to a snapshot) and fsyncs it: the records appended
   * since are gone, so a restart comes back to the reverted chain. The chain of checksums stays
   * whole (the next record follows the mark's).
   */
  cutBack(mark: JournalMark): void {
    if (this.#failure) throw this.#failure;
    if (mark.length > this.#length) throw new Error(`cannot cut the journal back to ${mark.length} bytes: it holds ${this.#length}`);
    try {
      this.#fd ??= this.#fs.openSync(this.#journalPath, 'a');
      this.#fs.ftruncateSync(this.#fd, mark.length);
      this.#fs.fsyncSync(this.#fd);
    } catch (error) {
      // What the file holds now is not known for sure: no later append may chain onto it.
      const cause = error as NodeJS.ErrnoException;
      const errno = cause.code ?? 'EIO';
      const detail = cause.message.startsWith(errno) ? cause.message : `${errno}: ${cause.message}`;
      this.#failure = new DataDirError('MASON_DEVNET_STATE_WRITE_FAILED', { file: this.#journalPath, errno, detail, method: 'mason_revert' });
      throw this.#failure;
    }
    this.#length = mark.length;
    this.#prev = mark.prev;
  }

  close(): void {
    if (this.#fd !== null) this.#fs.closeSync(this.#fd);
    this.#fd = null;
  }

  /**
   * The node's clock (ms) saved when it last stopped, or null (never saved, or the node did not
   * stop cleanly: the last final block's slot is then the lower bound). Only ever moves the clock forward.
   */
  readClock(): number | null {
    const path = join(this.dir, CLOCK_FILE);
    if (!existsSync(path)) return null;
    const text = readFileSync(path, 'utf8');
    let stored: unknown;
    try {
      stored = JSON.parse(text);
    } catch (error) {
      throw corruptAt(path, jsonErrorLine(error as Error, text), `it is not valid JSON (${(error as Error).message})`);
    }
    const now = (stored as { now?: unknown } | null)?.now;
    if (typeof now !== 'number' || !Number.isSafeInteger(now) || now < this.identity.genesisTimestamp) {
      throw corruptAt(path, null, `"now" must be a time in ms since the epoch, not before the genesis (${this.identity.genesisTimestamp})`);
    }
    return now;
  }

  /** Saves the node's clock at a clean stop, atomically (a crash leaves the previous one). */
  saveClock(now: number): void {
    const path = join(this.dir, CLOCK_FILE);
    writeDurably(`${path}.tmp`, JSON.stringify({ now }) + '\n');
    renameSync(`${path}.tmp`, path);
  }
}

function readIdentity(path: string): { identity: ChainIdentity; checksum: string } {
  const text = readFileSync(path, 'utf8');
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw corruptAt(path, jsonErrorLine(error as Error, text), `it is not valid JSON (${(error as Error).message})`);
  }
  if (typeof stored !== 'object' || stored === null || typeof stored.format !== 'number') throw corruptAt(path, null, 'it has no "format" number');
  if (stored.format !== DATA_FORMAT) {
    const writer = stored.format < DATA_FORMAT ? 'an earlier version of Mason' : 'a newer version of Mason';
    throw new DataDirError('MASON_DEVNET_DATA_OLD_FORMAT', { file: path, writer, format: stored.format, expected: DATA_FORMAT });
  }
  const identity: ChainIdentity = {
    chainId: stored.chainId as string,
    genesisTimestamp: stored.genesisTimestamp as number,
    t0: stored.t0 as number,
    deltaF0: stored.deltaF0 as number,
    threadCount: stored.threadCount as number,
  };
  const checksum = identityChecksum(DATA_FORMAT, identity);
  if (stored.checksum !== checksum) throw corruptAt(path, null, 'its checksum does not match its content (it was edited or damaged)');
  return { identity, checksum };
}

/** The line of a JSON.parse error: Node 20 reports a position, later versions a line. */
function jsonErrorLine(error: Error, text: string): number | null {
  const line = /line (\d+)/.exec(error.message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(error.message);
  if (position) return text.slice(0, Number(position[1])).split('\n').length;
  return null;
}

function writeDurably(path: string, content: string): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a rename durable: fsync of the directory holding it (where directories can be opened: not on Windows). */
function syncDirectory(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch (error) {
    if (['EISDIR', 'EPERM', 'EACCES'].includes((error as NodeJS.ErrnoException).code ?? '')) return;
    throw error;
  }
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
