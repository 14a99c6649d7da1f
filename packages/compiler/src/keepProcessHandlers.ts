/** The process events whose listeners decide what an error nobody caught does to the whole process. */
const EVENTS = ['uncaughtException', 'unhandledRejection'];
// Node's typings tie each event to its listener's type; here every listener is only compared and removed.
const emitter: { listeners(event: string): Function[]; removeListener(event: string, listener: Function): unknown } = process as never;

/**
 * Runs `load` (an import of asc) and then removes the listeners of `uncaughtException` and
 * `unhandledRejection` that were added while it ran.
 *
 * Binaryen's Emscripten glue, which asc imports, adds `process.on('uncaughtException', e => {
 * throw e })` when it loads. In a process with handlers of its own (a test runner's worker, `mason
 * test --watch`) every error nobody caught then goes through it first and is rethrown from inside a
 * listener, which ends the process (exit code 7) before its own handlers see the error. What it lets
 * pass, Emscripten's own exit signals (`unwind`, `ExitStatus`), only escapes when a compiled
 * program's `main` exits; asc calls Binaryen as a library and never needs it.
 *
 * Mason adds no such listener while asc loads (a few hundred milliseconds, once per thread), so the
 * listeners added meanwhile are the library's.
 */
export async function keepProcessHandlers<T>(load: () => Promise<T>): Promise<T> {
  const before = new Map(EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  try {
    return await load();
  } finally {
    for (const [event, kept] of before) {
      for (const listener of emitter.listeners(event)) if (!kept.has(listener)) emitter.removeListener(event, listener);
    }
  }
}
