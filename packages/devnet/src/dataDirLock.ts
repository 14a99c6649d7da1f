// One node per data directory. The holder listens on a Unix socket of its own in the directory
// (a named pipe on Windows): the kernel closes it when the process dies, by SIGKILL too and
// whether or not the dead process is reaped, so whether a node holds the directory never depends
// on a pid (a zombie, a reused pid) or a hostname (a container started again). The lock file
// holds the holder's pid, host and start time, for people and tools.
import { createHash, randomUUID } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineErrors, type CodedError } from '@mason/codec';

export const DATA_DIR_LOCK_FILE = 'mason-node.lock';
const SOCKET_NAME = /^mason-node\.[0-9a-f]{32}\.sock$/;
// sun_path holds 108 bytes on Linux, 104 on macOS: a longer path is reached through a short symlink.
const MAX_SOCKET_PATH = 100;
const PROBE_TIMEOUT_MS = 5_000;

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
  /** Stops listening and removes the lock's socket and file if the file is still this lock's (idempotent). */
  release(): void;
}

/** Locks this process holds: released at exit even when the process ends without stopping its devnets. */
const held = new Map<string, { dir: string; token: string; server: Server }>();
let exitHookInstalled = false;

type Holder = { alive: false } | { alive: true; lock: Partial<LockContent> | null };

function socketName(token: string): string {
  return `mason-node.${token}.sock`;
}

/** Runs `use` with a path to `name` in `dir` short enough for a socket address. */
async function withSocketPath<T>(dir: string, name: string, use: (path: string) => Promise<T>): Promise<T> {
  const path = join(dir, name);
  if (Buffer.byteLength(path) <= MAX_SOCKET_PATH) return use(path);
  const link = join(tmpdir(), `mason-lock-${randomUUID()}`);
  symlinkSync(resolve(dir), link, 'dir');
  try {
    return await use(join(link, name));
  } finally {
    unlinkSync(link);
  }
}

function listenOn(path: string, answer: string): Promise<Server> {
  return new Promise((resolvePromise, reject) => {
    // Whoever connects learns who holds the directory.
    const server = createServer((socket) => {
      socket.on('error', () => socket.destroy());
      socket.end(answer);
    });
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      server.unref();
      resolvePromise(server);
    });
  });
}

/** Whether a node listens at `path`: a refused or missing socket is a dead holder's. */
function probe(path: string): Promise<Holder> {
  return new Promise((resolvePromise) => {
    let text = '';
    let connected = false;
    const socket = connect(path, () => (connected = true));
    const done = (holder: Holder) => {
      clearTimeout(timer);
      socket.destroy();
      resolvePromise(holder);
    };
    const timer = setTimeout(() => done({ alive: true, lock: null }), PROBE_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => done({ alive: true, lock: parseLock(text) }));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT' || error.code === 'ENOTSOCK')) done({ alive: false });
      else done({ alive: true, lock: parseLock(text) });
    });
  });
}

function parseLock(text: string): Partial<LockContent> | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<LockContent>) : null;
  } catch {
    return null;
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

function locked(dir: string, file: string, lock: Partial<LockContent> | null | undefined): DataDirLockError {
  return new DataDirLockError('MASON_DEVNET_DATA_DIR_LOCKED', {
    dir,
    pid: lock?.pid ?? 'unknown',
    host: lock?.host ?? 'an unknown host',
    since: lock?.since ?? 'an unknown time',
    file,
  });
}

/** Orders two sockets by creation, then name: every process sees the same order. */
function olderThan(a: { ctimeNs: bigint; name: string }, b: { ctimeNs: bigint; name: string }): boolean {
  return a.ctimeNs !== b.ctimeNs ? a.ctimeNs < b.ctimeNs : a.name < b.name;
}

/**
 * Takes the lock of a data directory, or refuses with the pid of the node that holds it. Sockets
 * left by processes that died are removed. Two nodes starting at once each see the other's
 * socket: the older socket keeps the directory, the other refuses. Within one process the lock
 * is taken over: it guards against other processes (a devnet of this process that failed to
 * start releases its lock when the process exits).
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, DATA_DIR_LOCK_FILE);
  readLock(file, dir); // a file Mason did not write is refused, not overwritten
  const token = randomUUID().replaceAll('-', '');
  const content: LockContent = { pid: process.pid, host: hostname(), since: new Date().toISOString(), token };
  const text = JSON.stringify(content) + '\n';
  if (process.platform === 'win32') return lockWithPipe(dir, file, content, text);

  const name = socketName(token);
  const server = await withSocketPath(dir, name, (path) => listenOn(path, text));
  const lock = { dir, token, server };
  held.set(file + '\0' + token, lock);
  installExitHook();
  try {
    const mine = { ctimeNs: lstatSync(join(dir, name), { bigint: true }).ctimeNs, name };
    const ours = new Set([...held.values()].filter((h) => h.dir === dir).map((h) => socketName(h.token)));
    for (const other of readdirSync(dir)) {
      if (!SOCKET_NAME.test(other) || ours.has(other)) continue;
      let ctimeNs: bigint;
      try {
        ctimeNs = lstatSync(join(dir, other), { bigint: true }).ctimeNs;
      } catch {
        continue; // removed meanwhile
      }
      const holder = await withSocketPath(dir, other, probe);
      if (!holder.alive) {
        unlinkQuietly(join(dir, other));
        continue;
      }
      if (olderThan({ ctimeNs, name: other }, mine)) throw locked(dir, file, holder.lock ?? readLock(file, dir)?.lock);
    }
    writeDurably(file, text);
  } catch (error) {
    release(file, lock);
    throw error;
  }
  return { file, release: () => release(file, lock) };
}

async function lockWithPipe(dir: string, file: string, content: LockContent, text: string): Promise<DataDirLock> {
  const pipe = `\\\\.\\pipe\\mason-node-${createHash('sha256').update(resolve(dir).toLowerCase()).digest('hex')}`;
  let server: Server;
  try {
    server = await listenOn(pipe, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const holder = await probe(pipe);
    throw locked(dir, file, holder.alive ? (holder.lock ?? readLock(file, dir)?.lock) : readLock(file, dir)?.lock);
  }
  const lock = { dir, token: content.token, server };
  held.set(file + '\0' + content.token, lock);
  installExitHook();
  writeDurably(file, text);
  return { file, release: () => release(file, lock) };
}

function writeDurably(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function release(file: string, lock: { dir: string; token: string; server: Server }): void {
  if (!held.delete(file + '\0' + lock.token)) return;
  lock.server.close();
  if (process.platform !== 'win32') unlinkQuietly(join(lock.dir, socketName(lock.token)));
  try {
    const current = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    if (current.token === lock.token) unlinkSync(file);
  } catch {
    // already gone, or replaced by a lock that is not ours: leave it
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const [key, lock] of [...held]) release(key.slice(0, key.indexOf('\0')), lock);
  });
}
