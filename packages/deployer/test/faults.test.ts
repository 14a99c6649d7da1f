// The deploy runner under faults: a node restart during the wait, a stage time limit, an
// operation that expires unincluded. Each ends with one deployment, never two.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Account, createClient, getBalance, getStatus, readOnlyCall, type Client } from '@mason/client';
import { Args, MAS } from '@mason/codec';
import { build } from '@mason/compiler';
import { startDevnet, type Devnet } from '@mason/devnet';
import { nodeOf } from '@mason/devnet/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeployError, DeploymentRecords, deployFromBuild, type DeployProgress } from '../src/index.js';
import { GREETER, makeProject } from './project.js';

const project = makeProject({ 'assembly/contracts/greeter.ts': GREETER });
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  await build({ root: project.root });
}, 120_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  project.remove();
});

const greeting = async (client: Client, address: string) => new TextDecoder().decode((await readOnlyCall(client, { target: address, func: 'hello' })).value);

const portOf = (url: string) => Number(new URL(url).port);

/** Every final ExecuteSC the account sent: a second deployment would show here. */
async function executeScCount(devnet: Devnet, address: string): Promise<number> {
  let count = 0;
  for (const record of nodeOf(devnet).operations.values()) {
    if (record.signed.creator.toString() === address && record.signed.content.op.type === 'ExecuteSC' && record.finalSuccess !== null) count++;
  }
  return count;
}

