// Deployment scripts (buildModule → planDeployment → runDeployment) against an in-process devnet
// with contracts compiled by @mason/compiler: dependency order, addresses as arguments, calls,
// reruns, changed modules, the balance check before anything is sent, and upgrades.
import { readFileSync, writeFileSync } from 'node:fs';
import { Account, type Client, createClient, getBalance, readOnlyCall, transfer } from '@mason/client';
import { MAS, SecretKey } from '@mason/codec';
import { build } from '@mason/compiler';
import { startDevnet, type Devnet } from '@mason/devnet';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildModule,
  type DeploymentModule,
  type DeploymentStepProgress,
  DeployError,
  DeploymentRecords,
  planDeployment,
  runDeployment,
} from '../src/index.js';
import { makeProject } from './project.js';
import { TOKEN, TOKEN_NO_MINTER, TOKEN_V3, VAULT } from './scriptContracts.js';

let devnet: Devnet;
let client: Client;
let account: Account;
const project = makeProject({
  'assembly/contracts/token.ts': TOKEN,
  'assembly/contracts/vault.ts': VAULT,
  'assembly/contracts/tokenNoMinter.ts': TOKEN_NO_MINTER,
  'assembly/contracts/tokenV3.ts': TOKEN_V3,
});

beforeAll(async () => {
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true });
  client = createClient({ url: devnet.urls.public, wsUrl: devnet.urls.ws });
  account = Account.fromSecretKey(devnet.accounts[0]!.secretKey);
  await build({ root: project.root });
}, scaledTimeout(120_000));
afterAll(async () => {
  await client.close();
  await devnet.stop();
  project.remove();
});

/** token(name) ← vault(token) ← token.setMinter(vault). */
const system = (name = 'Mason') =>
  buildModule('system', (m) => {
    const token = m.contract('token', [name], { coins: '0.1' });
    const vault = m.contract('vault', [token], { coins: '0.1' });
    m.call(token, 'setMinter', [vault]);
  });

const text = async (target: string, func: string) => new TextDecoder().decode((await readOnlyCall(client, { target, func })).value);

function run(module: DeploymentModule, network: string, extra: { reset?: string[]; replan?: boolean; account?: Account } = {}) {
  const progress: DeploymentStepProgress[] = [];
  const result = runDeployment({
    client,
    account,
    module,
    root: project.root,
    network,
    pollIntervalMs: 20,
    ...extra,
    onProgress: (p) => progress.push(p),
  });
  return { result, progress };
}

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as DeployError,
  );

