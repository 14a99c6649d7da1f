// `mason deploy --script <name>`: a TypeScript module in deploy/ declaring two contracts (the
// second takes the first's address) and a call; the process killed once the first step is sent;
// the same command resumes it and ends with both; a changed module is refused.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevnet, type Devnet } from '@mason/devnet';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'mason-deploy-script-'));
const records = join(root, 'deployments', 'local.json');
let devnet: Devnet;

const TOKEN = `import { Args, Context, Storage, stringToBytes } from '@mason/sdk';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  Storage.set('name', new Args(binaryArgs).nextString().expect('the constructor takes a name (string)'));
}

export function setMinter(binaryArgs: StaticArray<u8>): void {
  Storage.set('minter', new Args(binaryArgs).nextString().expect('setMinter takes an address (string)'));
}

export function minter(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(Storage.get('minter'));
}
`;

const VAULT = `import { Args, Context, Storage, stringToBytes } from '@mason/sdk';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  Storage.set('token', new Args(binaryArgs).nextString().expect('the constructor takes the token address (string)'));
}

export function token(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(Storage.get('token'));
}
`;

const script = (name: string) => `import { buildModule } from '@mason/deployer';
import { coins } from './coins';

export default buildModule((m) => {
  const token = m.contract('token', [${JSON.stringify(name)}], { coins });
  const vault = m.contract('vault', [token], { coins });
  m.call(token, 'setMinter', [vault]);
});
`;

interface Run {
  code: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
  killAfter(text: string): Promise<void>;
}

