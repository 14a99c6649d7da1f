// Runs every test suite of the workspace and ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const resultsDir = join(root, '.mason-test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let crashed = false;

function runVitest() {
  const out = join(resultsDir, 'vitest.json');
  const run = spawnSync(
    join(root, 'node_modules', '.bin', 'vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit' },
  );
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    // A suite that fails to load has no tests but must still fail the run.
    const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0);
    totals.failed += brokenFiles.length;
  } catch {
    crashed = true;
  }
  if (run.status !== 0 && totals.failed === 0) crashed = true;
}

runVitest();

if (crashed && totals.failed === 0) totals.failed = 1;
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
