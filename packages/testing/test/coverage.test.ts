import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetFixture, isCoveredFile, parseCoverageThreshold, runTests, type CoverageReport, type TestRunResult } from '../src/index.js';
import { captureOutput, cliBin, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

// The grade fixture's contract has known lines: grade.spec.ts runs grade(20) (the `if` arm only),
// cap(5) (the added `else` of an `if` without one), sumTo(3) (a loop: 4 checks, 3 iterations), not
// unused(); unlucky.spec.ts makes check() abort.
const CONTRACT = 'assembly/contracts/grade.ts';
let project: FixtureProject;
let result: TestRunResult;
let output: string;

beforeAll(async () => {
  project = await fixtureProject('grade');
  const capture = captureOutput();
  result = await runTests({ root: project.root, output: capture, color: false, cache: false, coverage: {} });
  output = capture.text();
});
afterAll(() => project.remove());

const file = () => result.coverage!.files.find((entry) => entry.file === CONTRACT)!;

describe('mason test --coverage', () => {
  it("counts only the project's contract code: not specs, as-pect, the SDK or AssemblyScript's library", () => {
    expect(result.coverage!.files.map((entry) => entry.file)).toEqual([CONTRACT]);
  });

  it('finds the lines, functions and branch arms that ran, with their counts', () => {
    expect(file().lines).toEqual([
      { line: 3, hits: 1 },
      { line: 4, hits: 1 },
      { line: 5, hits: 1 },
      { line: 7, hits: 0 },
      { line: 9, hits: 1 },
      { line: 13, hits: 1 },
      { line: 14, hits: 1 },
      { line: 18, hits: 1 },
      { line: 19, hits: 4 },
      { line: 20, hits: 1 },
      { line: 24, hits: 0 },
      { line: 28, hits: 1 },
    ]);
    expect(file().functions).toEqual([
      { name: 'grade', line: 3, hits: 1 },
      { name: 'cap', line: 13, hits: 1 },
      { name: 'sumTo', line: 18, hits: 1 },
      { name: 'unused', line: 24, hits: 0 },
      { name: 'check', line: 28, hits: 1 },
    ]);
    expect(file().branches.map((arm) => [arm.line, arm.block, arm.arm, arm.hits])).toEqual([
      [4, 0, 0, 1],
      [4, 0, 1, 0],
      [13, 1, 0, 0],
      [13, 1, 1, 1],
      [19, 2, 0, 3],
      [19, 2, 1, 1],
      [28, 3, 0, 1],
      [28, 3, 1, 0],
    ]);
    expect(result.coverage!.totals).toEqual({ lines: { found: 12, hit: 10 }, functions: { found: 5, hit: 4 }, branches: { found: 8, hit: 5 } });
  });

  it('prints a table per file with the uncovered lines', () => {
    expect(output).toContain('  file                         lines            branches       functions      uncovered lines\n');
    expect(output).toContain('  assembly/contracts/grade.ts  83.33 % (10/12)  62.50 % (5/8)  80.00 % (4/5)  7, 24\n');
    expect(output).toContain('  all files                    83.33 % (10/12)  62.50 % (5/8)  80.00 % (4/5)\n');
  });

  it('writes coverage/lcov.info', () => {
    const lcov = readFileSync(join(project.root, 'coverage', 'lcov.info'), 'utf8');
    expect(lcov).toBe(
      [
        'TN:',
        `SF:${join(project.root, CONTRACT)}`,
        ...['FN:3,grade', 'FN:13,cap', 'FN:18,sumTo', 'FN:24,unused', 'FN:28,check'],
        ...['FNDA:1,grade', 'FNDA:1,cap', 'FNDA:1,sumTo', 'FNDA:0,unused', 'FNDA:1,check'],
        'FNF:5',
        'FNH:4',
        ...['BRDA:4,0,0,1', 'BRDA:4,0,1,0', 'BRDA:13,1,0,0', 'BRDA:13,1,1,1', 'BRDA:19,2,0,3', 'BRDA:19,2,1,1', 'BRDA:28,3,0,1', 'BRDA:28,3,1,0'],
        'BRF:8',
        'BRH:5',
        ...['DA:3,1', 'DA:4,1', 'DA:5,1', 'DA:7,0', 'DA:9,1', 'DA:13,1', 'DA:14,1', 'DA:18,1', 'DA:19,4', 'DA:20,1', 'DA:24,0', 'DA:28,1'],
        'LF:12',
        'LH:10',
        'end_of_record',
        '',
      ].join('\n'),
    );
  });

  it('writes an HTML report with each line of the contract marked', () => {
    expect(readFileSync(join(project.root, 'coverage', 'index.html'), 'utf8')).toContain(`<a href="files/${CONTRACT}.html">${CONTRACT}</a>`);
    const page = readFileSync(join(project.root, 'coverage', 'files', `${CONTRACT}.html`), 'utf8');
    const row = (line: number) => page.split('\n').find((text) => text.includes(`<td class="n">${line}</td>`))!;
    expect(row(2)).toMatch(/^<tr><td class="n">2<\/td><td class="h"><\/td>.*export function grade/);
    expect(row(5)).toContain('<tr class="covered"><td class="n">5</td><td class="h">1×</td><td><pre>    result = 1;</pre>');
    expect(row(7)).toContain('<tr class="uncovered"><td class="n">7</td><td class="h">0×</td><td><pre>    result = 2;</pre>');
    expect(row(4)).toContain('<tr class="partial"><td class="n">4</td>');
    expect(row(19)).toContain('<tr class="covered"><td class="n">19</td><td class="h">4×</td>');
    expect(row(24)).toContain('<tr class="uncovered"><td class="n">24</td>');
  });

  it('keeps failure locations exact in the instrumented specs', () => {
    const unlucky = result.files.find((entry) => entry.file.endsWith('unlucky.spec.ts'))!;
    expect(unlucky.tests[0]!.failure).toMatchObject({ position: `${CONTRACT}:28:3`, specPosition: 'assembly/__tests__/unlucky.spec.ts:5:5' });
  });
});

describe('--coverage with --gas-report', () => {
  it('counts the contract as written, not the wrappers the gas report adds to it', async () => {
    const gas = await fixtureProject('grade', ['grade']);
    try {
      const bytecode = new Uint8Array(readFileSync(join(gas.root, 'build', 'grade.wasm')));
      const run = await runTests({
        root: gas.root,
        files: ['assembly/__tests__/grade.spec.ts'],
        output: captureOutput(),
        cache: false,
        coverage: {},
        gasReport: { contracts: [{ name: 'grade', file: join(gas.root, CONTRACT), bytecode }], print: false },
      });
      const [covered] = run.coverage!.files;
      expect(covered!.functions.map((fn) => [fn.name, fn.hits])).toEqual([
        ['grade', 1],
        ['cap', 1],
        ['sumTo', 1],
        ['unused', 0],
        ['check', 0],
      ]);
      expect(Math.max(...covered!.lines.map((line) => line.line))).toBe(28);
      expect(run.coverage!.totals).toEqual({ lines: { found: 12, hit: 9 }, functions: { found: 5, hit: 3 }, branches: { found: 8, hit: 4 } });
    } finally {
      gas.remove();
    }
  });
});

describe('devnetFixture() with coverage', () => {
  it("adds the lines the devnet's contracts ran to the report of mason test --coverage", async () => {
    const flag = await fixtureProject('flag');
    const FLAG = 'assembly/contracts/flag.ts';
    const lineHits = (report: CoverageReport | undefined) =>
      Object.fromEntries(report!.files.find((entry) => entry.file === FLAG)!.lines.map((line) => [line.line, line.hits]));
    try {
      const specs = await runTests({ root: flag.root, output: captureOutput(), cache: false, coverage: {} });
      // The spec turns the flag off only: line 10 (on) never ran.
      expect(lineHits(specs.coverage)).toMatchObject({ 9: 1, 10: 0, 12: 1 });
      const fixture = await devnetFixture({ root: flag.root, coverage: true });
      const contract = await fixture.deploy('flag', { coins: 10n ** 8n });
      const on = await fixture.call(contract, 'set', new Uint8Array([1]));
      expect(on.ok).toBe(true);
      // A failure's location goes through the counters added to the module, to the source line.
      const refused = await fixture.call(contract, 'refuse', undefined, { maxGas: 10_000_000n });
      expect(refused.ok).toBe(false);
      expect(refused.location).toBe(`${FLAG}:17:3`);
      await fixture.close();
      const lcov = readFileSync(join(flag.root, 'coverage', 'lcov.info'), 'utf8');
      const hits = Object.fromEntries([...lcov.matchAll(/^DA:(\d+),(\d+)$/gm)].map(([, line, count]) => [Number(line), Number(count)]));
      expect(hits[10]).toBeGreaterThan(0);
      // The spec's counts are still there, and the devnet's run adds to line 9 (the condition).
      expect(hits[12]).toBe(1);
      expect(hits[9]).toBeGreaterThan(1);
      expect(readFileSync(join(flag.root, 'coverage', 'files', `${FLAG}.html`), 'utf8')).toContain('<tr class="covered"><td class="n">10</td>');
    } finally {
      flag.remove();
    }
  });
});

describe('coverage files and thresholds', () => {
  it('counts project files only', () => {
    expect(isCoveredFile('assembly/contracts/token.ts')).toBe(true);
    expect(isCoveredFile('assembly/lib/math.ts')).toBe(true);
    for (const file of [
      'assembly/__tests__/token.spec.ts',
      'assembly/__tests__/helpers.ts',
      'assembly/token.spec.ts',
      '~lib/rt/stub.ts',
      'node_modules/@massalabs/massa-as-sdk/assembly/std/index.ts',
      '../node_modules/@as-pect/assembly/assembly/index.ts',
    ]) {
      expect(isCoveredFile(file), file).toBe(false);
    }
  });

  it('reads --coverage-threshold and refuses what it cannot read', () => {
    expect(parseCoverageThreshold('lines=90,branches=80')).toEqual({ lines: 90, branches: 80 });
    expect(parseCoverageThreshold('functions = 100 %')).toEqual({ functions: 100 });
    expect(() => parseCoverageThreshold('lines=120')).toThrow('coverage threshold "lines=120": 120 is more than 100 %');
    expect(() => parseCoverageThreshold('statements=90')).toThrow('"statements" is not a kind of coverage');
    expect(() => parseCoverageThreshold('lines:90')).toThrow('"lines:90" is not kind=percent');
  });
});

describe('mason test --coverage-threshold', () => {
  const mason = (...args: string[]) =>
    spawnSync(process.execPath, [cliBin, 'test', 'assembly/__tests__/grade.spec.ts', ...args], {
      cwd: project.root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });

  it('fails below the threshold, saying which kinds are short', () => {
    // grade.spec.ts alone: check() never runs.
    const run = mason('--coverage-threshold', 'lines=90,branches=50,functions=60');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('  assembly/contracts/grade.ts  75.00 % (9/12)  50.00 % (4/8)  60.00 % (3/5)  7, 24, 28\n');
    expect(run.stderr).toContain(
      'coverage is below the threshold: lines 75.00 % < 90 %. Add specs that run the uncovered lines and branches listed in the table above (or coverage/index.html), or lower the threshold.',
    );
    expect(run.stderr).toContain('[MASON_TESTING_COVERAGE_THRESHOLD]');
  });

  it('passes at or above it', () => {
    const run = mason('--coverage-threshold', 'lines=75,branches=50,functions=60');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(existsSync(join(project.root, 'coverage', 'lcov.info'))).toBe(true);
  });

  it('refuses a threshold it cannot read before running anything', () => {
    const run = mason('--coverage-threshold', 'lines=ninety');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('coverage threshold "lines=ninety": "lines=ninety" is not kind=percent');
    expect(run.stdout).toBe('');
  });
});
