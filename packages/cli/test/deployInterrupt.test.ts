// Ctrl-C during `mason deploy`, then the same command again (resumes), other arguments (refused),
// and --fresh (discards the pending deployment and deploys anew).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevnet, type Devnet } from '@mason/devnet';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'mason-interrupt-'));
const records = join(root, 'deployments', 'local.json');
let devnet: Devnet;

const CONTRACT = `import { Args, Context, Storage, stringToBytes } from '@mason/sdk';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  Storage.set('name', new Args(binaryArgs).nextString().expect('the constructor takes a name (string)'));
}

export function hello(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(\`Hello, \${Storage.get('name')}!\`);
}
`;

interface Run {
  code: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
  interruptAfter(text: string): Promise<void>;
}

function mason(args: string[]): Run {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: root,
    env: { ...process.env, MASON_NODE_URL: devnet.urls.public, MASON_NODE_WS_URL: devnet.urls.ws, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (c) => {
    stdout += c;
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr.on('data', (c) => (stderr += c));
  const code = new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
  return {
    code,
    stdout: () => stdout,
    stderr: () => stderr,
    async interruptAfter(text) {
      while (!stdout.includes(text)) {
        if (child.exitCode !== null) throw new Error(`mason exited before printing "${text}": ${stderr}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      child.kill('SIGINT');
    },
  };
}

const pendingOperation = () => JSON.parse(readFileSync(records, 'utf8')).pending.main?.operationId as string | undefined;

beforeAll(async () => {
  symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
  mkdirSync(join(root, 'assembly/contracts'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'interrupt', private: true, devDependencies: { '@mason/cli': '0.1.0' } }));
  writeFileSync(join(root, 'assembly/contracts/main.ts'), CONTRACT);
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0 });
  const built = mason(['build']);
  expect(await built.code, built.stderr()).toBe(0);
}, scaledTimeout(60_000));
afterAll(async () => {
  await devnet.stop();
  rmSync(root, { recursive: true, force: true });
});

/** `mason deploy` with block production paused, interrupted by Ctrl-C once the operation is sent. */
async function interruptedDeploy(name: string): Promise<string> {
  await devnet.pauseProduction();
  try {
    const run = mason(['deploy', '--args', `string:${name}`]);
    await run.interruptAfter('• sent O');
    expect(await run.code).toBe(130);
    const operationId = pendingOperation()!;
    expect(operationId).toMatch(/^O/);
    expect(run.stderr().trim()).toBe(`interrupted — run the same command again to resume (operation ${operationId} is recorded as pending in ${records}).`);
    return operationId;
  } finally {
    devnet.resumeProduction();
  }
}

describe('an interrupted mason deploy', () => {
  it('Ctrl-C exits 130 saying how to resume; other arguments are refused; the same command resumes', async () => {
    const operationId = await interruptedDeploy('One');

    const other = mason(['deploy', '--args', 'string:Two']);
    expect(await other.code).toBe(1);
    expect(other.stderr()).toContain(`error an interrupted deployment of "main" (operation ${operationId}`);
    expect(other.stderr()).toContain('differs from it in: constructor arguments');
    expect(other.stderr()).toContain('add --fresh');
    expect(other.stderr().match(/MASON_DEPLOY_PENDING_MISMATCH/g)).toHaveLength(1);
    expect(pendingOperation()).toBe(operationId);

    const again = mason(['deploy', '--args', 'string:One']);
    expect(await again.code, again.stderr()).toBe(0);
    expect(again.stdout()).toContain(`resuming the deployment sent earlier: ${operationId}`);
    const address = /address\s+(AS\w+)/.exec(again.stdout())![1]!;
    const read = mason(['read', address, 'hello', '--json']);
    expect(await read.code, read.stderr()).toBe(0);
    expect(JSON.parse(read.stdout()).value).toBe('Hello, One!');
    expect(pendingOperation()).toBeUndefined();
  });

  it('--fresh discards the pending deployment, naming it, and deploys the new arguments', async () => {
    const operationId = await interruptedDeploy('Old');
    const fresh = mason(['deploy', '--fresh', '--args', 'string:New']);
    expect(await fresh.code, fresh.stderr()).toBe(0);
    expect(fresh.stdout()).toContain(`discarded the pending deployment ${operationId}`);
    expect(fresh.stdout()).toContain('creating a contract of its own');
    const address = /address\s+(AS\w+)/.exec(fresh.stdout())![1]!;
    const read = mason(['read', address, 'hello', '--json']);
    expect(await read.code, read.stderr()).toBe(0);
    expect(JSON.parse(read.stdout()).value).toBe('Hello, New!');
  });
});
