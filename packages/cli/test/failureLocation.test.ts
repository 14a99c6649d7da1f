import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevnet, type Devnet } from '@mason/devnet';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// mason build → deploy → call/read of a contract failing deep in a helper file: the CLI prints the
// helper's line and its code, from the devnet's failure frames and the build's source maps.

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
// The contract @mason/testing's failure-location tests use (a helper file a few frames deep).
const fixture = fileURLToPath(new URL('../../testing/test/fixtures/failures', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'mason-locations-'));
let devnet: Devnet;

function mason(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      MASON_NODE_URL: devnet.urls.public,
      MASON_NODE_WS_URL: devnet.urls.ws,
      NO_COLOR: '1',
    };
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  cpSync(fixture, root, { recursive: true });
  symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ name: 'locations', private: true, devDependencies: { '@mason/cli': '0.1.0', '@mason/sdk': '0.1.0' } }),
  );
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true });
}, scaledTimeout(60_000));
afterAll(async () => {
  await devnet?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('failure locations in mason call, read and deploy', () => {
  let address = '';

  it(
    'mason deploy: a constructor refused by its dry run is shown at the helper line',
    async () => {
      const refused = await mason(['deploy', 'failing', '--args', 'bool:true']);
      expect(refused.code, refused.stdout).toBe(1);
      expect(refused.stderr).toContain('refused by the constructor');
      expect(refused.stderr).toContain('at assembly/checks.ts:22:');
      expect(refused.stderr).toContain("> 22 │   assert(!refused, 'refused by the constructor');");
      const deployed = await mason(['deploy', 'failing', '--json']);
      expect(deployed.code, deployed.stderr).toBe(0);
      address = JSON.parse(deployed.stdout).address;
      expect(readFileSync(join(root, 'build/failing.wasm.map'), 'utf8')).toContain('assembly/checks.ts');
    },
    scaledTimeout(120_000),
  );

  it(
    'mason call: a call that failed on chain names the line, the error event stays the node text',
    async () => {
      const failed = await mason(['call', address, 'assertDeep', '--args', 'i32:-3', '--max-gas', '50000000']);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('the call failed on chain');
      expect(failed.stderr).toMatch(/at assembly\/checks\.ts:5:\d+ \(failing\)/);
      expect(failed.stderr).toContain("> 5 │   assert(value > 0, 'the value must be positive');");
      const json = await mason(['call', address, 'unreachableDeep', '--args', 'i32:1', '--max-gas', '50000000', '--json']);
      expect(json.code).toBe(1);
      const output = JSON.parse(json.stdout);
      expect(output.location).toMatchObject({ file: 'assembly/checks.ts', line: 14, contract: 'failing' });
      // Its trace names the same line on the frame that failed.
      const traced = await mason(['trace', output.operationId]);
      expect(traced.code, traced.stderr).toBe(0);
      expect(traced.stdout).toMatch(/✗ .*unreachable.* at assembly\/checks\.ts:14:\d+/);
      const tracedJson = JSON.parse((await mason(['trace', output.operationId, '--json'])).stdout);
      expect(tracedJson.failure.location).toMatchObject({ file: 'assembly/checks.ts', line: 14 });
      // the node's error event names no project file
      expect(JSON.stringify(output.events)).not.toContain('checks.ts');
    },
    scaledTimeout(60_000),
  );

  it(
    'mason call without --max-gas and mason read: the dry run failure names the line of the caller of the SDK',
    async () => {
      // Typed --args bypass the ABI's arity check: one byte where the contract reads a u64.
      const call = await mason(['call', address, 'expectDeep', '--args', 'u8:1']);
      expect(call.code).toBe(1);
      expect(call.stderr).toContain('an amount (u64) is required');
      expect(call.stderr).toMatch(/at assembly\/checks\.ts:10:\d+ \(failing\)/);
      const read = await mason(['read', address, 'outOfBoundsDeep', '--args', 'u32:4294967280']);
      expect(read.code).toBe(1);
      expect(read.stderr).toMatch(/at assembly\/checks\.ts:18:\d+ \(failing\)/);
    },
    scaledTimeout(60_000),
  );

  it(
    'a damaged source map is skipped with a warning: no location, the same error, no crash',
    async () => {
      writeFileSync(join(root, 'build/failing.wasm.map'), '{ not json');
      const read = await mason(['read', address, 'unreachableDeep', '--args', 'i32:1']);
      expect(read.code).toBe(1);
      expect(read.stderr).toContain('unreachable');
      expect(read.stderr).toMatch(/warning build\/failing\.wasm\.map is not used to locate the failure: it is not JSON/);
      expect(read.stderr).not.toContain('at assembly/checks.ts');
      expect(read.stderr).not.toMatch(/TypeError|SyntaxError: /);
    },
    scaledTimeout(60_000),
  );
});