function mason(args: string[], cwd = root): Run {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
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
  const code = new Promise<number | null>((resolve) =>
    child.on('exit', (exitCode) => {
      resolve(exitCode);
      for (const wake of waiters.splice(0)) wake();
    }),
  );
  return {
    code,
    stdout: () => stdout,
    stderr: () => stderr,
    async killAfter(text) {
      while (!stdout.includes(text)) {
        if (child.exitCode !== null) throw new Error(`mason exited before printing "${text}": ${stdout}\n${stderr}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      child.kill('SIGKILL');
    },
  };
}

const file = () => JSON.parse(readFileSync(records, 'utf8'));

async function read(target: string, func: string): Promise<string> {
  const run = mason(['read', target, func, '--json']);
  expect(await run.code, run.stderr()).toBe(0);
  return JSON.parse(run.stdout()).value;
}

beforeAll(async () => {
  symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
  mkdirSync(join(root, 'assembly/contracts'), { recursive: true });
  mkdirSync(join(root, 'deploy'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'scripts', private: true, type: 'module', devDependencies: { '@mason/cli': '0.1.0' } }));
  writeFileSync(join(root, 'assembly/contracts/token.ts'), TOKEN);
  writeFileSync(join(root, 'assembly/contracts/vault.ts'), VAULT);
  writeFileSync(join(root, 'deploy/system.ts'), script('Mason'));
  // A relative import of the script's own: bundled with it.
  writeFileSync(join(root, 'deploy/coins.ts'), "export const coins: string = '0.1';\n");
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0 });
  const built = mason(['build']);
  expect(await built.code, built.stderr()).toBe(0);
}, scaledTimeout(90_000));
afterAll(async () => {
  await devnet.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('mason deploy --script', () => {
  it('--dry-run prints the plan in dependency order and sends nothing', async () => {
    const run = mason(['deploy', '--script', 'system', '--dry-run']);
    expect(await run.code, run.stderr()).toBe(0);
    const out = run.stdout();
    expect(out).toContain('Plan of system (3 steps):');
    expect(out).toMatch(/token\s+deploy token: run ≤ [\d.]+ MAS/);
    expect(out).toMatch(/vault\s+deploy vault after token: run/);
    expect(out).toMatch(/token\.setMinter\s+call token\.setMinter after token, vault: run/);
    expect(out).toContain('dry run: nothing was sent');
    expect(existsSync(records)).toBe(false);
  });

  it('killed after the first step is sent, the same command resumes it and ends with both contracts; a changed module is refused', async () => {
    await devnet.pauseProduction();
    let sent: string;
    try {
      const run = mason(['deploy', '--script', 'system']);
      await run.killAfter('• token: sent O');
      await run.code;
      sent = /token: sent (O\w+)/.exec(run.stdout())![1]!;
      const journal = file().scripts.system.steps;
      expect(journal.token).toMatchObject({ kind: 'contract', status: 'sent', operationId: sent });
      expect(journal.vault).toBeUndefined();
      expect(file().pending.token.operationId).toBe(sent);
    } finally {
      devnet.resumeProduction();
    }

    const again = mason(['deploy', '--script', 'system']);
    expect(await again.code, again.stderr()).toBe(0);
    const out = again.stdout();
    expect(out).toMatch(/token\s+deploy token: resume/);
    expect(out).toContain(`token: resuming the operation sent earlier: ${sent}`);
    expect(out).toContain('vault: sent O');
    expect(out).toContain('token.setMinter: final');
    const { contracts, scripts, pending, version } = file();
    expect(version).toBe(2);
    expect(pending).toEqual({});
    expect(contracts.token.operationId).toBe(sent);
    expect(Object.values(scripts.system.steps).map((step) => (step as { status: string }).status)).toEqual(['done', 'done', 'done']);
    // Names of the steps work as contract names in the other commands.
    expect(await read('vault', 'token')).toBe(contracts.token.address);
    expect(await read('token', 'minter')).toBe(contracts.vault.address);
    expect(readdirSync(join(root, '.mason', 'deploy'))).toEqual([]);

    const rerun = mason(['deploy', '--script', 'system', '--json']);
    expect(await rerun.code, rerun.stderr()).toBe(0);
    const json = JSON.parse(rerun.stdout());
    expect(json.steps.map((step: { action: string }) => step.action)).toEqual(['skip', 'skip', 'skip']);
    expect(json.addresses).toEqual({ token: contracts.token.address, vault: contracts.vault.address });
    // The devnet decodes the script's contracts' calls: their ABIs are registered.
    expect(json.abis).toEqual({ [contracts.token.address]: { registered: true }, [contracts.vault.address]: { registered: true } });
    const abis = await fetch(devnet.urls.public, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'mason_get_abis', params: [[contracts.token.address, contracts.vault.address]] }),
    }).then((response) => response.json() as Promise<{ result: Array<{ contract: string }> }>);
    expect(abis.result.map((abi) => abi.contract)).toEqual(['token', 'vault']);

    writeFileSync(join(root, 'deploy/system.ts'), script('Changed'));
    const changed = mason(['deploy', '--script', 'system']);
    expect(await changed.code).toBe(1);
    expect(changed.stderr()).toContain('MASON_DEPLOY_SCRIPT_CHANGED');
    expect(changed.stderr()).toContain('step "token" of system was done');
    expect(changed.stderr()).toContain('--reset token');
    expect(file().contracts.token.address).toBe(contracts.token.address);
    writeFileSync(join(root, 'deploy/system.ts'), script('Mason'));
  });

  it('names the scripts there are when the one asked for does not exist, and refuses a script that is no module', async () => {
    const missing = mason(['deploy', '--script', 'nope']);
    expect(await missing.code).toBe(1);
    expect(missing.stderr()).toContain('there is no deployment script "nope": looked for deploy/nope.ts');
    expect(missing.stderr()).toContain('deploy/ holds coins.ts, system.ts');

    const notModule = mason(['deploy', '--script', 'coins']);
    expect(await notModule.code).toBe(1);
    expect(notModule.stderr()).toContain('MASON_DEPLOY_SCRIPT_LOAD_FAILED');
    expect(notModule.stderr()).toContain('its default export is not a deployment module');
  });

  it("runs the token template's script: the token deployed with its constructor arguments", async () => {
    const template = fileURLToPath(new URL('../../../templates/token/', import.meta.url));
    const project = mkdtempSync(join(tmpdir(), 'mason-template-script-'));
    try {
      symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(project, 'node_modules'), 'dir');
      mkdirSync(join(project, 'assembly/contracts'), { recursive: true });
      mkdirSync(join(project, 'deploy'), { recursive: true });
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify({ name: 'token', private: true, type: 'module', devDependencies: { '@mason/cli': '0.1.0' } }),
      );
      writeFileSync(join(project, 'assembly/contracts/token.ts'), readFileSync(join(template, 'assembly/contracts/token.ts')));
      writeFileSync(join(project, 'deploy/token.ts'), readFileSync(join(template, 'deploy/token.ts')));
      const run = mason(['deploy', '--script', 'token', '--json'], project);
      expect(await run.code, run.stderr()).toBe(0);
      const { addresses, steps } = JSON.parse(run.stdout());
      expect(steps.map((step: { id: string; action: string }) => `${step.id}:${step.action}`)).toEqual(['token:run']);
      const name = mason(['read', addresses.token, 'name', '--json'], project);
      expect(await name.code, name.stderr()).toBe(0);
      expect(JSON.parse(name.stdout()).value).toBe('MasonToken');
      const supply = mason(['read', addresses.token, 'totalSupply', '--json'], project);
      expect(await supply.code, supply.stderr()).toBe(0);
      expect(String(JSON.parse(supply.stdout()).value)).toBe('1000000000000');
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
