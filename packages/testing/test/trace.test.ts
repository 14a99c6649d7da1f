import { spawnSync } from 'node:child_process';
import type { ExecutionTrace, TraceFrame } from '@mason/codec';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTests, type TestResult, type TestRunResult } from '../src/index.js';
import { captureOutput, cliBin, fixtureProject, positionOf, type FixtureProject } from './support/fixtureProject.js';

// A spec deploys a bank and its vault, then calls the bank, which calls the vault: the vault's
// check fails two frames below the spec. With tracing, the failing test carries (and prints) its
// call tree, the failure at the project line; the passing test carries and prints nothing.

let project: FixtureProject;
beforeAll(async () => {
  project = await fixtureProject('traces', ['vault', 'bank']);
}, scaledTimeout(120_000));
afterAll(() => project?.remove());

const SPEC = 'assembly/__tests__/bank.spec.ts';
const testNamed = (result: TestRunResult, name: string): TestResult => result.files[0]!.tests.find((test) => test.name === name)!;

/** The frames of a trace, depth first, as `function@depth`. */
function frames(frame: TraceFrame | null, depth = 0): string[] {
  if (frame === null) return [];
  return [`${frame.function}@${depth}`, ...frame.hostCalls.flatMap((call) => frames(call.frame ?? null, depth + 1))];
}

/** A renderer that shows what it was given: each frame with its failure. */
const render = (trace: ExecutionTrace): string[] => [`rendered ${trace.kind} ${trace.ok ? 'ok' : 'failed'}`, ...frames(trace.root)];

describe('runTests({ trace })', () => {
  it("keeps and prints the failing test's call tree, its failure at the project line", async () => {
    const output = captureOutput();
    const result = await runTests({ root: project.root, files: [SPEC], output, color: false, cache: false, trace: true, formatTrace: render });
    expect(result.failed).toBe(1);
    expect(testNamed(result, 'withdraws a little').trace).toBeUndefined();
    const trace = testNamed(result, 'withdraws too much').trace!;
    expect(trace.ok).toBe(false);
    // The test's own frame, the constructors its deployments ran, the bank's withdraw, the vault's withdraw.
    expect(frames(trace.root)).toEqual(['withdraws too much@0', 'constructor@1', 'withdraw@1', 'withdraw@2']);
    const vaultFrame = trace.root!.hostCalls.findLast((call) => call.frame)!.frame!.hostCalls.find((call) => call.frame)!.frame!;
    const where = positionOf(project.root, 'assembly/limits.ts', 'assert(');
    expect(vaultFrame.failure?.message).toContain('the vault holds 10 at most');
    expect(`${vaultFrame.failure?.location?.file}:${vaultFrame.failure?.location?.line}:${vaultFrame.failure?.location?.column}`).toBe(where);
    expect(trace.failure?.location).toEqual(vaultFrame.failure?.location);
    // The bank's event is in its frame, before the call that failed.
    const bankFrame = trace.root!.hostCalls.findLast((call) => call.frame)!.frame!;
    expect(bankFrame.hostCalls.flatMap((call) => call.effects ?? [])).toContainEqual({ type: 'event', data: 'bank: withdrawing' });

    const text = output.text();
    expect(text.match(/trace:/g)).toHaveLength(1);
    expect(text).toContain(`      at ${where}\n`);
    expect(text).toContain('      trace:\n        rendered CallSC failed\n        withdraws too much@0\n');
  });

  it('records nothing without the option', async () => {
    const output = captureOutput();
    const result = await runTests({ root: project.root, files: [SPEC], output, color: false, formatTrace: render });
    expect(result.failed).toBe(1);
    expect(result.files[0]!.tests.map((test) => test.trace)).toEqual([undefined, undefined]);
    expect(output.text()).not.toContain('trace:');
  });
});

describe('mason test --trace', () => {
  const mason = (...args: string[]) =>
    spawnSync(process.execPath, [cliBin, 'test', SPEC, ...args], { cwd: project.root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

  it('prints the call tree under the failing test only, with the source line', () => {
    const run = mason('--trace');
    expect(run.status).toBe(1);
    const where = positionOf(project.root, 'assembly/limits.ts', 'assert(');
    const [before, after] = run.stdout.split('✖ bank › withdraws too much');
    // The passing test printed its line only.
    expect(before).toMatch(/✔ bank › withdraws a little \([\d.]+ ms\)\n {2}$/);
    expect(after).toContain('      trace:\n        CallSC failed');
    expect(after).toMatch(/\n {10}AS1\w+\.withdraws too much {2}from AU1\w+/);
    expect(after).toMatch(/\n {14}AS1\w+\.withdraw {2}from AS1\w+/);
    expect(after).toMatch(/\n {18}AS1\w+\.withdraw {2}from AS1\w+/);
    expect(after).toContain('event "bank: withdrawing"');
    expect(after).toMatch(new RegExp(`✗ [^\\n]*the vault holds 10 at most[^\\n]* at ${where.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('prints no trace without --trace', () => {
    const run = mason();
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('trace:');
    expect(run.stdout).not.toContain('CallSC');
  });
});
