import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Account, createClient, getBalance, readOnlyCall, type Client } from '@mason/client';
import { Args, MAS, SecretKey, parseMas } from '@mason/codec';
import { build } from '@mason/compiler';
import { startDevnet, type Devnet } from '@mason/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeployError, DeploymentRecords, deployFromBuild, type DeployProgress } from '../src/index.js';
import { GREETER, makeProject } from './project.js';

let devnet: Devnet;
let client: Client;
let account: Account;
const project = makeProject({ 'assembly/contracts/greeter.ts': GREETER });

beforeAll(async () => {
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0 });
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
    const started = Date.now();
    const result = await deployFromBuild({
      ...base(),
      args: new Args().addString('Mason').serialize(),
      coins: MAS / 10n,
      onProgress: (p: DeployProgress) => stages.push(p.stage),
    });
    const elapsed = Date.now() - started;
    expect(stages).toEqual(['checked', 'sent', 'executed', 'final']);
    expect(result.address).toMatch(/^AS/);
    expect(result.address).not.toBe('AS1forgedByTheConstructor');
    expect(elapsed).toBeLessThan(10_000);
    const greeting = await readOnlyCall(client, { target: result.address, func: 'hello' });
    expect(new TextDecoder().decode(greeting.value)).toBe('Hello, Mason!');
    expect(await getBalance(client, result.address)).toBeGreaterThanOrEqual(MAS / 10n - MAS / 100n);
    const records = new DeploymentRecords(project.root, 'local').read();
    expect(records.contracts.greeter).toMatchObject({ address: result.address, operationId: result.operationId, chainId: 77, deployer: account.address.toString() });
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
    await devnet.node.settle(2_000);
    expect(await getBalance(client, account.address.toString())).toBe(before);
  });

  it('resumes an interrupted deployment instead of deploying twice', async () => {
    const records = new DeploymentRecords(project.root, 'resume-test');
    // Interrupt right after the operation is recorded and sent.
    const first = await deployFromBuild({
      ...base(),
      network: 'resume-test',
      args: new Args().addString('Once').serialize(),
      coins: MAS / 10n,
      onProgress: (p) => {
        if (p.stage === 'sent') throw new Error('interrupted');
      },
    }).catch((e) => e);
    expect(first.message).toBe('interrupted');
    const pending = records.pending('greeter');
    expect(pending?.operationId).toMatch(/^O/);
    const second = await deployFromBuild({ ...base(), network: 'resume-test', args: new Args().addString('Twice').serialize(), coins: MAS / 10n });
    expect(second.resumed).toBe(true);
    expect(second.operationId).toBe(pending!.operationId);
    const greeting = await readOnlyCall(client, { target: second.address, func: 'hello' });
    expect(new TextDecoder().decode(greeting.value)).toBe('Hello, Once!');
    expect(records.read().history).toHaveLength(1);
  });

  it('says when a contract was not built', async () => {
    const error = await deployFromBuild({ ...base(), contract: 'nope' }).catch((e) => e);
    expect(error.code).toBe('MASON_DEPLOY_NOT_BUILT');
    expect(error.message).toContain('greeter');
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
