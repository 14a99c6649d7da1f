// A vitest reporter that appends one JSON line per test file to $MASON_TEST_RESULTS as soon as the
// file has run, after a first line listing every file of the run. vitest's own JSON report is
// written once, at the end: when a test process dies (a library's handler rethrowing a stray error
// ends it, and vitest with it), it is never written and every result is lost. These lines stay, and
// the files that have no line are the ones that did not report.
import { appendFileSync } from 'node:fs';

export default class FileResultsReporter {
  reported = new Set();

  constructor() {
    this.out = process.env.MASON_TEST_RESULTS;
    if (!this.out) throw new Error('fileResultsReporter.mjs writes to the file named by MASON_TEST_RESULTS, which is not set');
  }

  write(entry) {
    appendFileSync(this.out, `${JSON.stringify(entry)}\n`);
  }

  onTestRunStart(specifications) {
    this.write({ planned: [...new Set(specifications.map((spec) => spec.moduleId))] });
  }

  onTestModuleEnd(testModule) {
    if (this.reported.has(testModule.moduleId)) return;
    this.reported.add(testModule.moduleId);
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const test of testModule.children.allTests()) {
      const { state } = test.result();
      if (state === 'passed') counts.passed++;
      else if (state === 'failed') counts.failed++;
      else counts.skipped++;
    }
    // Errors outside any test: the file failed to load, or a beforeAll/afterAll hook threw.
    const errors = testModule.errors().map((error) => error.message ?? String(error));
    this.write({ file: testModule.moduleId, ...counts, errors });
  }

  // A file that fails to load never ends: it is reported with the run.
  onTestRunEnd(testModules) {
    for (const testModule of testModules) this.onTestModuleEnd(testModule);
  }
}
