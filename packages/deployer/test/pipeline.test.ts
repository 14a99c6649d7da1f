// The deployer and the client send an ExecuteSC through one pipeline (the client's
// prepareExecuteSC): for the same hostile fee, gas, period to live or balance they refuse alike,
// before anything is sent, and they choose the same fee, expire period and gas.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Account, type Client, createClient, executeSC, getStatus, isClientError, MAX_GAS_EXECUTE, prepareExecuteSC, transfer } from '@mason/client';
import { Args, deployerDatastore, formatMas, MAS, NODE_CONSTANTS, parseMas, SecretKey } from '@mason/codec';
import { build } from '@mason/compiler';
import { type Devnet, startDevnet } from '@mason/devnet';
import { nodeOf } from '@mason/devnet/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractStorageCost, DeployError, DeploymentRecords, deployContract, type DeployParams } from '../src/index.js';
import { GREETER, makeProject } from './project.js';

let devnet: Devnet;
let client: Client;
let account: Account;
let deployer: Uint8Array;
let contractBytecode: Uint8Array;
const project = makeProject({ 'assembly/contracts/greeter.ts': GREETER });
const args = new Args().addString('Pipeline').serialize();
const coins = MAS / 10n;

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

/** An error's context (client and deployer errors alike). */
const contextOf = (error: unknown) => (error as { context: Record<string, unknown> }).context;

type Options = { fee?: unknown; maxGas?: unknown; periodToLive?: unknown; account?: Account; args?: Uint8Array };

/** The deployment as the client's executeSC sees it: the deployer, its datastore, storage + coins. */
const clientParams = (options: Options) => ({
  bytecode: deployer,
  datastore: deployerDatastore([{ args: options.args ?? args, coins }]),
  maxCoins: contractStorageCost(contractBytecode.length) + coins,
  dryRun: true,
  ...(options as { fee?: bigint; maxGas?: bigint; periodToLive?: number }),
});

const deployParams = (options: Options, network: string): DeployParams => {
  const { account: from = account, ...rest } = options;
  return {
    client,
    account: from,
    contract: 'greeter',
    deployer,
    contractBytecode,
    deployerCarriesContract: true,
    args,
    coins,
    root: project.root,
    network,
    ...(rest as { fee?: bigint; maxGas?: bigint; periodToLive?: number }),
  };
};

/** Both refusals, and proof that neither sent nor recorded anything. */
async function refusals(options: Options): Promise<{ deploy: DeployError | Error; client: Error }> {
  const network = `pipeline-${Math.random().toString(36).slice(2)}`;
  const sentBefore = nodeOf(devnet).operations.size;
  const deploy = await deployContract(deployParams(options, network)).then(
    () => new Error('the deployment was sent'),
    (e: Error) => e,
  );
  const viaClient = await executeSC(client, options.account ?? account, clientParams(options)).then(
    () => new Error('the ExecuteSC was sent'),
    (e: Error) => e,
  );
  expect(nodeOf(devnet).operations.size).toBe(sentBefore);
  expect(new DeploymentRecords(project.root, network).read().pending).toEqual({});
  return { deploy, client: viaClient };
}

