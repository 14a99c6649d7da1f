// The templates' `npm test` builds the contracts first: a spec that deploys one from
// build/<name>.wasm passes on a fresh copy of the project, where build/ does not exist yet.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const template = fileURLToPath(new URL('../../../templates/hello', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'mason-template-test-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const SPEC = `import { Args, bytesToString } from '@mason/sdk';
import { call, deploy, readFile } from '@mason/testing';

describe('the built contract', () => {
  test('deploys from build/main.wasm and answers', () => {
    const address = deploy(readFile('build/main.wasm'), new Args().add('Built').serialize(), 100_000_000);
    expect(bytesToString(call(address, 'hello', []))).toBe('Hello, Built!');
  });
});
`;

function npmTest(cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['test'], { cwd, env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' } });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe("the hello template's npm test", () => {
  it('builds before the specs run, so a spec reading build/main.wasm passes on a fresh copy', async () => {
    cpSync(template, project, { recursive: true, filter: (source) => !/[\\/](node_modules|build|deployments)$/.test(source) });
    symlinkSync(join(template, 'node_modules'), join(project, 'node_modules'), 'dir');
    writeFileSync(join(project, 'assembly/__tests__/deployed.spec.ts'), SPEC);
    expect(existsSync(join(project, 'build'))).toBe(false);
    const { code, output } = await npmTest(project);
    expect(output).toContain('the built contract');
    expect(output).not.toContain('MASON_TESTING_FILE_NOT_FOUND');
    expect(code, output).toBe(0);
    expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).scripts.test).toMatch(/^mason build && mason test/);
  }, 300_000);
});
