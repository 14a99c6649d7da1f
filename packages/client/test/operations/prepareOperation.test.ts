import { nodeOf } from '@mason/devnet/internal';
import { Args, parseMas } from '@mason/codec';
import { deployerDatastore } from '@mason/test-utils';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compileContract } from '../compileContract.js';
import { type Devnet, startTestDevnet } from '../devnet.js';
import { RECIPIENT } from '../fixtures.js';
import { Wire } from '../wire.js';
import { Account } from '../../src/account/Account.js';
import { getBalance } from '../../src/actions/getBalance.js';
import { getStatus } from '../../src/actions/getStatus.js';
import type { Client } from '../../src/client.js';
import { createClient } from '../../src/createClient.js';
import { isClientError } from '../../src/errors.js';
import { RpcError } from '../../src/RpcError.js';
import { executeSC } from '../../src/operations/executeSC.js';
import { prepareExecuteSC } from '../../src/operations/prepareExecuteSC.js';
import { prepareOperation } from '../../src/operations/prepareOperation.js';
import { sendPreparedOperation } from '../../src/operations/sendPreparedOperation.js';

// The send pipeline in two steps: prepare (checks, payload, expire period, signature) sends
// nothing; sendPreparedOperation sends exactly the prepared bytes, as often as asked, once executed.

let devnet: Devnet;
let client: Client;
let wire: Wire;
let account: Account;
let greeterWasm: Uint8Array;
let deployerWasm: Uint8Array;
/** An empty wasm module: valid bytes, no `main`. */
const WASM = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);

beforeAll(async () => {
  [devnet, greeterWasm, deployerWasm] = await Promise.all([startTestDevnet(), compileContract('greeter'), compileContract('deployer')]);
  wire = new Wire();
  client = createClient({ url: devnet.urls.public, retry: false });
  account = Account.fromSecretKey(devnet.accounts[3]!.secretKey);
});
afterAll(async () => {
  wire?.dispose();
  await client?.close();
  await devnet?.stop();
});
beforeEach(() => wire.clear());

describe('prepareOperation and sendPreparedOperation', () => {
  it('prepares without sending; sending gives the handle; sending again is the same operation', async () => {
    const status = await getStatus(client);
    const amount = parseMas('0.01');
    const recipient = Account.generate().address.toString();
    const prepared = await prepareOperation(client, account, { periodToLive: 4 }, () => ({
      spending: amount,
      payload: () => ({ type: 'Transaction', recipient, amount }),
    }));
    expect(wire.count('send_operations')).toBe(0);
    expect(nodeOf(devnet).operations.has(prepared.id)).toBe(false);
    expect(prepared).toMatchObject({
      type: 'Transaction',
      creator: account.address.toString(),
      expirePeriod: status.last_slot!.period + 4,
      fee: parseMas(status.minimal_fees),
      cost: parseMas(status.minimal_fees) + amount,
      operation: { type: 'Transaction', recipient, amount },
    });
    expect(prepared.balance).toBeGreaterThan(prepared.cost);

    const op = await sendPreparedOperation(client, prepared);
    expect(op.toJSON()).toEqual({ id: prepared.id, type: 'Transaction', expirePeriod: prepared.expirePeriod, creator: prepared.creator });
    expect((await op.waitFinal({ pollIntervalMs: 5 })).status).toBe('FinalSuccess');
    // The same bytes again (a resumed run): the node answers the same id and executes nothing more.
    const again = await sendPreparedOperation(client, prepared);
    expect(again.id).toBe(prepared.id);
    await nodeOf(devnet).settle(2_000);
    // Credited once: the amount less the new address's ledger entry (0.001 MAS).
    expect(await getBalance(client, recipient, { final: true })).toBe(amount - parseMas('0.001'));
  });

  it('a payload is built only once the balance covers fee + spending', async () => {
    const poor = Account.generate();
    let built = false;
    const refused = await prepareOperation(client, poor, {}, () => ({
      spending: 1n,
      payload: () => {
        built = true;
        return { type: 'Transaction', recipient: RECIPIENT.address, amount: 1n };
      },
    })).catch((e: unknown) => e);
    expect(isClientError(refused, 'MASON_CLIENT_INSUFFICIENT_BALANCE')).toBe(true);
    expect(built).toBe(false);
  });

  it('a record whose bytes do not match its id is refused after the node answered (MASON_CLIENT_OPERATION_REJECTED)', async () => {
    const prepared = await prepareOperation(client, account, {}, () => ({
      spending: 1n,
      payload: () => ({ type: 'Transaction', recipient: RECIPIENT.address, amount: 1n }),
    }));
    const other = await prepareOperation(client, account, {}, () => ({
      spending: 2n,
      payload: () => ({ type: 'Transaction', recipient: RECIPIENT.address, amount: 2n }),
    }));
    const error = await sendPreparedOperation(client, { ...prepared, id: other.id }).catch((e: unknown) => e);
    expect(isClientError(error, 'MASON_CLIENT_OPERATION_REJECTED')).toBe(true);
    expect((error as { context: unknown }).context).toEqual({ expected: other.id, received: prepared.id });
  });

  it('hostile signed bytes are the node’s to refuse: a flipped signature byte gives its RpcError', async () => {
    // An amount no other test sends: the same content in the same period would have a known id.
    const prepared = await prepareOperation(client, account, {}, () => ({
      spending: 3n,
      payload: () => ({ type: 'Transaction', recipient: RECIPIENT.address, amount: 3n }),
    }));
    const signature = prepared.input.signature;
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('A') ? 'B' : 'A'}${signature.slice(-1)}`;
    const error = await sendPreparedOperation(client, { ...prepared, input: { ...prepared.input, signature: flipped } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(nodeOf(devnet).operations.has(prepared.id)).toBe(false);
  });
});

describe('prepareExecuteSC with dryRun', () => {
  it('runs the dry run even with maxGas, with that gas, and refuses with MASON_CLIENT_DRY_RUN_FAILED', async () => {
    const refused = await executeSC(client, account, { bytecode: WASM, maxGas: 10_000_000n, dryRun: true }).catch((e: unknown) => e);
    expect(isClientError(refused, 'MASON_CLIENT_DRY_RUN_FAILED')).toBe(true);
    expect((refused as { context: { maxGas: bigint; error: string } }).context).toMatchObject({ operation: 'ExecuteSC', maxGas: 10_000_000n });
    expect(wire.count('send_operations')).toBe(0);
    expect(JSON.stringify(wire.paramsOf('execute_read_only_bytecode'))).toContain('"max_gas":10000000');
  });

  it('keeps the explicit maxGas when the dry run passes, and without dryRun does not run it', async () => {
    // massa-web3's deployer with the greeter in its datastore: a main that succeeds.
    const datastore = deployerDatastore([{ bytecode: greeterWasm, args: new Args().addString('Dry').serialize(), coins: parseMas('0.1') }]);
    const params = { bytecode: deployerWasm, datastore, maxCoins: parseMas('1'), maxGas: 3_000_000_000n };
    const checked = await prepareExecuteSC(client, account, { ...params, dryRun: true });
    expect(wire.count('execute_read_only_bytecode')).toBe(1);
    expect(checked.operation).toMatchObject({ type: 'ExecuteSC', maxGas: 3_000_000_000n });
    wire.clear();
    const unchecked = await prepareExecuteSC(client, account, params);
    expect(wire.count('execute_read_only_bytecode')).toBe(0);
    expect(unchecked.operation).toMatchObject({ type: 'ExecuteSC', maxGas: 3_000_000_000n });
    expect(wire.count('send_operations')).toBe(0);
  });
});
