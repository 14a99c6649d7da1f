import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTests } from '../src/index.js';
import { captureOutput, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

let project: FixtureProject;
beforeAll(async () => {
  project = await fixtureProject('as-sdk');
});
afterAll(() => project.remove());

const spec = 'assembly/__tests__/snapshot.spec.ts';
const writeSpec = (value: string) => writeFileSync(join(project.root, spec), `test('greeting', () => { expect<string>('${value}').toMatchSnapshot(); });\n`);
type RunTests = typeof runTests;

// The sources, and the built package, whose as-pect runtime (with its snapshot parser) is one bundled file.
describe.each([
  ['sources', async () => runTests],
  ['built package', async () => ((await import('../dist/index.js')) as { runTests: RunTests }).runTests],
])('snapshots (%s)', (_, load) => {
  it('records new snapshots, fails on a change, and accepts it with updateSnapshots', async () => {
    const runWith = await load();
    const run = (updateSnapshots = false) => runWith({ root: project.root, files: [spec], output: captureOutput(), color: false, updateSnapshots });
    const file = join(project.root, 'assembly/__tests__/__snapshots__/snapshot.spec.snap');
    rmSync(file, { force: true });
    writeSpec('hello');
    expect((await run()).ok).toBe(true);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('hello');

    writeSpec('goodbye');
    const changed = await run();
    expect([changed.ok, changed.failed]).toEqual([false, 1]);
    expect(changed.files[0]!.tests.at(-1)!.failure!.message).toBe('the snapshot changed; run with --update-snapshots to accept it');

    expect((await run(true)).ok).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('goodbye');
    expect((await run()).ok).toBe(true);
  });
});
