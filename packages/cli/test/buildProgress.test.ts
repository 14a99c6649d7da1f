import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidArgumentError } from 'commander';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { BuildProgressView } from '../src/BuildProgressView.js';
import { runBuild } from '../src/commands/build.js';
import { parseJobs } from '../src/jobsOption.js';

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'mason-build-progress-'));
mkdirSync(join(project, 'assembly/contracts'), { recursive: true });
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'progress', private: true }));
writeFileSync(join(project, 'assembly/contracts/a.ts'), 'export function a(): i32 {\n  return 1;\n}\n');
writeFileSync(join(project, 'assembly/contracts/b.ts'), 'export function b(): i32 {\n  return 2;\n}\n');
afterAll(() => rmSync(project, { recursive: true, force: true }));

function stream(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) };
}

function mason(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: project, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

afterEach(() => vi.useRealTimers());

describe('BuildProgressView', () => {
  it('on a terminal, names the contracts compiling on one status line rewritten in place', () => {
    vi.useFakeTimers();
    const out = stream(true);
    const view = new BuildProgressView(out);
    view.start('a');
    view.start('b');
    expect(out.writes.at(-1)).toMatch(/^\r\x1b\[2K {2}. compiling a, b$/);
    vi.advanceTimersByTime(200);
    expect(out.writes.at(-1)).toMatch(/compiling a, b$/);
    const before = out.writes.length;
    view.done('a', '  ✔ a');
    expect(out.writes.slice(before)).toEqual(['\r\x1b[2K', '  ✔ a\n', expect.stringMatching(/^\r\x1b\[2K {2}. compiling b \(1 done\)$/)]);
    view.done('b', '  ✔ b');
    view.stop();
    const ended = out.writes.length;
    vi.advanceTimersByTime(1000);
    expect(out.writes.length).toBe(ended);
    expect(out.writes.join('')).toMatch(/✔ b\n$/);
  });

  it('elsewhere (a pipe, a file), writes only the finished lines, with no control characters and no timer', () => {
    vi.useFakeTimers();
    const out = stream(false);
    const view = new BuildProgressView(out);
    view.start('a');
    view.start('b');
    vi.advanceTimersByTime(1000);
    view.done('b', '  ✔ b');
    view.done('a', '  ✔ a');
    view.stop();
    expect(out.writes).toEqual(['  ✔ b\n', '  ✔ a\n']);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('mason build --jobs, mason test --jobs', () => {
  it('takes a whole number from 1 to 64', () => {
    expect(parseJobs('1')).toBe(1);
    expect(parseJobs('2')).toBe(2);
    expect(parseJobs('64')).toBe(64);
    for (const value of ['0', '-1', '65', '1.5', '1e3', '0x2', '2abc', ' 2', '', 'NaN', 'Infinity', '99999999999999999999']) {
      expect(() => parseJobs(value), value).toThrow(InvalidArgumentError);
    }
  });

  it('refuses a bad value before building or testing, saying what to give', async () => {
    for (const [command, value] of [
      ['build', '0'],
      ['test', 'abc'],
      ['build', '1.5'],
      ['test', '65'],
    ]) {
      const result = await mason([command!, '--jobs', value!]);
      expect(result.code, `${command} ${value}`).toBe(1);
      expect(result.stderr).toContain(`option '-j, --jobs <n>' argument '${value}' is invalid. give a whole number from 1 to 64`);
    }
  });
});

describe('runBuild output', () => {
  it(
    'shows nothing but the result with --json (quiet), even on a terminal',
    async () => {
      const out = stream(true);
      const cwd = process.cwd();
      process.chdir(project);
      try {
        const result = await runBuild({ force: true, jobs: 2 }, true, out);
        expect(result.contracts.map((c) => c.name)).toEqual(['a', 'b']);
      } finally {
        process.chdir(cwd);
      }
      expect(out.writes).toEqual([]);
    },
    scaledTimeout(120_000),
  );

  it(
    'prints plain lines, one per contract, when stdout is not a terminal',
    async () => {
      const result = await mason(['build', '--force', '--jobs', '2']);
      expect(result.code).toBe(0);
      expect(result.stdout).not.toMatch(/\x1b|\r/);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(3);
      expect(
        lines
          .slice(0, 2)
          .map((line) => line.trim().split(/\s+/).slice(0, 2).join(' '))
          .sort(),
      ).toEqual(['✔ a', '✔ b']);
      expect(lines[2]).toMatch(/^ {2}2 contract\(s\) in \d+ ms → /);
      const json = await mason(['build', '--json', '--jobs', '2']);
      expect(json.code).toBe(0);
      expect(json.stdout.trimEnd().split('\n')).toHaveLength(1);
      expect(Object.keys(JSON.parse(json.stdout).contracts)).toEqual(['a', 'b']);
    },
    scaledTimeout(120_000),
  );
});
