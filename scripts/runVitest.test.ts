// npm test's count of the vitest suites (scripts/lib/runVitest.mjs): when a test process dies
// mid-run, vitest writes no report at all; the files that did report still count, and each file
// that did not is one failed test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { scaledTimeout } from '../packages/test-utils/src/testTimeout.js';
// @ts-expect-error: plain JavaScript modules of the repository's scripts
import { runVitest } from './lib/runVitest.mjs';

const vitest = fileURLToPath(new URL('../node_modules/.bin/vitest', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'mason-run-vitest-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A folder of test files with its own vitest config: one process per file, all at once. */
function fixture(name: string, files: Record<string, string>): string {
  const dir = join(work, name);
  const all = {
    'vitest.config.mjs': "export default { test: { include: ['*.check.mjs'], pool: 'forks', maxWorkers: 3, minWorkers: 1 } };\n",
    ...files,
  };
  mkdirSync(dir);
  for (const [file, text] of Object.entries(all)) writeFileSync(join(dir, file), text);
  return dir;
}

const PASSES = "import { expect, it } from 'vitest';\nit('one', () => expect(1).toBe(1));\nit('two', () => expect(2).toBe(2));\nit.skip('later', () => {});\n";
const FAILS = "import { expect, it } from 'vitest';\nit('fails', () => expect(1).toBe(2));\n";

describe('runVitest', () => {
  it(
    'counts passed, failed and skipped tests per file, and a file that fails to load as one failure',
    async () => {
      const root = fixture('plain', {
        'passes.check.mjs': PASSES,
        'fails.check.mjs': FAILS,
        'broken.check.mjs': "import { it } from 'vitest';\nimport './missing-module.mjs';\nit('never runs', () => {});\n",
      });
      const run = await runVitest({ root, vitest, resultsFile: join(work, 'plain.jsonl'), stdio: 'pipe' });
      expect({ passed: run.passed, failed: run.failed, skipped: run.skipped, unreported: run.unreported }, run.output).toEqual({
        passed: 2,
        failed: 2,
        skipped: 1,
        unreported: [],
      });
    },
    scaledTimeout(60_000),
  );

  it(
    'when a test process dies, counts the files that reported and each file that did not as a failure',
    async () => {
      // The dying file waits until the other two have reported, then does what Binaryen's listener
      // did: an uncaughtException listener rethrows a stray error, which ends the process.
      const dies = `
      import { readFileSync } from 'node:fs';
      import { expect, it } from 'vitest';
      it('passes first', () => expect(1).toBe(1));
      it('dies', async () => {
        const reported = () => { try { return readFileSync(process.env.MASON_TEST_RESULTS, 'utf8').split('"file"').length - 1; } catch { return 0; } };
        while (reported() < 2) await new Promise((resolve) => setTimeout(resolve, 20));
        process.on('uncaughtException', (error) => { throw error; });
        setTimeout(() => { throw new Error('stray'); });
        await new Promise((resolve) => setTimeout(resolve, 60_000));
      });
    `;
      const root = fixture('dies', { 'passes.check.mjs': PASSES, 'fails.check.mjs': FAILS, 'dies.check.mjs': dies });
      const run = await runVitest({ root, vitest, resultsFile: join(work, 'dies.jsonl'), stdio: 'pipe' });
      expect(run.status, run.output).not.toBe(0);
      expect({ passed: run.passed, failed: run.failed, skipped: run.skipped, unreported: run.unreported }, run.output).toEqual({
        passed: 2,
        failed: 2,
        skipped: 1,
        unreported: ['dies.check.mjs'],
      });
    },
    scaledTimeout(60_000),
  );
});
