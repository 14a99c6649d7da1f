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

  it('names the vm-mock helper a spec still imports, instead of failing to link', async () => {
    writeFileSync(
      join(project.root, 'assembly/__tests__/vmMock.spec.ts'),
      `import { mockBalance } from '@massalabs/massa-as-sdk';\ntest('mocks', () => { mockBalance('AU1', 1); });\n`,
    );
    const output = captureOutput();
    const result = await runTests({ root: project.root, output, color: false, files: ['assembly/__tests__/vmMock.spec.ts'] });
    expect([result.ok, result.brokenFiles]).toEqual([false, 1]);
    expect(result.files[0]!.error).toBe(
      'assembly/__tests__/vmMock.spec.ts imports massa.assembly_script_mock_balance, which neither a Massa node nor the test host provides: it is a vm-mock helper of @massalabs/massa-as-sdk (mockBalance, setDeployContext, …) or a function no node registers; use the helpers of @mason/testing instead',
    );
    expect(output.text()).toMatch(/1 spec file did not run/);
  });
});
