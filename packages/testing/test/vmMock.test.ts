import { mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileContract, runProcess, scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTests, VM_MOCK_HELPERS, type TestRunResult } from '../src/index.js';
import { captureOutput, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

// A project made for `asp` + vm-mock (its as-pect.config.js instantiates vm-mock, its specs import
// vm-mock's helpers and use its made-up addresses) runs under `mason test` with no edit.
const asp = fileURLToPath(new URL('../../../node_modules/.bin/asp', import.meta.url));
const specFile = 'assembly/__tests__/vault.spec.ts';
const leniencySpec = 'assembly/__tests__/leniencies.spec.ts';

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

// Mason only (vm-mock runs no contract): the spec's own writes are free, a called contract's are not.
const RIGHTS_SPEC = `import { Address, call, createSC, setDeployContext, Storage } from '@massalabs/massa-as-sdk';
import { Args } from '@massalabs/as-types';
import { readFile } from '@mason/testing';

const other = 'AS1Other1Other1Other1Other1Other1Other1Other1Other1x';
let writer: Address = new Address(other);

describe('write rights', () => {
  beforeEach(() => {
    setDeployContext();
    writer = createSC(readFile('build/writer.wasm'));
    Storage.setOf(new Address(other), 'seeded', 'by the spec');
  });
  test('the spec writes to another address', () => {
    expect(Storage.getOf(new Address(other), 'seeded')).toBe('by the spec');
  });
  test('a contract it calls writes to its own storage', () => {
    call(writer, 'writeOwn', new Args(), 0);
    expect(Storage.getOf(writer, 'written')).toBe('by writer');
  });
  test('a contract it calls writes to another address', () => {
    call(writer, 'writeOther', new Args().add(other), 0);
  });
  test('the spec writes to the contract it created', () => {
    Storage.setOf(writer, 'written', 'by the spec');
    expect(Storage.getOf(writer, 'written')).toBe('by the spec');
  });
});
`;

/** Per test, as `asp --verbose` reports it: `file › group › test` → passed. */
function aspResults(stdout: string): Map<string, boolean> {
  const results = new Map<string, boolean>();
  let pending: [string, boolean][] = [];
  let group = '';
  for (const line of stdout.replace(/\x1b\[[0-9;]*m/g, '').split('\n')) {
    const describe = /^\[Describe\]: (.*)$/.exec(line.trim());
    const test = /^\[(Success|Fail|Throws)\]: (✔|✖) (.*?)(?:\s+RTrace: .*)?$/.exec(line.trim());
    const file = /^\[File\]: (.*)$/.exec(line.trim());
    if (describe) group = describe[1]!;
    else if (test) pending.push([`${group} › ${test[3]!.trim()}`, test[2] === '✔']);
    else if (file) {
      for (const [name, passed] of pending) results.set(`${file[1]!.trim()} › ${name}`, passed);
      pending = [];
    }
  }
  return results;
}

/** Per test, as `mason test` reports it, in the same shape; a failing hook fails its group's tests. */
function masonResults(result: TestRunResult): Map<string, boolean> {
  const results = new Map<string, boolean>();
  for (const file of result.files) {
    for (const test of file.tests) {
      if (test.name !== '(hook)') results.set(`${file.file} › ${test.groups.at(-1) ?? ''} › ${test.name}`, test.passed);
    }
  }
  return results;
}

describe('specs written for vm-mock', () => {
  it(
    'pass and fail, test by test, under mason test as under asp with vm-mock',
    async () => {
      const output = captureOutput();
      const result = await runTests({ root: project.root, output, color: false, cache: false });
      expect(result.files.flatMap((file) => file.tests.filter((test) => !test.passed))).toEqual([]);
      expect(result.ok).toBe(true);
      expect(output.text()).toContain("as-pect.config.js instantiates vm-mock: its specs run on Mason's VM");

      const reference = await runProcess(asp, ['--verbose', '--no-logo'], {
        cwd: project.root,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      });
      const expected = aspResults(`${reference.stdout}\n${reference.stderr}`);
      expect(expected.size, reference.stdout + reference.stderr).toBeGreaterThanOrEqual(30);
      expect(Object.fromEntries(masonResults(result))).toEqual(Object.fromEntries(expected));
      expect([...expected.keys()].filter((name) => name.startsWith(leniencySpec))).toHaveLength(15);
    },
    scaledTimeout(60_000),
  );

  it(
    "let the spec write to any address, and keep the node's rule for contracts it calls",
    async () => {
      mkdirSync(join(project.root, 'build'));
      writeFileSync(join(project.root, 'build/writer.wasm'), await compileContract(join(project.root, 'assembly/contracts/writer.ts'), { flavor: 'official' }));
      const spec = 'assembly/__tests__/rights.spec.ts';
      writeFileSync(join(project.root, spec), RIGHTS_SPEC);
      try {
        const output = captureOutput();
        const result = await runTests({ root: project.root, output, color: false, cache: false, files: [spec] });
        const failed = result.files.flatMap((file) => file.tests.filter((test) => !test.passed).map((test) => [test.name, test.failure?.message]));
        expect(failed).toEqual([['a contract it calls writes to another address', expect.stringContaining('writing in the datastore of address AS1Other')]]);
        expect([result.passed, result.failed]).toEqual([3, 1]);
      } finally {
        rmSync(join(project.root, spec));
      }
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
