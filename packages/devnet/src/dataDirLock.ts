// One node per data directory: a lock file holding the owner's pid, taken before the directory
// is read or reset and removed when the devnet stops.
import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { defineErrors, type CodedError } from '@mason/codec';

export const DATA_DIR_LOCK_FILE = 'mason-node.lock';

const DELETE_IF_NONE = 'If no node runs there any more, delete {file} and start again.';

export const dataDirLockErrors = {
  MASON_DEVNET_DATA_DIR_LOCKED: `{dir} is in use by another Mason node (pid {pid} on {host}, since {since}): two nodes on one data directory would corrupt its chain. Stop that node first, or give this one another --data-dir (or --ephemeral). ${DELETE_IF_NONE}`,
  MASON_DEVNET_DATA_DIR_LOCK_UNREADABLE: `{file} is not a lock file Mason wrote ({reason}), so whether a node still uses {dir} is unknown. ${DELETE_IF_NONE}`,
} as const;

export type DataDirLockErrorCode = keyof typeof dataDirLockErrors;

const defined = defineErrors(dataDirLockErrors, 'cli.md', { name: 'DataDirLockError' });

/** A data directory another node holds. */
export const DataDirLockError = defined.Error;
export type DataDirLockError<C extends DataDirLockErrorCode = DataDirLockErrorCode> = CodedError<typeof dataDirLockErrors, C>;

/** True for a DataDirLockError (with `code` when given), also one made by another copy of @mason/devnet. */
export const isDataDirLockError = defined.is;

interface LockContent {
  pid: number;
  host: string;
  since: string;
  token: string;
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still this lock's (idempotent). */
  release(): void;
}

/** Locks this process holds, removed at exit even when the process ends without stopping its devnets. */
const held = new Map<string, string>();
let exitHookInstalled = false;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates `file` with `content` only if it does not exist, never leaving it half-written. */
function createExclusive(file: string, content: string, token: string): boolean {
  const tmp = `${file}.${token}.tmp`;
  writeFileSync(tmp, content);
  try {
    linkSync(tmp, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    // A file system without hard links: an exclusive create and one write.
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (inner) {
      if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw inner;
    }
    writeSync(fd, content);
    closeSync(fd);
    return true;
  } finally {
    unlinkSync(tmp);
  }
}

function readLock(file: string, dir: string): { text: string; lock: LockContent } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const unreadable = (reason: string) => new DataDirLockError('MASON_DEVNET_DATA_DIR_LOCK_UNREADABLE', { file, dir, reason });
  let parsed: Partial<LockContent>;
  try {
    parsed = JSON.parse(text) as Partial<LockContent>;
  } catch (error) {
    throw unreadable(`line 1: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || !Number.isSafeInteger(parsed.pid) || typeof parsed.host !== 'string') {
    throw unreadable('line 1: expected {"pid": …, "host": …}');
  }
  return { text, lock: parsed as LockContent };
}

/**
 * Takes the lock of a data directory, or refuses with the pid of the node that holds it. A lock
 * left by a process that no longer runs is taken over. Within one process the lock is taken over
 * too: it guards against other processes (a devnet of this process that failed to start leaves
 * its lock until the process exits).
 */
export function lockDataDir(dir: string): DataDirLock {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, DATA_DIR_LOCK_FILE);
  const token = randomUUID();
  const content: LockContent = { pid: process.pid, host: hostname(), since: new Date().toISOString(), token };
  const text = JSON.stringify(content) + '\n';
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(file, text, token)) {
      held.set(file, token);
      installExitHook();
      return { file, release: () => release(file, token) };
    }
    const current = readLock(file, dir);
    if (!current) continue; // removed meanwhile: try again
    const { lock } = current;
    const sameHost = lock.host === content.host;
    if (!sameHost || (lock.pid !== process.pid && isAlive(lock.pid))) {
      throw new DataDirLockError('MASON_DEVNET_DATA_DIR_LOCKED', { dir, pid: lock.pid, host: lock.host, since: lock.since ?? 'an unknown time', file });
    }
    // Stale: its process is gone. Remove it only if it is still that very lock.
    if (readLock(file, dir)?.text === current.text) unlinkSync(file);
  }
  const holder = readLock(file, dir)?.lock;
  throw new DataDirLockError('MASON_DEVNET_DATA_DIR_LOCKED', {
    dir,
    pid: holder?.pid ?? 'unknown',
    host: holder?.host ?? hostname(),
    since: holder?.since ?? 'now',
    file,
  });
}

function release(file: string, token: string): void {
  if (held.get(file) !== token) return;
  held.delete(file);
  try {
    const current = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    if (current.token === token) unlinkSync(file);
  } catch {
    // already gone, or replaced by a lock that is not ours: leave it
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const [file, token] of [...held]) release(file, token);
  });
}