describe('a node restart while the runner waits', () => {
  it('resumes the recorded operation on the restarted node and deploys exactly once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mason-deploy-restart-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, dataDir });
    const ports = { publicPort: portOf(first.urls.public), privatePort: portOf(first.urls.private), apiPort: portOf(first.urls.api) };
    const client = createClient({ url: first.urls.public, retry: { retries: 0 } });
    cleanups.push(() => client.close());
    const account = Account.fromSecretKey(first.accounts[0]!.secretKey);
    const base = { client, account, root: project.root, network: 'restart', contract: 'greeter', pollIntervalMs: 20 };

    // The staker produces nothing, so the operation is still in the pool (not on disk) when the
    // node goes down right after the runner sent it.
    await first.pauseProduction();
    let stopping: Promise<void> | undefined;
    const interrupted = await deployFromBuild({
      ...base,
      args: new Args().addString('Restart').serialize(),
      coins: MAS / 10n,
      onProgress: (p: DeployProgress) => {
        if (p.stage === 'sent') stopping = first.stop();
      },
    }).catch((e: unknown) => e);
    await stopping;
    expect(interrupted).toBeInstanceOf(Error);
    const records = new DeploymentRecords(project.root, 'restart');
    const pending = records.pending('greeter');
    expect(pending?.operationId).toMatch(/^O/);

    // The re-run is a new process: a new client, as `mason deploy` run again would have.
    const second = await startDevnet({ ...ports, dataDir });
    cleanups.push(() => second.stop());
    expect(second.urls.public).toBe(first.urls.public);
    const rerunClient = createClient({ url: second.urls.public });
    cleanups.push(() => rerunClient.close());
    const stages: string[] = [];
    // The same command run again: same inputs (other inputs are refused, see deploy.test.ts).
    const result = await deployFromBuild({
      ...base,
      client: rerunClient,
      args: new Args().addString('Restart').serialize(),
      coins: MAS / 10n,
      onProgress: (p) => stages.push(p.stage),
    });
    expect(result.resumed).toBe(true);
    expect(result.operationId).toBe(pending!.operationId);
    expect(stages).toEqual(['resuming', 'executed', 'final']);
    expect(await greeting(rerunClient, result.address)).toBe('Hello, Restart!');
    expect(records.read().history).toHaveLength(1);
    expect(records.read().pending).toEqual({});
    expect(await executeScCount(second, account.address.toString())).toBe(1);

    // A further run after another restart finds nothing pending: the node's final state (on
    // disk) and the record agree, and the contract is still there.
    await second.stop();
    const third = await startDevnet({ ...ports, dataDir });
    cleanups.push(() => third.stop());
    const lastClient = createClient({ url: third.urls.public });
    cleanups.push(() => lastClient.close());
    expect(await greeting(lastClient, result.address)).toBe('Hello, Restart!');
    expect(await executeScCount(third, account.address.toString())).toBe(1);
  }, 30_000);

  it('a runner still waiting re-sends the operation a restarted node lost, and deploys once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mason-deploy-resend-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, dataDir });
    const ports = { publicPort: portOf(first.urls.public), privatePort: portOf(first.urls.private), apiPort: portOf(first.urls.api) };
    const client = createClient({ url: first.urls.public });
    cleanups.push(() => client.close());
    const account = Account.fromSecretKey(first.accounts[0]!.secretKey);
    await first.pauseProduction();
    let restarted: Promise<Devnet> | undefined;
    const result = await deployFromBuild({
      client,
      account,
      root: project.root,
      network: 'resend',
      contract: 'greeter',
      pollIntervalMs: 20,
      args: new Args().addString('Resent').serialize(),
      coins: MAS / 10n,
      onProgress: (p: DeployProgress) => {
        // The node goes down with the operation only in its pool, and comes back without it.
        if (p.stage === 'sent') restarted = first.stop().then(() => startDevnet({ ...ports, dataDir }));
      },
    });
    const second = await restarted!;
    cleanups.push(() => second.stop());
    expect(await greeting(client, result.address)).toBe('Hello, Resent!');
    expect(new DeploymentRecords(project.root, 'resend').read().history).toHaveLength(1);
    expect(await executeScCount(second, account.address.toString())).toBe(1);
  }, 30_000);

  it('does not deploy again when the node restarted after the operation became final but before it was recorded', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mason-deploy-restart-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, dataDir });
    const ports = { publicPort: portOf(first.urls.public), privatePort: portOf(first.urls.private), apiPort: portOf(first.urls.api) };
    const client = createClient({ url: first.urls.public, retry: { retries: 0 } });
    cleanups.push(() => client.close());
    const account = Account.fromSecretKey(first.accounts[0]!.secretKey);
    const base = { client, account, root: project.root, network: 'restart-final', contract: 'greeter', pollIntervalMs: 20 };

    const interrupted = await deployFromBuild({
      ...base,
      args: new Args().addString('Final').serialize(),
      coins: MAS / 10n,
      onProgress: (p) => {
        if (p.stage === 'executed') throw new Error('runner killed');
      },
    }).catch((e: unknown) => e);
    expect((interrupted as Error).message).toBe('runner killed');
    const records = new DeploymentRecords(project.root, 'restart-final');
    const pending = records.pending('greeter')!;
    await first.stop(); // settles: the deployment is final and on disk

    const second = await startDevnet({ ...ports, dataDir });
    cleanups.push(() => second.stop());
    const rerunClient = createClient({ url: second.urls.public });
    cleanups.push(() => rerunClient.close());
    const result = await deployFromBuild({ ...base, client: rerunClient, args: new Args().addString('Final').serialize(), coins: MAS / 10n });
    expect(result).toMatchObject({ resumed: true, operationId: pending.operationId });
    expect(await greeting(rerunClient, result.address)).toBe('Hello, Final!');
    expect(records.read().history).toHaveLength(1);
    expect(await executeScCount(second, account.address.toString())).toBe(1);
  }, 30_000);
});

