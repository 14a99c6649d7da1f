import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchTests } from '../src/index.js';
import { captureOutput, cliBin, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

// `mason test --watch` as a user runs it: a real process, real files edited, Ctrl-C to leave.
// Every wait is for a line of output, bounded.

let project: FixtureProject;
let child: ChildProcess;
let output = '';
let exit: Promise<number | null>;

/** Waits until the output since `from` holds `expected` (default: the line a run ends with); returns that part of it. */
async function nextRound(from: number, expected = 'Watching for changes', timeoutMs = scaledTimeout(60_000)): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = output.slice(from);
    if (text.includes(expected)) return text;
    if (Date.now() > deadline) throw new Error(`no new run within ${timeoutMs} ms; output so far:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  project = await fixtureProject('gas', ['counter']);
  mkdirSync(join(project.root, 'assembly', 'lib'));
  writeFileSync(join(project.root, 'assembly/lib/math.ts'), 'export function twice(x: i32): i32 {\n  return x * 2;\n}\n');
  writeFileSync(
    join(project.root, 'assembly/__tests__/math.spec.ts'),
    "import { twice } from '../lib/math';\n\ndescribe('math', () => {\n  test('twice', () => {\n    expect(twice(2)).toBe(4);\n  });\n});\n",
  );
  child = spawn(process.execPath, [cliBin, 'test', '--watch'], { cwd: project.root, env: { ...process.env, NO_COLOR: '1' } });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  exit = new Promise((resolve) => child.on('exit', resolve));
}, scaledTimeout(60_000));
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  project.remove();
});

describe('mason test --watch', () => {
  it('runs every spec first, then waits', async () => {
    const first = await nextRound(0);
    expect(first).toContain('assembly/__tests__/counter.spec.ts');
    expect(first).toContain('assembly/__tests__/math.spec.ts');
    expect(first).toMatch(/✔ 7 passed, 0 failed \(2 spec files, /);
  });

  it('runs only the spec that imports a changed file, and shows its failure', async () => {
    const from = output.length;
    writeFileSync(join(project.root, 'assembly/lib/math.ts'), 'export function twice(x: i32): i32 {\n  return x * 3;\n}\n');
    const round = await nextRound(from);
    expect(round).toContain('assembly/lib/math.ts changed: 1 spec file to run again');
    expect(round).toContain('assembly/__tests__/math.spec.ts');
    expect(round).not.toContain('counter.spec.ts');
    expect(round).toContain('expected: 4');
    expect(round).toMatch(/✖ 0 passed, 1 failed \(1 spec file, /);
  });

  it('keeps seeing a file saved by rename (vim, safe write, sed -i), at every save, and a folder that appears', async () => {
    const math = join(project.root, 'assembly/lib/math.ts');
    const saveByRename = (text: string) => {
      writeFileSync(`${math}.tmp`, text);
      renameSync(`${math}.tmp`, math);
    };
    for (const [factor, result] of [
      [2, /✔ 1 passed, 0 failed \(1 spec file, /],
      [5, /✖ 0 passed, 1 failed \(1 spec file, /],
      [3, /✖ 0 passed, 1 failed \(1 spec file, /],
    ] as const) {
      const from = output.length;
      saveByRename(`export function twice(x: i32): i32 {\n  return x * ${factor};\n}\n`);
      const round = await nextRound(from);
      expect(round).toContain('assembly/lib/math.ts changed: 1 spec file to run again');
      expect(round).toMatch(result);
    }
    // A folder made after watching began (its files are seen as they change).
    const from = output.length;
    mkdirSync(join(project.root, 'assembly/lib/deep'));
    writeFileSync(join(project.root, 'assembly/lib/deep/helper.ts'), 'export const HELPER = 1;\n');
    expect(await nextRound(from, 'no spec depends on it')).toContain('assembly/lib/deep/helper.ts');
    const again = output.length;
    writeFileSync(`${join(project.root, 'assembly/lib/deep/helper.ts')}.tmp`, 'export const HELPER = 2;\n');
    renameSync(`${join(project.root, 'assembly/lib/deep/helper.ts')}.tmp`, join(project.root, 'assembly/lib/deep/helper.ts'));
    expect(await nextRound(again, 'assembly/lib/deep/helper.ts changed: no spec depends on it')).toBeTruthy();
  });

  it('says so for a file no spec reads, and runs nothing for a file saved unchanged', async () => {
    let from = output.length;
    writeFileSync(join(project.root, 'assembly/lib/unused.ts'), 'export const UNUSED = 1;\n');
    expect(await nextRound(from, 'assembly/lib/unused.ts changed: no spec depends on it')).not.toContain('Watching');
    const counter = join(project.root, 'assembly/contracts/counter.ts');
    from = output.length;
    writeFileSync(counter, readFileSync(counter));
    // A change the watcher must see after the unchanged save: only it runs anything.
    writeFileSync(
      join(project.root, 'assembly/__tests__/math.spec.ts'),
      readFileSync(join(project.root, 'assembly/__tests__/math.spec.ts'), 'utf8').replace('toBe(4)', 'toBe(6)'),
    );
    const round = await nextRound(from);
    expect(round).toContain('assembly/__tests__/math.spec.ts changed: 1 spec file to run again');
    expect(round).not.toContain('counter');
  });

  it('runs the specs of a changed contract', async () => {
    const counter = join(project.root, 'assembly/contracts/counter.ts');
    const from = output.length;
    appendFileSync(counter, '\nexport function extra(_: StaticArray<u8>): void {}\n');
    const round = await nextRound(from);
    expect(round).toContain('assembly/contracts/counter.ts changed: 1 spec file to run again\nassembly/__tests__/counter.spec.ts');
    expect(round).not.toContain('math.spec.ts');
    expect(round).toMatch(/✔ 6 passed, 0 failed \(1 spec file, /);
  });

  it('runs a new spec file', async () => {
    const from = output.length;
    writeFileSync(
      join(project.root, 'assembly/__tests__/fresh.spec.ts'),
      "describe('fresh', () => {\n  test('runs', () => {\n    expect(1).toBe(1);\n  });\n});\n",
    );
    const round = await nextRound(from);
    expect(round).toContain('assembly/__tests__/fresh.spec.ts changed: 1 spec file to run again');
    expect(round).toMatch(/✔ 1 passed, 0 failed \(1 spec file, /);
  });

  it('stops on Ctrl-C and exits 0', async () => {
    child.kill('SIGINT');
    expect(await exit).toBe(0);
  });
});

describe('watchTests', () => {
  it('reports a run that cannot start, goes on watching, and runs the spec that appears; the signal stops it', async () => {
    const empty = await fixtureProject('gas');
    const captured = captureOutput();
    const controller = new AbortController();
    try {
      const watching = watchTests({ root: empty.root, files: ['assembly/__tests__/later.spec.ts'], output: captured, color: false, signal: controller.signal });
      const waitFor = async (expected: string) => {
        const deadline = Date.now() + scaledTimeout(60_000);
        while (!captured.text().includes(expected)) {
          if (Date.now() > deadline) throw new Error(`"${expected}" not printed; output:\n${captured.text()}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      await waitFor('Watching for changes');
      expect(captured.text()).toContain('✖ no spec files match assembly/__tests__/later.spec.ts');
      expect(captured.text()).toContain('[MASON_TESTING_NO_SPECS]');
      writeFileSync(
        join(empty.root, 'assembly/__tests__/later.spec.ts'),
        "describe('later', () => {\n  test('runs', () => {\n    expect(2).toBe(2);\n  });\n});\n",
      );
      await waitFor('✔ 1 passed, 0 failed (1 spec file');
      controller.abort();
      await watching;
      expect(captured.text()).toContain('assembly/__tests__/later.spec.ts changed: 1 spec file to run again');
    } finally {
      controller.abort();
      empty.remove();
    }
  });
});
