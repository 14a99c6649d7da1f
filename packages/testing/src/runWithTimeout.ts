import { createContext, Script } from 'node:vm';
import { TestingError } from './errors.js';

/** Default longest run of one test or hook (ms): far above any real unit test, short enough not to hang CI. */
export const TEST_TIMEOUT_MS = 10_000;

// Node's vm timeout runs a watchdog that terminates execution, wasm loops included, then lets the
// isolate go on: the only way to stop an endless loop of unmetered spec code on this thread.
const script = new Script('run()');
const context = createContext({ run: (): void => undefined });

/** Runs `body`, failing with MASON_TESTING_TIMEOUT if it takes longer than `timeout` ms. */
export function runWithTimeout(body: () => void, timeout: number): void {
  const previous = context.run;
  // An error must not cross the vm boundary: node would format its stack there, and failures are
  // located from the raw call sites of their stacks (wasmFrames.ts).
  let failure: { error: unknown } | undefined;
  context.run = () => {
    try {
      body();
    } catch (error) {
      failure = { error };
    }
  };
  try {
    script.runInContext(context, { timeout });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new TestingError('MASON_TESTING_TIMEOUT', { timeout });
    throw error;
  } finally {
    context.run = previous;
  }
  if (failure) throw failure.error;
}
