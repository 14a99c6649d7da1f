import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runProcess, scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareGasSnapshots, formatGasChanges, parseGasSnapshot } from '../src/index.js';
import { cliBin, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

// `mason test --gas-snapshot` / `--gas-snapshot-check`, as CI runs them (forge snapshot --check is the model).
let project: FixtureProject;
let snapshotPath: string;
beforeAll(async () => {
  project = await fixtureProject('gas');
  snapshotPath = join(project.root, '.gas-snapshot');
});
afterAll(() => project.remove());

const mason = (...args: string[]) => runProcess(process.execPath, [cliBin, 'test', ...args], { cwd: project.root, env: { ...process.env, NO_COLOR: '1' } });
const codes = (text: string) => text.match(/MASON_[A-Z]+_[A-Z_]+/g) ?? [];

describe('mason test --gas-snapshot', () => {
  it(
    'writes the gas of each test and function, the same on every run',
    async () => {
      const first = await mason('--gas-snapshot');
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      expect(first.stdout).not.toContain('Gas report');
      const text = readFileSync(snapshotPath, 'utf8');
      const entries = parseGasSnapshot(text, snapshotPath);
      const increments = entries.find((entry) => entry.key === 'assembly/__tests__/counter.spec.ts › counter › increments')!;
      const increment = entries.find((entry) => entry.key === 'counter::increment')!;
      expect(increment.values.calls).toBe(3n);
      // The test made three increment calls and one value call: its gas is at least the three increments'.
      expect(increments.values.gas!).toBeGreaterThan(increment.values.min! + increment.values.median! + increment.values.max! - 1n);
      expect(entries.filter((entry) => entry.kind === 'test').map((entry) => entry.key.split(' › ').at(-1))).toEqual([
        'explodes',
        'increments',
        'increments twice',
        'is called through the VM',
        'is deployed',
        'spins',
      ]);
      expect((await mason('--gas-snapshot')).status).toBe(0);
      expect(readFileSync(snapshotPath, 'utf8')).toBe(text);
    },
    scaledTimeout(240_000),
  );

  it(
    '--gas-snapshot-check passes on the same code, and fails with what changed, by how much',
    async () => {
      const same = await mason('--gas-snapshot-check');
      expect(same.status, same.stdout + same.stderr).toBe(0);
      expect(same.stdout).toContain('✔ gas matches .gas-snapshot');

      const text = readFileSync(snapshotPath, 'utf8');
      const line = text.split('\n').find((candidate) => candidate.startsWith('test ') && candidate.includes('› increments ('))!;
      const gas = BigInt(/gas: (\d+)/.exec(line)![1]!);
      const lower = (gas * 9n) / 10n;
      writeFileSync(snapshotPath, text.replace(line, line.replace(`gas: ${gas}`, `gas: ${lower}`)));
      try {
        const changed = await mason('--gas-snapshot-check');
        expect(changed.status).toBe(1);
        expect(codes(changed.stderr)).toEqual(['MASON_TESTING_GAS_CHANGED']);
        expect(changed.stdout).toContain(`~ test assembly/__tests__/counter.spec.ts › counter › increments: ${lower} → ${gas} (+11.1`);
        expect((await mason('--gas-snapshot-check', '--tolerance', '12')).status).toBe(0);
      } finally {
        writeFileSync(snapshotPath, text);
      }
    },
    scaledTimeout(240_000),
  );

  it(
    'refuses a corrupt snapshot with its line, and a missing one with what to do',
    async () => {
      const text = readFileSync(snapshotPath, 'utf8');
      writeFileSync(snapshotPath, `${text}function counter::value (calls: two)\n`);
      try {
        const corrupt = await mason('--gas-snapshot-check');
        expect(corrupt.status).toBe(1);
        expect(codes(corrupt.stderr)).toEqual(['MASON_TESTING_GAS_SNAPSHOT_CORRUPT']);
        expect(corrupt.stderr).toContain(`${snapshotPath}:${text.split('\n').length}: not a gas snapshot line`);
        rmSync(snapshotPath);
        const missing = await mason('--gas-snapshot-check');
        expect(codes(missing.stderr)).toEqual(['MASON_TESTING_GAS_SNAPSHOT_MISSING']);
        expect(existsSync(snapshotPath)).toBe(false);
      } finally {
        writeFileSync(snapshotPath, text);
      }
      const bad = await mason('--gas-snapshot-check', '--tolerance', '-1');
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('give a percentage');
    },
    scaledTimeout(240_000),
  );
});

describe('comparing gas snapshots', () => {
  const parse = (text: string) => parseGasSnapshot(text, 'x');
  it('reports each change beyond the tolerance, and entries added or gone', () => {
    const before = parse('test a › t (gas: 100)\ntest a › old (gas: 5)\nfunction c::f (calls: 2, min: 10, median: 20, max: 30)\n');
    const after = parse('test a › t (gas: 103)\ntest a › new (gas: 7)\nfunction c::f (calls: 2, min: 10, median: 20, max: 40)\n');
    expect(formatGasChanges(compareGasSnapshots(before, after, 5))).toEqual([
      '+ test a › new: new, gas 7',
      '~ function c::f (max): 30 → 40 (+33.33 %)',
      '- test a › old: gone (was 5)',
    ]);
    expect(compareGasSnapshots(before, after, 0)).toHaveLength(4);
  });

  it.each([
    ['test a (gas: x)', '"gas: x" is not a name: number pair'],
    ['test a (calls: 1)', 'a test line has gas'],
    ['gas a 1', 'expected `test <name> (gas: N)`'],
  ])('refuses %s', (line, reason) => {
    expect(() => parse(`# header\n${line}\n`)).toThrow(`x:2: not a gas snapshot line: ${reason}`);
  });
});
