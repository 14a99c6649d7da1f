import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTests, TestingError, type TestRunResult } from '../src/index.js';
import { captureOutput, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

let project: FixtureProject;
beforeAll(async () => {
  project = await fixtureProject('project', ['counter']);
  // A spec that does not compile, to compare how both ways report it; last, so that it fails in
  // its worker before its turn to run comes.
  writeFileSync(
    join(project.root, 'assembly/__tests__/zz-broken.spec.ts'),
    "describe('broken', () => {\n  test('x', () => {\n    const n: i32 = 'text';\n  });\n});\n",
  );
});
afterAll(() => project.remove());

/** What must not depend on where specs were compiled: results, failure locations, the report. */
function essence(result: TestRunResult, report: string) {
  return {
    counts: [result.passed, result.failed, result.todo, result.brokenFiles],
    files: result.files.map((file) => ({
      file: file.file,
      error: file.error,
      tests: file.tests.map((test) => ({
        name: test.name,
        groups: test.groups,
        passed: test.passed,
        failure: test.failure,
        actual: test.actual,
        expected: test.expected,
        logs: test.logs,
      })),
    })),
    report: report.replace(/\(\d+(\.\d+)? ms\)/g, '').replace(/\d+\.\d\d s\)/, 's)'),
  };
}

async function run(jobs: number) {
  const output = captureOutput();
  const result = await runTests({ root: project.root, output, color: false, cache: false, jobs });
  return essence(result, output.text());
}

describe('spec files compiled in worker threads', () => {
  it('give the same results, failure locations and report as compiling each in the main thread', async () => {
    const serial = await run(1);
    const parallel = await run(3);
    expect(parallel).toEqual(serial);
    // the comparison covers failures with positions and a file that does not compile
    expect(serial.counts[1]).toBeGreaterThan(0);
    expect(serial.files.flatMap((file) => file.tests).some((test) => test.failure?.position?.includes('.spec.ts:'))).toBe(true);
    expect(serial.files.find((file) => file.file.endsWith('broken.spec.ts'))!.error).toContain('does not compile');
  }, 300_000);

  it('refuse a jobs count that is not a whole number from 1 to 64', async () => {
    for (const jobs of [0, -2, 2.5, Number.NaN, 65, Number.POSITIVE_INFINITY]) {
      const error = await runTests({ root: project.root, output: captureOutput(), cache: false, jobs }).catch((reason: unknown) => reason);
      expect(error, String(jobs)).toBeInstanceOf(TestingError);
      expect((error as TestingError).code).toBe('MASON_TESTING_BAD_JOBS');
    }
  });
});
