// What a generated project gets beyond its package.json: types for editors (tsc on the contract and
// the specs), formatting its own CI checks, and no outputs or records in the templates.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { scaffold } from '../src/index.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const tsc = join(repo, 'node_modules', '.bin', 'tsc');
const templates = readdirSync(join(repo, 'templates')).sort();
const work = mkdtempSync(join(tmpdir(), 'create-mason-templates-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

/** A scaffolded project, its node_modules borrowed from the template (a workspace member, installed). */
function scaffolded(template: string): string {
  const dir = join(work, template);
  scaffold({ dir, template, install: false });
  symlinkSync(join(repo, 'templates', template, 'node_modules'), join(dir, 'node_modules'), 'junction');
  return dir;
}

/** `tsc -p assembly/tsconfig.json`: its errors, each with the file it is in (relative to the project). */
function typeErrors(project: string): { file: string; line: string }[] {
  const run = spawnSync(tsc, ['-p', join(project, 'assembly', 'tsconfig.json'), '--noEmit', '--pretty', 'false'], { cwd: project, encoding: 'utf8' });
  expect(run.error).toBeUndefined();
  return run.stdout
    .split('\n')
    .filter((line) => /error TS\d+/.test(line))
    .map((line) => ({ file: line.slice(0, line.indexOf('(')), line }));
}

describe('templates', () => {
  for (const template of templates) {
    describe(template, () => {
      const project = scaffolded(template);

      it('type-checks with no error: the contract, the specs and the libraries they import', () => {
        expect(typeErrors(project).map((e) => e.line)).toEqual([]);
      });

      it('type-checking reports an error in a spec (the check sees the specs and as-pect)', () => {
        const spec = join(project, 'assembly', '__tests__', 'broken.spec.ts');
        writeFileSync(spec, "describe('x', () => {\n  test('y', () => {\n    const n: i32 = 'text';\n    expect(n).toBe(1);\n  });\n});\n");
        try {
          const own = typeErrors(project).filter((e) => relative(project, join(project, e.file)).startsWith('assembly'));
          expect(own).toHaveLength(1);
          expect(own[0]!.line).toContain("broken.spec.ts(3,11): error TS2322: Type 'string' is not assignable to type 'number'");
        } finally {
          rmSync(spec);
        }
      });

      it('is formatted as its CI checks it (prettier --check)', () => {
        const prettier = join(repo, 'templates', template, 'node_modules', '.bin', 'prettier');
        const run = spawnSync(prettier, ['--check', '.'], { cwd: project, encoding: 'utf8' });
        expect(run.stderr + run.stdout).toContain('All matched files use Prettier code style!');
        expect(run.status).toBe(0);
      });

      it('pins the as-pect types of the as-pect @mason/testing runs', () => {
        const testing = readJson(join(repo, 'packages', 'testing', 'package.json'));
        const manifest = readJson(join(repo, 'templates', template, 'package.json'));
        expect(manifest.devDependencies['@as-pect/assembly']).toBe(testing.dependencies['@as-pect/assembly']);
      });
    });
  }

  it('tracks no build outputs or deployment records', () => {
    const tracked = spawnSync('git', ['ls-files', 'templates'], { cwd: repo, encoding: 'utf8' });
    expect(tracked.status).toBe(0);
    const files = tracked.stdout.split('\n').filter(Boolean);
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => /^templates\/[^/]+\/(build|deployments|node_modules|\.mason)\//.test(file))).toEqual([]);
  });
});
