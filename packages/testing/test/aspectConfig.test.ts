import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the as-pect config is plain JavaScript, as as-pect loads it
import shippedConfig from '../as-pect.config.js';
import { DEFAULT_ASPECT_CONFIG, loadAspectConfig, runTests, TestingError } from '../src/index.js';
import { captureOutput, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

let project: FixtureProject;
beforeAll(async () => {
  project = await fixtureProject('as-sdk');
});
afterAll(() => project.remove());

describe('as-pect configs', () => {
  it('ships the default config as as-pect.config.js', () => {
    expect(shippedConfig.entries).toEqual(DEFAULT_ASPECT_CONFIG.entries);
    expect(shippedConfig.include).toEqual(DEFAULT_ASPECT_CONFIG.include);
    expect(typeof shippedConfig.instantiate).toBe('function');
  });

  it("uses the project's config, with masonHost() options", async () => {
    writeFileSync(
      join(project.root, 'as-pect.config.js'),
      `import { masonHost } from '@mason/testing';\nexport default { entries: ['assembly/__tests__/isolated.spec.ts'], instantiate: masonHost({ resetBetweenTests: true }) };\n`,
    );
    writeFileSync(
      join(project.root, 'assembly/__tests__/isolated.spec.ts'),
      `import { Storage } from '@massalabs/massa-as-sdk';\ntest('writes', () => { Storage.set('k', 'v'); });\ntest('starts fresh', () => { expect(Storage.has('k')).toBe(false); });\n`,
    );
    const loaded = await loadAspectConfig(project.root);
    expect(loaded.path).toBe(join(project.root, 'as-pect.config.js'));
    const result = await runTests({ root: project.root, output: captureOutput(), color: false });
    expect(result.files.map((file) => file.file)).toEqual(['assembly/__tests__/isolated.spec.ts']);
    expect([result.passed, result.failed]).toEqual([2, 0]);
  });

  it('refuses a config without instantiate, saying what to use', async () => {
    writeFileSync(join(project.root, 'broken.config.js'), 'export default { entries: [] };\n');
    const error = await loadAspectConfig(project.root, 'broken.config.js').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TestingError);
    expect((error as TestingError).code).toBe('MASON_TESTING_CONFIG');
    expect((error as TestingError).message).toContain('use masonHost() from @mason/testing');
  });
});
