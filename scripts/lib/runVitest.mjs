// Runs vitest and counts its tests from the per-file lines of fileResultsReporter.mjs, so that a
// run whose test process died still counts every file that reported, and counts each file that
// did not as one failed test.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const reporter = new URL('./fileResultsReporter.mjs', import.meta.url).pathname;

/**
 * `vitest run <args>` in `root`, its output shown as it runs (or captured, `stdio: 'pipe'`).
 * Resolves to `{ passed, failed, skipped, unreported, status, output }`: `unreported` lists the
 * files that never reported (their test process died), each counted in `failed`. Asynchronous, so
 * that a test running it keeps answering vitest meanwhile.
 */
export async function runVitest({ root, args = [], resultsFile, stdio = 'inherit', vitest = join(root, 'node_modules', '.bin', 'vitest') }) {
  rmSync(resultsFile, { force: true });
  const child = spawn(vitest, ['run', '--reporter=default', `--reporter=${reporter}`, ...args], {
    cwd: root,
    stdio,
    env: { ...process.env, MASON_TEST_RESULTS: resultsFile },
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  const status = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
  const lines = existsSync(resultsFile)
    ? readFileSync(resultsFile, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line))
    : [];
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const reported = new Set();
  const planned = new Set();
  for (const line of lines) {
    if (line.planned) for (const file of line.planned) planned.add(file);
    if (!line.file) continue;
    reported.add(line.file);
    totals.passed += line.passed;
    totals.failed += line.failed;
    totals.skipped += line.skipped;
    // A file that failed to load, or whose hook failed, has no failed test but must fail the run.
    if (line.errors.length > 0 && line.failed === 0) totals.failed += 1;
  }
  const unreported = [...planned].filter((file) => !reported.has(file)).map((file) => relative(root, file));
  totals.failed += unreported.length;
  // vitest failed without a failed test to show for it (an error outside the tests, or it died
  // before planning): one failure, so that the run cannot pass.
  if (status !== 0 && totals.failed === 0) totals.failed = 1;
  return { ...totals, unreported, status, output };
}
