// sendDeployment, the core deployContract and the testing fixture share: the deployer's ExecuteSC,
// its wait, its final events and the address its deployer announced; no dry run, no records.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Account, type Client, createClient, type Operation, readOnlyCall } from '@mason/client';
import { Args, deployerDatastore, LIMITS, MAS } from '@mason/codec';
import { build } from '@mason/compiler';
import { type Devnet, startDevnet } from '@mason/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractStorageCost, DeployError, deploymentExecution, sendDeployment } from '../src/index.js';
import { GREETER, makeProject } from './project.js';

let devnet: Devnet;
let client: Client;
let account: Account;
let deployer: Uint8Array;
let contractBytecode: Uint8Array;
const project = makeProject({ 'assembly/contracts/greeter.ts': GREETER });

beforeAll(async () => {
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true });
  client = createClient({ url: devnet.urls.public, retry: false });
  account = Account.fromSecretKey(devnet.accounts[0]!.secretKey);
  await build({ root: project.root });
  deployer = new Uint8Array(readFileSync(join(project.root, 'build', 'greeter.deployer.wasm')));
  contractBytecode = new Uint8Array(readFileSync(join(project.root, 'build', 'greeter.wasm')));
}, 120_000);
afterAll(async () => {
  await client.close();
  await devnet.stop();
  project.remove();
});

describe('sendDeployment', () => {
  it("deploys, waits with the given wait, and takes the address from the deployer's event, not the constructor's", async () => {
    const waited: string[] = [];
    const wait = (operation: Operation) => {
      waited.push(operation.id);
      return operation.waitFinal({ pollIntervalMs: 5 });
    };
    const args = new Args().addString('Core').serialize();
    const outcome = await sendDeployment({ client, account, deployer, contractBytecode, args, coins: MAS / 10n, wait });
    expect(outcome.status).toBe('FinalSuccess');
    expect(outcome.result.stage).toBe('final');
    expect(waited).toEqual([outcome.operationId]);
    expect(outcome.address).toMatch(/^AS1/);
    expect(outcome.address).not.toBe('AS1forgedByTheConstructor');
    expect(outcome.events.map((event) => event.data)).toContain('Constructor called with name Core');
    const hello = await readOnlyCall(client, { target: outcome.address!, func: 'hello', parameter: new Uint8Array() });
    expect(new TextDecoder().decode(hello.value)).toBe('Hello, Core!');
    // No records: the deployer's records live in <root>/deployments, and this core writes none.
    expect(existsSync(join(project.root, 'deployments'))).toBe(false);
  });

  it('sends a deployment that fails without a dry run first: the failure is its outcome, with its events and no address', async () => {
    // The constructor needs a name: without arguments it aborts (a dry run would have refused to send).
    const outcome = await sendDeployment({ client, account, deployer, contractBytecode, wait: (operation) => operation.waitFinal({ pollIntervalMs: 5 }) });
    expect(outcome.status).toBe('FinalError');
    expect(outcome.address).toBeNull();
    expect(outcome.events.some((event) => event.context.is_error && event.data.includes('the constructor takes a name'))).toBe(true);
  });
});

describe('deploymentExecution', () => {
  it("is the datastore Mason's deployer reads and the coins for storage and constructor", () => {
    const args = new Args().addString('x').serialize();
    const execution = deploymentExecution({ deployer, contractBytecode, args, coins: 7n });
    expect(execution.storage).toBe(contractStorageCost(contractBytecode.length));
    expect(execution.maxCoins).toBe(execution.storage + 7n);
    expect(execution.datastore).toEqual(deployerDatastore([{ args, coins: 7n }]));
    const generic = deploymentExecution({ deployer, contractBytecode, deployerCarriesContract: false });
    expect(generic.datastore).toEqual(deployerDatastore([{ args: new Uint8Array(), coins: 0n, bytecode: contractBytecode }]));
  });

  it("refuses a contract too large for a generic deployer's datastore, and not one the deployer carries", () => {
    const large = new Uint8Array(LIMITS.maxOperationDatastoreValueLength + 1);
    const refused = (() => {
      try {
        deploymentExecution({ deployer, contractBytecode: large, deployerCarriesContract: false });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(DeployError);
    expect((refused as DeployError).code).toBe('MASON_DEPLOY_TOO_LARGE');
    expect(deploymentExecution({ deployer, contractBytecode: large }).maxCoins).toBe(contractStorageCost(large.length));
  });
});
