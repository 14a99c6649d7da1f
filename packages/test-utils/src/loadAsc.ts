// asc, loaded on first use without the process-wide listener Binaryen's Emscripten glue adds
// (`process.on('uncaughtException', e => { throw e })`): in a test worker that listener rethrows
// every stray error from inside a listener, which ends the worker and loses its report.
// @mason/compiler's keepProcessHandlers does the same for Mason; this private package cannot
// depend on the compiler, whose tests use it.
type Asc = typeof import('assemblyscript/asc').default;

const EVENTS = ['uncaughtException', 'unhandledRejection'];
// Node's typings tie each event to its listener's type; here every listener is only compared and removed.
const emitter: { listeners(event: string): Function[]; removeListener(event: string, listener: Function): unknown } = process as never;
let loading: Promise<Asc> | undefined;

export function loadAsc(): Promise<Asc> {
  loading ??= (async () => {
    const before = new Map(EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
    try {
      return (await import('assemblyscript/asc')).default;
    } finally {
      for (const [event, kept] of before) {
        for (const listener of emitter.listeners(event)) if (!kept.has(listener)) emitter.removeListener(event, listener);
      }
    }
  })();
  return loading;
}
