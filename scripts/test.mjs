// Runs every test suite of the workspace and ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runVitest } from './lib/runVitest.mjs';

const root = new URL('..', import.meta.url).pathname;
const resultsDir = join(root, '.mason-test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };

async function vitest() {
  const run = await runVitest({ root, args: process.argv.slice(2), resultsFile: join(resultsDir, 'vitest-files.jsonl') });
  totals.passed += run.passed;
  totals.failed += run.failed;
  totals.skipped += run.skipped;
  for (const file of run.unreported) console.log(`✗ ${file}: its test process died before it reported (see the output above); counted as one failed test`);
}

function runTemplates() {
  const templatesDir = join(root, 'templates');
  for (const name of readdirSync(templatesDir).sort()) {
    const dir = join(templatesDir, name);
    if (!existsSync(join(dir, 'package.json'))) continue;
    console.log(`\n── template ${name}: unit tests (mason test)`);
    const unit = spawnSync(join(dir, 'node_modules', '.bin', 'mason'), ['test'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    process.stdout.write(unit.stdout);
    process.stderr.write(unit.stderr);
    const summary = [...unit.stdout.matchAll(/(\d+) passed, (\d+) failed/g)].pop();
    if (summary) {
      totals.passed += Number(summary[1]);
      totals.failed += Number(summary[2]);
    } else totals.failed += 1;
    if (unit.status !== 0 && (!summary || Number(summary[2]) === 0)) totals.failed += 1;

    console.log(`── template ${name}: integration tests (node --test)`);
    const integration = spawnSync(process.execPath, ['--test', '--test-reporter=tap', 'test/'], { cwd: dir, encoding: 'utf8' });
    const pass = /^# pass (\d+)/m.exec(integration.stdout);
    const fail = /^# fail (\d+)/m.exec(integration.stdout);
    for (const line of integration.stdout.split('\n')) if (/^(not )?ok \d+|^# (pass|fail)/.test(line)) console.log(`  ${line}`);
    if (integration.status !== 0) process.stdout.write(integration.stdout + integration.stderr);
    totals.passed += pass ? Number(pass[1]) : 0;
    totals.failed += fail ? Number(fail[1]) : 1;
    if (integration.status !== 0 && fail && Number(fail[1]) === 0) totals.failed += 1;
  }
}

/** Checks that are not test files, each counted as one test: types, then lint and format. */
function runGates() {
  const bin = (name) => join(root, 'node_modules', '.bin', name);
  const gates = [
    [
      'types (npm run typecheck)',
      [
        [bin('turbo'), ['run', 'typecheck', '--output-logs=errors-only']],
        [bin('tsc'), ['-p', 'tsconfig.typecheck.json']],
        [bin('tsc'), ['-p', 'tsconfig.templates.json']],
      ],
    ],
    ['lint and format (npm run lint)', [[bin('biome'), ['check', '.']]]],
  ];
  for (const [name, commands] of gates) {
    console.log(`\n── ${name}`);
    const failed = commands.find(([command, args]) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status !== 0);
    if (failed) {
      console.log(
        `✗ ${name} failed: run ${failed[0].split('/').pop()} ${failed[1].join(' ')} to see why${name.startsWith('lint') ? ' (npm run lint:fix fixes what it can)' : ''}`,
      );
      totals.failed += 1;
    } else {
      console.log(`✓ ${name}`);
      totals.passed += 1;
    }
  }
}

// Given arguments (a vitest filter), only the matching tests run.
if (process.argv.length <= 2) runGates();
await vitest();
runTemplates();

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