describe('a deployment script', () => {
  it('deploys in dependency order, passes addresses, calls after deployment, records every step; a rerun skips them all', async () => {
    const first = run(system(), 'system');
    const { addresses, steps } = await first.result;
    expect(steps.map((s) => `${s.step}:${s.action}`)).toEqual(['token:run', 'vault:run', 'token.setMinter:run']);
    expect(await text(addresses.vault!, 'token')).toBe(addresses.token);
    expect(await text(addresses.token!, 'minter')).toBe(addresses.vault);

    const records = new DeploymentRecords(project.root, 'system').read();
    expect(records.version).toBe(2);
    expect(records.contracts.token?.address).toBe(addresses.token);
    expect(records.contracts.vault?.address).toBe(addresses.vault);
    const journal = records.scripts!.system!.steps;
    expect(Object.values(journal).map((s) => s.status)).toEqual(['done', 'done', 'done']);
    expect(journal['token.setMinter']).toMatchObject({ kind: 'call', target: 'token', func: 'setMinter', address: addresses.token });
    expect(journal['token.setMinter']!.input).toBeUndefined();

    const before = await getBalance(client, account.address);
    const again = run(system(), 'system');
    const rerun = await again.result;
    expect(rerun.steps).toEqual([]);
    expect(again.progress.map((p) => `${p.step}:${p.stage}`)).toEqual(['token:skipped', 'vault:skipped', 'token.setMinter:skipped']);
    expect(rerun.addresses).toEqual(addresses);
    expect(await getBalance(client, account.address)).toBe(before);
  });

  it('refuses a changed step, naming it and the way out; --replan redoes it and the steps that use it', async () => {
    const { addresses } = await run(system('One'), 'changed').result;
    const file = new DeploymentRecords(project.root, 'changed');
    const recorded = JSON.stringify(file.read());

    const error = await errorOf(run(system('Two'), 'changed').result);
    expect(error).toBeInstanceOf(DeployError);
    expect(error!.code).toBe('MASON_DEPLOY_SCRIPT_CHANGED');
    expect(error!.message).toContain('step "token" of system was done');
    expect(error!.message).toContain('"Two"');
    expect(error!.message).toContain('--reset token');
    expect(error!.message).toContain('--replan');
    expect(JSON.stringify(file.read())).toBe(recorded);

    const replanned = await run(system('Two'), 'changed', { replan: true }).result;
    expect(replanned.steps.map((s) => `${s.step}:${s.action}`)).toEqual(['token:redo', 'vault:redo', 'token.setMinter:redo']);
    expect(replanned.addresses.token).not.toBe(addresses.token);
    expect(await text(replanned.addresses.vault!, 'token')).toBe(replanned.addresses.token);
    expect(await text(replanned.addresses.token!, 'minter')).toBe(replanned.addresses.vault);

    // --reset of one step redoes it and what uses it, and keeps the rest.
    const reset = await run(system('Two'), 'changed', { reset: ['vault'] }).result;
    expect(reset.steps.map((s) => `${s.step}:${s.action}`)).toEqual(['vault:redo', 'token.setMinter:redo']);
    expect(reset.addresses.token).toBe(replanned.addresses.token);
    expect(await text(reset.addresses.token!, 'minter')).toBe(reset.addresses.vault);
  });

  it('refuses a recorded contract the node does not hold (a devnet restarted without its state); --replan deploys it again', async () => {
    await run(system(), 'gone').result;
    const records = new DeploymentRecords(project.root, 'gone');
    // As if the chain had been reset: the recorded address holds no contract.
    const file = JSON.parse(readFileSync(records.path, 'utf8'));
    file.scripts.system.steps.token.address = account.address.toString();
    writeFileSync(records.path, JSON.stringify(file));

    const error = await errorOf(run(system(), 'gone').result);
    expect(error?.code).toBe('MASON_DEPLOY_SCRIPT_GONE');
    expect(error!.message).toContain(`step "token" of system is recorded as deployed at ${account.address.toString()}`);
    const replanned = await run(system(), 'gone', { replan: true }).result;
    expect(replanned.steps.map((s) => `${s.step}:${s.action}`)).toEqual(['token:redo', 'vault:redo', 'token.setMinter:redo']);
    expect(await text(replanned.addresses.vault!, 'token')).toBe(replanned.addresses.token);
  });

  it('refuses before sending anything when the account cannot pay for every step left', async () => {
    const plan = await planDeployment({ client, account, module: system(), root: project.root, network: 'plan-only' });
    const firstStep = plan.steps[0]!.cost;
    expect(plan.needed).toBeGreaterThan(firstStep);
    const poor = Account.fromSecretKey(SecretKey.generate());
    await (await transfer(client, account, { to: poor.address, amount: firstStep + MAS / 1000n })).waitFinal({ pollIntervalMs: 20 });
    const balance = await getBalance(client, poor.address);

    const error = await errorOf(run(system(), 'poor', { account: poor }).result);
    expect(error?.code).toBe('MASON_DEPLOY_SCRIPT_INSUFFICIENT_BALANCE');
    expect(error!.message).toContain(poor.address.toString());
    expect(error!.message).toContain('token ');
    expect(error!.message).toContain('vault ');
    expect(await getBalance(client, poor.address)).toBe(balance);
    expect(new DeploymentRecords(project.root, 'poor').read()).toMatchObject({ pending: {}, contracts: {} });
    expect(new DeploymentRecords(project.root, 'poor').read().scripts).toBeUndefined();
  });

  it('resumes a call an interrupted run sent, by its operation id, instead of sending another', async () => {
    const contractsOnly = buildModule('system', (m) => {
      const token = m.contract('token', ['Mason'], { coins: '0.1' });
      m.contract('vault', [token], { coins: '0.1' });
    });
    await run(contractsOnly, 'resume').result;
    // The call is sent while no block is made, and the run dies before it is final.
    await devnet.pauseProduction();
    let failure: Error;
    try {
      failure = await runDeployment({
        client,
        account,
        module: system(),
        root: project.root,
        network: 'resume',
        pollIntervalMs: 20,
        onProgress: (p) => {
          if (p.step === 'token.setMinter' && p.stage === 'sent') throw new Error('killed after sending');
        },
      }).then(
        () => new Error('the run was not interrupted'),
        (error: Error) => error,
      );
    } finally {
      devnet.resumeProduction();
    }
    expect(failure.message).toBe('killed after sending');
    const sent = new DeploymentRecords(project.root, 'resume').script('system').steps['token.setMinter']!;
    expect(sent.status).toBe('sent');

    const again = run(system(), 'resume');
    const result = await again.result;
    expect(again.progress.map((p) => `${p.step}:${p.stage}`)).toEqual(['token:skipped', 'vault:skipped', 'token.setMinter:resuming', 'token.setMinter:final']);
    expect(result.steps[0]!.operationId).toBe(sent.operationId);
    expect(await text(result.addresses.token!, 'minter')).toBe(result.addresses.vault);
  });

  it('upgrades through the upgrade function, refusing new code that lost a function the module calls', async () => {
    const upgraded = (to: string) =>
      buildModule('system', (m) => {
        const token = m.contract('token', ['Mason'], { coins: '0.1' });
        const vault = m.contract('vault', [token], { coins: '0.1' });
        m.call(token, 'setMinter', [vault]);
        m.upgrade(token, to, { coins: '0.5' });
      });
    const { addresses } = await run(system(), 'upgrade').result;

    const error = await errorOf(run(upgraded('tokenNoMinter'), 'upgrade').result);
    expect(error?.code).toBe('MASON_DEPLOY_SCRIPT_MISSING_EXPORTS');
    expect(error!.message).toContain('the new code (tokenNoMinter) does not export setMinter');
    expect(error!.message).toContain('token.setMinter');
    expect(new DeploymentRecords(project.root, 'upgrade').script('system').steps['token.upgrade']).toBeUndefined();

    const result = await run(upgraded('tokenV3'), 'upgrade').result;
    expect(result.steps.map((s) => `${s.step}:${s.action}`)).toEqual(['token.upgrade:run']);
    expect(result.addresses.token).toBe(addresses.token);
    expect(await text(addresses.token!, 'version')).toBe('3');
    expect(await text(addresses.token!, 'minter')).toBe(addresses.vault);
  });

  it('checks the module before reaching the node: cycles, arguments against the ABI, functions, unknown steps', async () => {
    const plan = (module: DeploymentModule, reset?: string[]) =>
      errorOf(planDeployment({ client, account, module, root: project.root, network: 'checks', ...(reset && { reset }) }));

    const cycle = await plan(
      buildModule('loop', (m) => {
        m.contract('token', ['a'], { id: 'a', after: ['b'] });
        m.contract('token', ['b'], { id: 'b', after: ['a'] });
      }),
    );
    expect(cycle?.code).toBe('MASON_DEPLOY_SCRIPT_CYCLE');
    expect(cycle!.message).toContain('a → b → a');

    const badArgs = await plan(buildModule('bad', (m) => void m.contract('token', [5n])));
    expect(badArgs?.code).toBe('MASON_DEPLOY_SCRIPT_BAD_ARGS');
    expect(badArgs!.message).toContain('5 is not a string');

    const arity = await plan(buildModule('arity', (m) => void m.contract('vault', [])));
    expect(arity).toBeNull(); // no arguments at all is the constructor's business (its dry run says so)
    const tooMany = await plan(buildModule('many', (m) => void m.contract('vault', ['a', 'b'])));
    expect(tooMany?.code).toBe('MASON_DEPLOY_SCRIPT_BAD_ARGS');

    const noFunction = await plan(buildModule('nofn', (m) => void m.call(m.contract('vault', ['x']), 'setMinter', ['y'])));
    expect(noFunction?.code).toBe('MASON_DEPLOY_SCRIPT_NO_FUNCTION');
    expect(noFunction!.message).toContain('exports: constructor, token');

    const notBuilt = await plan(buildModule('nobuild', (m) => void m.contract('nothing')));
    expect(notBuilt?.code).toBe('MASON_DEPLOY_NOT_BUILT');

    const duplicate = await plan(
      buildModule('twice', (m) => {
        m.contract('vault', ['x']);
        m.contract('vault', ['y']);
      }),
    );
    expect(duplicate?.code).toBe('MASON_DEPLOY_SCRIPT_INVALID');
    expect(duplicate!.message).toContain('two steps are named "vault"');

    const unknown = await plan(system(), ['nope']);
    expect(unknown?.code).toBe('MASON_DEPLOY_SCRIPT_UNKNOWN_STEP');
  });
});
