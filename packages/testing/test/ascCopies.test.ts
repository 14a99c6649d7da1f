import { cpSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ASC_LOADED_TWICE, ascVersionsCompatible, withoutLoadedTwiceWarning } from '../src/ascCopies.js';
import { runTests } from '../src/index.js';
import { captureOutput, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

// An older asc that warns when it loads after another copy (0.27.37, Mason's, no longer does; 0.27.20
// and 0.27.25 still do): massa-as-compile's own, 0.25.2, installed for the benchmarks.
const sccompiler = realpathSync(fileURLToPath(new URL('../../../bench/node_modules/@massalabs/massa-sc-compiler', import.meta.url)));
const olderAsc = realpathSync(join(sccompiler, '..', '..', 'assemblyscript'));

describe('which AssemblyScript versions a transform may mix', () => {
  it('same 0.x minor: compatible; another minor or major: not', () => {
    expect(ascVersionsCompatible('0.27.20', '0.27.37')).toBe(true);
    expect(ascVersionsCompatible('0.27.25', '0.27.37')).toBe(true);
    expect(ascVersionsCompatible('0.27.37', '0.27.37')).toBe(true);
    expect(ascVersionsCompatible('0.25.2', '0.27.37')).toBe(false);
    expect(ascVersionsCompatible('0.28.0', '0.27.37')).toBe(false);
    expect(ascVersionsCompatible('1.2.0', '1.5.3')).toBe(true);
    expect(ascVersionsCompatible('1.2.0', '0.27.37')).toBe(false);
    expect(ascVersionsCompatible('latest', '0.27.37')).toBe(false);
  });

  it('is the text an older AssemblyScript prints when it loads twice', () => {
    expect(readFileSync(join(olderAsc, 'dist', 'assemblyscript.js'), 'utf8')).toContain(`console.warn("${ASC_LOADED_TWICE}")`);
  });

  it('drops that warning only, and only while compiling', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await withoutLoadedTwiceWarning(async () => {
        console.warn(ASC_LOADED_TWICE);
        console.warn('something else');
      });
      console.warn(ASC_LOADED_TWICE);
      expect(warn.mock.calls).toEqual([['something else'], [ASC_LOADED_TWICE]]);
    } finally {
      warn.mockRestore();
    }
  });
});

// A project with its own copy of an older asc, which a transform of its asconfig imports beside
// Mason's: the copy's code is 0.25.2's, its package.json says `version` (what Mason goes by).
describe("a project whose transform loads the project's own asc", () => {
  let project: FixtureProject | undefined;
  afterEach(() => project?.remove());

  async function projectWithAsc(version: string): Promise<FixtureProject> {
    const created = await fixtureProject('vm-mock', [], ['@as-pect/assembly', '@as-pect/transform']);
    const copy = join(created.root, 'node_modules', 'assemblyscript');
    mkdirSync(join(copy, 'dist'), { recursive: true });
    cpSync(join(olderAsc, 'dist', 'assemblyscript.js'), join(copy, 'dist', 'assemblyscript.js'));
    const manifest = JSON.parse(readFileSync(join(olderAsc, 'package.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(copy, 'package.json'), JSON.stringify({ ...manifest, version }));
    for (const dependency of ['binaryen', 'long']) symlinkSync(join(dirname(olderAsc), dependency), join(created.root, 'node_modules', dependency));
    writeFileSync(
      join(created.root, 'own-transform.mjs'),
      "import { Parser } from 'assemblyscript';\nexport default class OwnTransform {\n  afterParse(parser) {\n    if (!parser.sources) throw new Error('no sources in ' + Parser.name);\n  }\n}\n",
    );
    const asconfig = join(created.root, 'as-pect.asconfig.json');
    const config = JSON.parse(readFileSync(asconfig, 'utf8')) as { targets: { noCoverage: { transform: string[] } } };
    config.targets.noCoverage.transform.push('./own-transform.mjs');
    writeFileSync(asconfig, JSON.stringify(config));
    writeFileSync(join(created.root, 'assembly/__tests__/tiny.spec.ts'), "test('runs', () => { expect<i32>(1 + 1).toBe(2); });\n");
    return created;
  }

  async function warningsOfRun(root: string): Promise<unknown[][]> {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const result = await runTests({ root, output: captureOutput(), color: false, cache: false, jobs: 1, files: ['assembly/__tests__/tiny.spec.ts'] });
      expect([result.ok, result.passed], JSON.stringify(result.files)).toEqual([true, 1]);
      return warn.mock.calls.filter((call) => call[0] === ASC_LOADED_TWICE);
    } finally {
      warn.mockRestore();
    }
  }

  it('compiles its specs without the "included twice" warning when the versions are compatible', async () => {
    project = await projectWithAsc('0.27.20');
    expect(await warningsOfRun(project.root)).toEqual([]);
  }, 120_000);

  it('keeps the warning when they are not', async () => {
    project = await projectWithAsc('0.25.2');
    expect(await warningsOfRun(project.root)).toEqual([[ASC_LOADED_TWICE]]);
  }, 120_000);
});