describe('time limits and expiry', () => {
  let devnet: Devnet;
  let client: Client;
  beforeAll(async () => {
    // A shorter period (t0 256 ms) so the expire period (9 periods ahead) passes in ~2.5 s.
    devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, t0: 256 });
    client = createClient({ url: devnet.urls.public });
    cleanups.push(async () => {
      await client.close();
      await devnet.stop();
    });
  });
  // One account per test, so each test can count its own account's deployments.
  const account = (index: number) => Account.fromSecretKey(devnet.accounts[index]!.secretKey);
  const base = (index: number) => ({ client, account: account(index), root: project.root, contract: 'greeter', pollIntervalMs: 20, coins: MAS / 10n });

  it('a stage that takes too long gives MASON_DEPLOY_TIMEOUT, keeps the pending record, and a re-run resumes it', async () => {
    const records = new DeploymentRecords(project.root, 'timeout');
    await devnet.pauseProduction();
    let error: unknown;
    try {
      error = await deployFromBuild({ ...base(1), network: 'timeout', args: new Args().addString('Slow').serialize(), stageTimeoutMs: 300 }).catch(
        (e: unknown) => e,
      );
    } finally {
      devnet.resumeProduction();
    }
    expect(error).toBeInstanceOf(DeployError);
    const timeoutError = error as DeployError;
    const pending = records.pending('greeter')!;
    expect(timeoutError.code).toBe('MASON_DEPLOY_TIMEOUT');
    expect(timeoutError.message).toBe(
      `operation ${pending.operationId} did not reach the "executed" stage within 300 ms (last status: PendingInclusion). ` +
        'It may still complete: run the same command again to resume waiting; it will not deploy twice.',
    );
    expect(timeoutError.docs).toBe('https://github.com/mason-dev/mason/blob/main/docs/deploy.md#mason_deploy_timeout');

    const result = await deployFromBuild({ ...base(1), network: 'timeout', args: new Args().addString('Slow').serialize() });
    expect(result).toMatchObject({ resumed: true, operationId: pending.operationId });
    expect(await greeting(client, result.address)).toBe('Hello, Slow!');
    expect(records.read().history).toHaveLength(1);
    expect(records.read().pending).toEqual({});
  }, 20_000);

  it('an operation that expires unincluded gives MASON_DEPLOY_EXPIRED, clears pending, spends nothing, and a re-run deploys once', async () => {
    const records = new DeploymentRecords(project.root, 'expiry');
    const address = account(2).address.toString();
    await devnet.settle(2_000);
    const before = await getBalance(client, address, { final: true });
    await devnet.pauseProduction();
    let sent: { operationId: string; expirePeriod: number } | undefined;
    const running = deployFromBuild({
      ...base(2),
      network: 'expiry',
      args: new Args().addString('Late').serialize(),
      onProgress: (p) => {
        if (p.stage === 'sent') sent = p;
      },
    }).catch((e: unknown) => e);
    try {
      for (let i = 0; i < 200 && !sent; i++) await new Promise((r) => setTimeout(r, 10));
      expect(sent).toBeDefined();
      // Production resumes once the clock is past the expire period: the op can no longer be included.
      const pastExpiry = devnet.config.genesisTimestamp + (sent!.expirePeriod + 1) * devnet.config.t0;
      await new Promise((r) => setTimeout(r, Math.max(0, pastExpiry - Date.now()) + 5));
      expect((await getStatus(client)).last_slot!.period).toBeGreaterThan(sent!.expirePeriod);
    } finally {
      devnet.resumeProduction();
    }
    const error = (await running) as DeployError;
    expect(error).toBeInstanceOf(DeployError);
    expect(error.code).toBe('MASON_DEPLOY_EXPIRED');
    expect(error.message).toContain(sent!.operationId);
    expect(error.message).toContain('nothing was spent');
    expect(records.read().pending).toEqual({});
    await devnet.settle(2_000);
    expect(await getBalance(client, address, { final: true })).toBe(before);

    const result = await deployFromBuild({ ...base(2), network: 'expiry', args: new Args().addString('Again').serialize() });
    expect(result.resumed).toBe(false);
    expect(result.operationId).not.toBe(sent!.operationId);
    expect(await greeting(client, result.address)).toBe('Hello, Again!');
    expect(records.read().history).toHaveLength(1);
    expect(await executeScCount(devnet, address)).toBe(1);
  }, 20_000);
});
