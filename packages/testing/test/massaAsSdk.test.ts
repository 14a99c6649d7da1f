import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTests } from '../src/index.js';
import { captureOutput, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

// The official template's contract and spec on @massalabs/massa-as-sdk 3.x, with vm-mock's
// helpers replaced by @mason/testing's: the same specs run on the VM.
let project: FixtureProject;
beforeAll(async () => {
  project = await fixtureProject('as-sdk');
});
afterAll(() => project.remove());

describe('a contract compiled with @massalabs/massa-as-sdk', () => {
  it('is unit-tested on the VM like a @mason/sdk one', async () => {
    const output = captureOutput();
    const result = await runTests({ root: project.root, output, color: false });
    expect(result.files[0]!.tests.filter((test) => !test.passed)).toEqual([]);
    expect([result.ok, result.passed, result.failed]).toEqual([true, 6, 0]);
    expect(output.text()).toContain('  ✔ Group test › Testing event');
  });

  it('names an import that neither a node nor the test host provides, instead of failing to link', async () => {
    writeFileSync(
      join(project.root, 'assembly/__tests__/unknown.spec.ts'),
      `@external("massa", "assembly_script_no_such_function")\ndeclare function nope(): void;\ntest('calls it', () => { nope(); });\n`,
    );
    const output = captureOutput();
    const result = await runTests({ root: project.root, output, color: false, files: ['assembly/__tests__/unknown.spec.ts'] });
    expect([result.ok, result.brokenFiles]).toEqual([false, 1]);
    expect(result.files[0]!.error).toBe(
      'assembly/__tests__/unknown.spec.ts imports massa.assembly_script_no_such_function, which neither a Massa node nor the test host provides: no node registers it (a typo, or an SDK newer than the node?)',
    );
    expect(output.text()).toMatch(/1 spec file did not run/);
  });
});