describe('the deployer and the client share one send pipeline', () => {
  const hostile: Array<[string, Options, string]> = [
    ['a fee below the minimal fee', { fee: parseMas('0.01') - 1n }, 'MASON_CLIENT_FEE_TOO_LOW'],
    ['a zero fee', { fee: 0n }, 'MASON_CLIENT_FEE_TOO_LOW'],
    ['a negative fee', { fee: -1n }, 'MASON_CLIENT_INVALID_ARGUMENT'],
    ['a fee above u64', { fee: 2n ** 64n }, 'MASON_CLIENT_INVALID_ARGUMENT'],
    ['a fee given as a number', { fee: 10_000_000 }, 'MASON_CLIENT_INVALID_ARGUMENT'],
    ['a maxGas above what fits in a block', { maxGas: MAX_GAS_EXECUTE + 1n }, 'MASON_CLIENT_MAX_GAS_OUT_OF_RANGE'],
    ['a negative maxGas', { maxGas: -1n }, 'MASON_CLIENT_MAX_GAS_OUT_OF_RANGE'],
    ['a maxGas given as a string', { maxGas: '1000000' }, 'MASON_CLIENT_INVALID_ARGUMENT'],
    ['a period to live of 0', { periodToLive: 0 }, 'MASON_CLIENT_INVALID_ARGUMENT'],
    ['a period to live of 10', { periodToLive: 10 }, 'MASON_CLIENT_INVALID_ARGUMENT'],
    ['a fractional period to live', { periodToLive: 2.5 }, 'MASON_CLIENT_INVALID_ARGUMENT'],
    ['a NaN period to live', { periodToLive: Number.NaN }, 'MASON_CLIENT_INVALID_ARGUMENT'],
  ];
  it.each(hostile)('%s: the same client error from both, nothing sent', async (_, options, code) => {
    const { deploy, client: viaClient } = await refusals(options);
    expect(isClientError(deploy, code as never)).toBe(true);
    expect(isClientError(viaClient, code as never)).toBe(true);
    expect(contextOf(deploy)).toEqual(contextOf(viaClient));
  });

  const ownInputs: Array<[string, Partial<DeployParams>]> = [
    ['negative coins', { coins: -1n }],
    ['coins above u64', { coins: 2n ** 64n }],
    ['coins given as a number', { coins: 1 as never }],
    ['constructor arguments given as a string', { args: 'Mason' as never }],
    ['a deployer that is not bytes', { deployer: [0, 97, 115, 109] as never }],
    ['contract bytecode that is not bytes', { contractBytecode: null as never }],
  ];
  it.each(ownInputs)('%s: the deployer refuses its own inputs as the client refuses an argument, nothing sent', async (_, bad) => {
    const sentBefore = nodeOf(devnet).operations.size;
    const network = `pipeline-own-${Math.random().toString(36).slice(2)}`;
    const error = await deployContract({ ...deployParams({}, network), ...bad }).catch((e: unknown) => e);
    expect(isClientError(error, 'MASON_CLIENT_INVALID_ARGUMENT')).toBe(true);
    expect(contextOf(error).name).toBe(Object.keys(bad)[0]);
    expect(nodeOf(devnet).operations.size).toBe(sentBefore);
    expect(new DeploymentRecords(project.root, network).read().pending).toEqual({});
  });

  it('an account one nanoMAS short of fee + storage + coins is refused by both with the same figures', async () => {
    const fee = parseMas('0.01');
    const cost = fee + contractStorageCost(contractBytecode.length) + coins;
    const short = Account.fromSecretKey(SecretKey.generate());
    // Creating the address takes its ledger entry's cost out of the first transfer.
    const funding = await transfer(client, account, { to: short.address, amount: cost - 1n + NODE_CONSTANTS.ledgerEntryBaseCost });
    await funding.waitFinal({ pollIntervalMs: 5 });

    const { deploy, client: viaClient } = await refusals({ account: short });
    expect(deploy).toBeInstanceOf(DeployError);
    expect((deploy as DeployError).code).toBe('MASON_DEPLOY_INSUFFICIENT_BALANCE');
    expect(isClientError(viaClient, 'MASON_CLIENT_INSUFFICIENT_BALANCE')).toBe(true);
    const clientContext = contextOf(viaClient);
    expect(clientContext).toEqual({ address: short.address.toString(), balance: formatMas(cost - 1n), required: formatMas(cost) });
    expect(contextOf(deploy)).toEqual({
      address: clientContext.address,
      balance: clientContext.balance,
      needed: clientContext.required,
      fee: formatMas(fee),
      storage: formatMas(contractStorageCost(contractBytecode.length)),
      coins: formatMas(coins),
    });
    expect(deploy.message).toContain('(candidate)');
  });

  it('a dry run that fails is refused by both with the node message, with or without maxGas', async () => {
    const noName = { args: new Uint8Array() };
    const estimated = await refusals(noName);
    expect((estimated.deploy as DeployError).code).toBe('MASON_DEPLOY_WOULD_FAIL');
    expect(isClientError(estimated.client, 'MASON_CLIENT_GAS_ESTIMATION_FAILED')).toBe(true);
    const error = contextOf(estimated.client).error as string;
    expect(error).toContain('the constructor takes a name (string)');
    expect(contextOf(estimated.deploy).error).toBe(error);

    // Too little gas: the dry run runs with the given maxGas, so the deployment that would run out
    // of gas on chain (and spend its fee) is refused before it is sent.
    const starved = await refusals({ maxGas: 1_000n });
    expect((starved.deploy as DeployError).code).toBe('MASON_DEPLOY_WOULD_FAIL');
    expect(isClientError(starved.client, 'MASON_CLIENT_DRY_RUN_FAILED')).toBe(true);
    expect(contextOf(starved.client)).toMatchObject({ operation: 'ExecuteSC', maxGas: 1_000n });
    expect(contextOf(starved.deploy).error).toBe(contextOf(starved.client).error);
  });

  it('both choose the same fee, expire period and gas for the same deployment', async () => {
    const status = await getStatus(client);
    const prepared = await prepareExecuteSC(client, account, clientParams({ periodToLive: 3 }));
    let sent: { expirePeriod: number } | undefined;
    let checked: { needed: bigint; maxGas: bigint } | undefined;
    const interrupted = await deployContract({
      ...deployParams({ periodToLive: 3 }, 'pipeline-same'),
      onProgress: (p) => {
        if (p.stage === 'checked') checked = p;
        if (p.stage === 'sent') {
          sent = p;
          throw new Error('interrupted');
        }
      },
    }).catch((e: Error) => e);
    expect((interrupted as Error).message).toBe('interrupted');
    const pending = new DeploymentRecords(project.root, 'pipeline-same').pending('greeter')!;

    expect(prepared.expirePeriod).toBe(status.last_slot!.period + 3);
    expect(sent!.expirePeriod).toBe(prepared.expirePeriod);
    expect(pending.expirePeriod).toBe(prepared.expirePeriod);
    expect(pending.input.serialized_content).toEqual(prepared.input.serialized_content);
    expect(pending.operationId).toBe(prepared.id);
    expect(checked).toEqual({ stage: 'checked', balance: prepared.balance, needed: prepared.cost, maxGas: (prepared.operation as { maxGas: bigint }).maxGas });
    expect(prepared.fee).toBe(parseMas(status.minimal_fees));
  });
});
