import { closeSync, fsyncSync, ftruncateSync, openSync, writeSync } from 'node:fs';

/**
 * The file-system calls the journal writes through. The default is node:fs; tests inject a
 * failing layer (a disk that fills up, a write that errors) to check what the devnet does then.
 */
export interface JournalFs {
  openSync(path: string, flags: 'a'): number;
  /** Writes up to `length` bytes from `buffer` at `offset`; returns how many were written. */
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fsyncSync(fd: number): void;
  ftruncateSync(fd: number, length: number): void;
  closeSync(fd: number): void;
}

export const nodeJournalFs: JournalFs = { openSync, writeSync, fsyncSync, ftruncateSync, closeSync };
