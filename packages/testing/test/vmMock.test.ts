import { readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess, scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTests, VM_MOCK_HELPERS } from '../src/index.js';
import { captureOutput, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

// A project made for `asp` + vm-mock (its as-pect.config.js instantiates vm-mock, its specs import
// vm-mock's helpers and use its made-up addresses) runs under `mason test` with no edit.
const asp = fileURLToPath(new URL('../../../node_modules/.bin/asp', import.meta.url));
const specFile = 'assembly/__tests__/vault.spec.ts';

let project: FixtureProject;
beforeAll(async () => {
  project = await fixtureProject('vm-mock', [], ['@as-pect/assembly', '@as-pect/transform']);
  // asp's compiler looks for the SDKs' own AssemblyScript dependencies in the project's node_modules.
  for (const [sdk, dependency] of [
    ['@massalabs/massa-as-sdk', 'as-base64'],
    ['@massalabs/as-types', 'as-bignum'],
  ] as const) {
    symlinkSync(join(realpathSync(join(project.root, 'node_modules', sdk)), '..', '..', dependency), join(project.root, 'node_modules', dependency));
  }
});
afterAll(() => project.remove());

describe('specs written for vm-mock', () => {
  it(
    'pass under mason test as they pass under asp with vm-mock',
    async () => {
      const output = captureOutput();
      const result = await runTests({ root: project.root, output, color: false, cache: false });
      expect(result.files[0]!.tests.filter((test) => !test.passed)).toEqual([]);
      expect(result.ok).toBe(true);
      expect(output.text()).toContain("as-pect.config.js instantiates vm-mock: its specs run on Mason's VM");

      const reference = await runProcess(asp, ['--summary', '--no-logo'], {
        cwd: project.root,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      });
      const summary = /\[Tests\]: (?:\S*?)(\d+)(?:\S*?) \/ (\d+)/.exec(reference.stdout.replace(/\x1b\[[0-9;]*m/g, ''));
      expect(summary, reference.stdout + reference.stderr).not.toBeNull();
      expect(Number(summary![1])).toBe(Number(summary![2]));
      expect([result.passed, result.failed]).toEqual([Number(summary![2]), 0]);
      expect(result.passed).toBeGreaterThanOrEqual(20);
    },
    scaledTimeout(60_000),
  );

  it('cover every vm-mock helper', async () => {
    const spec = readFileSync(join(project.root, specFile), 'utf8');
    // Each helper import is reached from the spec through the SDK's declaration of it.
    const declarations =
      readFileSync(join(project.root, 'node_modules/@massalabs/massa-as-sdk/assembly/vm-mock/env.ts'), 'utf8') +
      readFileSync(join(project.root, 'node_modules/@massalabs/massa-as-sdk/assembly/vm-mock/storage.ts'), 'utf8');
    for (const helper of VM_MOCK_HELPERS) {
      const declared = new RegExp(`@external\\("massa", "${helper}"\\)\\s*export declare function (\\w+)`, 'g');
      const names = [...declarations.matchAll(declared)].map((match) => match[1]!);
      expect(names.length, helper).toBeGreaterThan(0);
      expect(
        names.some((name) => spec.includes(`${name}(`)),
        `${helper} (${names.join(', ')})`,
      ).toBe(true);
    }
  });

  it("run in vm-mock mode under Mason's default config too, when a spec imports its helpers", async () => {
    const output = captureOutput();
    const result = await runTests({ root: project.root, output, color: false, config: 'mason.config.js' }).catch((error: Error) => error);
    expect(result).toBeInstanceOf(Error);
    writeFileSync(join(project.root, 'mason.config.js'), `import { masonHost } from '@mason/testing';\nexport default { instantiate: masonHost() };\n`);
    const passed = await runTests({ root: project.root, output, color: false, config: 'mason.config.js' });
    expect([passed.ok, passed.failed]).toEqual([true, 0]);
  });
});
