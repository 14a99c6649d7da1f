import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTests, type SpecFileResult, type TestRunResult } from '../src/index.js';
import { captureOutput, fixtureProject, positionOf, type FixtureProject } from './support/fixtureProject.js';

// The fixture: a vault contract and a counter contract written with @mason/sdk, one spec file per
// helper area, and failing.spec.ts whose tests all fail on purpose.
let project: FixtureProject;
let result: TestRunResult;
let report: string;

beforeAll(async () => {
  project = await fixtureProject('project', ['counter']);
  const output = captureOutput();
  result = await runTests({ root: project.root, output, color: false });
  report = output.text();
});
afterAll(() => project.remove());

const file = (name: string): SpecFileResult => result.files.find((spec) => spec.file === `assembly/__tests__/${name}.spec.ts`)!;
const failure = (name: string) => file('failing').tests.find((test) => test.name === name)!.failure!;

describe('runTests on a @mason/sdk project', () => {
  it('runs every spec file and counts passes and failures', () => {
    expect(result.files.map((spec) => spec.file)).toEqual(
      ['calls', 'context', 'events', 'failing', 'opDatastore', 'reset', 'storage'].map((name) => `assembly/__tests__/${name}.spec.ts`),
    );
    expect(result.ok).toBe(false);
    expect(result.brokenFiles).toBe(0);
    expect([result.passed, result.failed]).toEqual([23, 6]);
    expect(report.trimEnd().split('\n').at(-1)).toMatch(/^✖ 23 passed, 6 failed \(7 spec files, \d+\.\d\d s\)$/);
  });

  it('passes every test that uses the helpers against the VM', () => {
    for (const [name, count] of Object.entries({ calls: 4, context: 6, events: 3, opDatastore: 2, reset: 5, storage: 3 })) {
      const spec = file(name);
      expect(spec.tests.filter((test) => !test.passed).map((test) => [test.name, test.failure?.message])).toEqual([]);
      expect(spec.passed).toBe(count);
    }
    expect(report).toContain('  ✔ storage › compares keys as bytes: prefix [1, 2] does not match key [1, 23]');
  });

  it('reports a contract abort with its message, where it aborted and the spec line that called it', () => {
    expect(failure('a contract abort')).toMatchObject({
      message: 'only the owner can withdraw',
      position: positionOf(project.root, 'assembly/contracts/vault.ts', "assert(caller == Storage.get(OWNER), 'only the owner can withdraw')"),
      specPosition: positionOf(project.root, 'assembly/__tests__/failing.spec.ts', 'withdraw(new Args().add<u64>(1).serialize());'),
    });
  });

  it('reports a failed expectation at the expect() line, with actual and expected', () => {
    const test = file('failing').tests.find((entry) => entry.name === 'a failed expectation')!;
    expect(test.failure).toMatchObject({
      message: 'expectation failed',
      position: positionOf(project.root, 'assembly/__tests__/failing.spec.ts', 'expect<i32>(1 + 1).toBe(3);'),
    });
    expect([test.actual, test.expected]).toEqual(['2', '3']);
    expect(report).toContain(`      at ${test.failure!.position}`);
  });

  it('reports an abort in a contract called through the VM, with the node wording too', () => {
    const reported = failure('an abort in a called contract');
    expect(reported.message).toBe('the counter exploded');
    expect(reported.position).toBe(positionOf(project.root, 'assembly/contracts/counter.ts', "assert(false, 'the counter exploded')"));
    expect(reported.specPosition).toMatch(/^assembly\/__tests__\/failing\.spec\.ts:20:\d+$/);
    expect(reported.vmMessage).toBe('VM error: RuntimeError: Runtime error: error: the counter exploded at assembly/contracts/counter.ts:23 col: 3');
  });

  it('reports misused helpers, VM errors and missing files at the spec line', () => {
    expect(failure('a misused helper')).toMatchObject({
      code: 'MASON_TESTING_INVALID_ADDRESS',
      position: positionOf(project.root, 'assembly/__tests__/failing.spec.ts', "setBalance('AU1notAnAddress', 1);"),
    });
    expect(failure('a misused helper').message).toMatch(/^"AU1notAnAddress" is not a valid Massa address/);
    expect(failure('a VM error')).toMatchObject({ code: 'MASON_VM_HOST' });
    expect(failure('a VM error').message).toMatch(/^Runtime error: data entry not found: key "missing" of AS1\w+$/);
    expect(failure('a VM error').position).toMatch(/^assembly\/__tests__\/failing\.spec\.ts:28:\d+$/);
    expect(failure('a missing file')).toMatchObject({ code: 'MASON_TESTING_FILE_NOT_FOUND' });
    expect(failure('a missing file').message).toContain('build/missing.wasm does not exist; build it first');
  });

  it('serves unchanged specs from the cache on the next run, with the same results', async () => {
    const output = captureOutput();
    const again = await runTests({
      root: project.root,
      output,
      color: false,
      files: ['assembly/__tests__/failing.spec.ts', 'assembly/__tests__/storage.spec.ts'],
    });
    expect(output.text()).toContain('assembly/__tests__/storage.spec.ts (cached)');
    expect([again.passed, again.failed]).toEqual([3, 6]);
    expect(again.files[0]!.tests.find((test) => test.name === 'a contract abort')!.failure!.position).toBe(failure('a contract abort').position);
  });

  it('filters tests by name', async () => {
    const filtered = await runTests({
      root: project.root,
      output: captureOutput(),
      color: false,
      files: ['assembly/__tests__/failing.spec.ts'],
      testNamePattern: 'expectation',
    });
    expect(filtered.files[0]!.tests.map((test) => test.name)).toEqual(['a failed expectation']);
  });
});
