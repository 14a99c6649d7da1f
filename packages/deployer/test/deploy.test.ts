import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Account, createClient, getBalance, readOnlyCall, type Client } from '@mason/client';
import { Args, MAS, SecretKey, parseMas } from '@mason/codec';
import { build } from '@mason/compiler';
import { startDevnet, type Devnet } from '@mason/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeployError, DeploymentRecords, deployContract, deployFromBuild, type DeployProgress, type PendingDeployment } from '../src/index.js';
import { GREETER, makeProject } from './project.js';

let devnet: Devnet;
let client: Client;
let account: Account;
const project = makeProject({ 'assembly/contracts/greeter.ts': GREETER });

beforeAll(async () => {
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true });
  client = createClient({ url: devnet.urls.public, wsUrl: devnet.urls.ws });
  account = Account.fromSecretKey(devnet.accounts[0]!.secretKey);
  await build({ root: project.root });
}, 120_000);
afterAll(async () => {
  await client.close();
  await devnet.stop();
  project.remove();
});

const base = () => ({ client, account, root: project.root, network: 'local', contract: 'greeter' });

describe('deploying a built contract to the devnet', () => {
  it('deploys, waits for finality, takes the address from the deployer frame, and records it', async () => {
    const stages: string[] = [];
    const result = await deployFromBuild({
      ...base(),
      args: new Args().addString('Mason').serialize(),
      coins: MAS / 10n,
      onProgress: (p: DeployProgress) => stages.push(p.stage),
    });
    expect(stages).toEqual(['checked', 'sent', 'executed', 'final']);
    expect(result.address).toMatch(/^AS/);
    expect(result.address).not.toBe('AS1forgedByTheConstructor');
    const greeting = await readOnlyCall(client, { target: result.address, func: 'hello' });
    expect(new TextDecoder().decode(greeting.value)).toBe('Hello, Mason!');
    expect(await getBalance(client, result.address)).toBeGreaterThanOrEqual(MAS / 10n - MAS / 100n);
    const records = new DeploymentRecords(project.root, 'local').read();
    expect(records.contracts.greeter).toMatchObject({
      address: result.address,
      operationId: result.operationId,
      chainId: 77,
      deployer: account.address.toString(),
    });
    expect(records.pending).toEqual({});
  });

  it('refuses before sending when the account cannot pay', async () => {
    const poor = Account.fromSecretKey(SecretKey.generate());
    const error = await deployFromBuild({ ...base(), account: poor }).catch((e) => e);
    expect(error).toBeInstanceOf(DeployError);
    expect(error.code).toBe('MASON_DEPLOY_INSUFFICIENT_BALANCE');
    expect(error.message).toContain('needs');
  });

  it('explains that a constructor writing storage needs coins', async () => {
    const error = await deployFromBuild({ ...base(), args: new Args().addString('Mason').serialize() }).catch((e) => e);
    expect(error.code).toBe('MASON_DEPLOY_WOULD_FAIL');
    expect(error.message).toContain('send it coins with the deployment');
  });

  it('refuses before sending when the constructor would fail, with the contract message', async () => {
    const before = await getBalance(client, account.address.toString());
    const error = await deployFromBuild({ ...base() }).catch((e) => e);
    expect(error.code).toBe('MASON_DEPLOY_WOULD_FAIL');
    expect(error.message).toContain('the constructor takes a name (string)');
    await devnet.settle(2_000);
    expect(await getBalance(client, account.address.toString())).toBe(before);
  });

  /** A deployment interrupted right after its operation was recorded and sent. */
  async function interrupted(network: string, name: string): Promise<PendingDeployment> {
    const error = await deployFromBuild({
      ...base(),
      network,
      args: new Args().addString(name).serialize(),
      coins: MAS / 10n,
      onProgress: (p) => {
        if (p.stage === 'sent') throw new Error('interrupted');
      },
    }).catch((e) => e);
    expect(error.message).toBe('interrupted');
    const pending = new DeploymentRecords(project.root, network).pending('greeter');
    expect(pending?.operationId).toMatch(/^O/);
    expect(pending?.inputsSha256).toMatch(/^[0-9a-f]{64}$/);
    return pending!;
  }

  it('resumes an interrupted deployment instead of deploying twice', async () => {
    const records = new DeploymentRecords(project.root, 'resume-test');
    const pending = await interrupted('resume-test', 'Once');
    const second = await deployFromBuild({ ...base(), network: 'resume-test', args: new Args().addString('Once').serialize(), coins: MAS / 10n });
    expect(second.resumed).toBe(true);
    expect(second.operationId).toBe(pending.operationId);
    const greeting = await readOnlyCall(client, { target: second.address, func: 'hello' });
    expect(new TextDecoder().decode(greeting.value)).toBe('Hello, Once!');
    expect(records.read().history).toHaveLength(1);
  });

  it('refuses to resume with other inputs, says what differs and what to do, and sends nothing', async () => {
    const records = new DeploymentRecords(project.root, 'mismatch-test');
    const pending = await interrupted('mismatch-test', 'Old');
    const before = readFileSync(records.path, 'utf8');
    const otherArgs = await deployFromBuild({ ...base(), network: 'mismatch-test', args: new Args().addString('New').serialize(), coins: MAS / 10n }).catch(
      (e) => e,
    );
    expect(otherArgs).toBeInstanceOf(DeployError);
    expect(otherArgs.code).toBe('MASON_DEPLOY_PENDING_MISMATCH');
    expect(otherArgs.message).toContain(
      `an interrupted deployment of "greeter" (operation ${pending.operationId}, sent ${pending.sentAt}) is pending in ${records.path}`,
    );
    expect(otherArgs.message).toContain(
      `constructor arguments (pending: ${pending.constructorArgs}, now: ${Buffer.from(new Args().addString('New').serialize()).toString('hex')})`,
    );
    expect(otherArgs.message).toContain('--fresh');
    expect(otherArgs.message).toContain(`until period ${pending.expirePeriod}`);
    const otherCoins = await deployFromBuild({ ...base(), network: 'mismatch-test', args: new Args().addString('Old').serialize(), coins: MAS / 5n }).catch(
      (e) => e,
    );
    expect(otherCoins.code).toBe('MASON_DEPLOY_PENDING_MISMATCH');
    expect(otherCoins.message).toContain('coins (pending: 0.1 MAS, now: 0.2 MAS)');
    const built = join(project.root, 'build');
    const otherBytecode = await deployContract({
      ...base(),
      network: 'mismatch-test',
      deployer: readFileSync(join(built, 'greeter.deployer.wasm')),
      contractBytecode: Uint8Array.of(...readFileSync(join(built, 'greeter.wasm')), 0),
      deployerCarriesContract: true,
      args: new Args().addString('Old').serialize(),
      coins: MAS / 10n,
    }).catch((e) => e);
    expect(otherBytecode.code).toBe('MASON_DEPLOY_PENDING_MISMATCH');
    expect(otherBytecode.message).toContain('differs from it in: contract bytecode.');
    // Nothing was sent or recorded by the refused runs.
    expect(readFileSync(records.path, 'utf8')).toBe(before);
    const resumed = await deployFromBuild({ ...base(), network: 'mismatch-test', args: new Args().addString('Old').serialize(), coins: MAS / 10n });
    expect(resumed).toMatchObject({ resumed: true, operationId: pending.operationId });
  });

  it('compares field by field a pending record written before inputs were hashed', async () => {
    const records = new DeploymentRecords(project.root, 'legacy-test');
    const pending = await interrupted('legacy-test', 'Legacy');
    const file = JSON.parse(readFileSync(records.path, 'utf8'));
    delete file.pending.greeter.inputsSha256;
    writeFileSync(records.path, JSON.stringify(file, null, 2));
    const refused = await deployFromBuild({ ...base(), network: 'legacy-test', args: new Args().addString('Legacy').serialize(), coins: 0n }).catch((e) => e);
    expect(refused.code).toBe('MASON_DEPLOY_PENDING_MISMATCH');
    expect(refused.message).toContain('coins (pending: 0.1 MAS, now: 0 MAS)');
    const resumed = await deployFromBuild({ ...base(), network: 'legacy-test', args: new Args().addString('Legacy').serialize(), coins: MAS / 10n });
    expect(resumed).toMatchObject({ resumed: true, operationId: pending.operationId });
  });

  it('with fresh, discards the pending deployment (saying which) and deploys the new inputs', async () => {
    const pending = await interrupted('fresh-test', 'Discarded');
    const progress: DeployProgress[] = [];
    const result = await deployFromBuild({
      ...base(),
      network: 'fresh-test',
      args: new Args().addString('Fresh').serialize(),
      coins: MAS / 10n,
      fresh: true,
      onProgress: (p) => progress.push(p),
    });
    expect(progress[0]).toEqual({ stage: 'discarded', operationId: pending.operationId, expirePeriod: pending.expirePeriod, sentAt: pending.sentAt });
    expect(progress.map((p) => p.stage)).toEqual(['discarded', 'checked', 'sent', 'executed', 'final']);
    expect(result.resumed).toBe(false);
    expect(result.operationId).not.toBe(pending.operationId);
    const greeting = await readOnlyCall(client, { target: result.address, func: 'hello' });
    expect(new TextDecoder().decode(greeting.value)).toBe('Hello, Fresh!');
  });

  it('refuses a deployments file that is not valid JSON, naming it and the line', async () => {
    const path = join(project.root, 'deployments', 'corrupt-test.json');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '{\n  "network": "corrupt-test",\n  "contracts": {,\n}\n');
    const error = await deployFromBuild({ ...base(), network: 'corrupt-test' }).catch((e) => e);
    expect(error.code).toBe('MASON_DEPLOY_RECORDS_CORRUPT');
    expect(error.message).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a valid deployments file \\(line 3, column 17: `));
    writeFileSync(path, '{"contracts": []}');
    const shape = await deployFromBuild({ ...base(), network: 'corrupt-test' }).catch((e) => e);
    expect(shape.code).toBe('MASON_DEPLOY_RECORDS_CORRUPT');
    expect(shape.message).toContain('("contracts": it must be an object of contract name → entry)');
    expect(readFileSync(path, 'utf8')).toBe('{"contracts": []}');
  });

  it('says when a contract was not built', async () => {
    const error = await deployFromBuild({ ...base(), contract: 'nope' }).catch((e) => e);
    expect(error.code).toBe('MASON_DEPLOY_NOT_BUILT');
    expect(error.message).toContain('greeter');
  });

  it('a contract named like an Object property is just not built', async () => {
    for (const contract of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const error = await deployFromBuild({ ...base(), contract }).catch((e) => e);
      expect(error.code, contract).toBe('MASON_DEPLOY_NOT_BUILT');
      expect(error.message).toBe(`there is no built contract "${contract}" (built: greeter). Run \`mason build\` first, or name one of those.`);
    }
  });

  it('reads the manifest without a compiler, and refuses one that is missing, not JSON or points outside the build folder', async () => {
    const outDir = join(project.root, 'hostile-build');
    mkdirSync(outDir, { recursive: true });
    const missing = await deployFromBuild({ ...base(), outDir }).catch((e) => e);
    expect(missing.code).toBe('MASON_DEPLOY_NOT_BUILT');
    expect(missing.context.available).toBe('none (no build/manifest.json)');

    writeFileSync(join(outDir, 'manifest.json'), '{"format": 1, "contracts": ');
    const truncated = await deployFromBuild({ ...base(), outDir }).catch((e) => e);
    expect(truncated.code).toBe('MASON_DEPLOY_NOT_BUILT');
    expect(truncated.context.available).toMatch(/^none \(build\/manifest\.json is not valid: the build manifest is not valid \(the file: not JSON/);

    const manifest = JSON.parse(readFileSync(join(project.root, 'build', 'manifest.json'), 'utf8'));
    manifest.contracts.greeter.deployer.path = '../build/greeter.deployer.wasm';
    writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest));
    const escaping = await deployFromBuild({ ...base(), outDir }).catch((e) => e);
    expect(escaping.code).toBe('MASON_DEPLOY_NOT_BUILT');
    expect(escaping.message).toContain('contracts.greeter.deployer.path: "../build/greeter.deployer.wasm" is not a /-separated path inside the build folder');
    expect(new DeploymentRecords(project.root, 'local').read().pending).toEqual({});
  });

  it('says when no node answers, with the command to start one', async () => {
    const offline = createClient({ url: 'http://127.0.0.1:9', retry: { attempts: 1 } as never });
    const error = await deployFromBuild({ ...base(), client: offline }).catch((e) => e);
    await offline.close();
    expect(error.code).toBe('MASON_DEPLOY_NO_NODE');
    expect(existsSync(join(project.root, 'build', 'greeter.deployer.wasm'))).toBe(true);
    expect(readFileSync(join(project.root, 'build', 'manifest.json'), 'utf8')).toContain('greeter');
    expect(parseMas('0.1')).toBe(MAS / 10n);
  });
});
