import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTests } from '../src/index.js';
import { captureOutput, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

// Spec code is not metered (as-pect's machinery runs in it): a time limit per test stops an
// endless loop, fails that test alone and lets the file go on.
let project: FixtureProject;
beforeAll(async () => {
  project = await fixtureProject('project');
  writeFileSync(
    join(project.root, 'assembly/__tests__/endless.spec.ts'),
    [
      'let spins: u64 = 0;',
      'function spin(): void { while (true) { spins++; } }',
      "test('loops forever', () => { spin(); });",
      "test('still runs after it', () => { expect(spins).toBeGreaterThan(0); });",
      "describe('in a hook', () => {",
      '  beforeEach(() => { spin(); });',
      "  test('never starts', () => { expect(true).toBe(true); });",
      '});',
      '',
    ].join('\n'),
  );
});
afterAll(() => project.remove());

describe('an endless loop in a spec', () => {
  it('fails its test with the time limit, and the file goes on', async () => {
    const output = captureOutput();
    const result = await runTests({ root: project.root, files: ['assembly/__tests__/endless.spec.ts'], output, color: false, testTimeout: 300 });
    const [loops, after, hooked] = result.files[0]!.tests;
    expect(loops!.passed).toBe(false);
    expect(loops!.failure!.code).toBe('MASON_TESTING_TIMEOUT');
    expect(loops!.failure!.message).toBe(
      'the test ran longer than 300 ms and was stopped (an endless loop?); if it really needs longer, raise the limit with mason test --timeout <ms>',
    );
    expect(after!.passed).toBe(true);
    expect(hooked!.passed).toBe(false);
    expect([result.passed, result.failed]).toEqual([1, 2]);
    expect(output.text()).toContain('✖ loops forever');
  }, 30_000);
});
