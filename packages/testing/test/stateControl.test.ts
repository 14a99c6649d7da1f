import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTests, type SpecFileResult } from '../src/index.js';
import { captureOutput, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

// Spec-side state control (assembly/state.ts): a spec sets another contract's storage and
// bytecode, and takes and reverts snapshots, on Mason's VM.
let project: FixtureProject;
let spec: SpecFileResult;

beforeAll(async () => {
  project = await fixtureProject('state', ['counter']);
  const result = await runTests({ root: project.root, output: captureOutput(), color: false });
  spec = result.files[0]!;
}, 120_000);
afterAll(() => project?.remove());

describe('state control in specs', () => {
  it('sets storage and bytecode of any address, and reverts snapshots', () => {
    const outcome = Object.fromEntries(spec.tests.map((test) => [test.name, test.passed ? 'passed' : test.failure?.message]));
    expect(outcome).toEqual({
      "sets another contract's storage, which it then reads": 'passed',
      'sets the bytecode of any address: call() runs it': 'passed',
      'snapshot and revert: storage, balances and events come back': 'passed',
      'nested snapshots: reverting to the first uses up the second': 'passed',
      'reverting twice fails': expect.stringMatching(/^revertState\(\d+\): no such snapshot \(snapshots now: none\); a revert uses up its snapshot/),
    });
  });
});
