import { nodeOf } from '@mason/devnet/internal';
import { Args, type Datastore, deserializeDatastore, parseMas, type ReadOnlyCall, serializeDatastore } from '@mason/codec';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compileContract } from '../compileContract.js';
import { deploy, type Devnet, startTestDevnet, utf8 } from '../devnet.js';
import { RECIPIENT, SENDER } from '../fixtures.js';
import { Wire } from '../wire.js';
import { Account } from '../../src/account/Account.js';
import { executeReadOnlyBytecode } from '../../src/actions/executeReadOnlyBytecode.js';
import { executeReadOnlyCall } from '../../src/actions/executeReadOnlyCall.js';
import { getAddresses } from '../../src/actions/getAddresses.js';
import { getBalance } from '../../src/actions/getBalance.js';
import { getStatus } from '../../src/actions/getStatus.js';
import type { Client } from '../../src/client.js';
import { createClient } from '../../src/createClient.js';
import { gasWithMargin } from '../../src/internal/checks.js';
import { buyRolls } from '../../src/operations/buyRolls.js';
import { callSC } from '../../src/operations/callSC.js';
import { executeSC } from '../../src/operations/executeSC.js';
import { MAX_GAS_CALL, MAX_GAS_EXECUTE, MIN_GAS_CALL } from '../../src/operations/gasLimits.js';
import { Operation } from '../../src/operations/Operation.js';
import { readOnlyBytecode } from '../../src/operations/readOnlyBytecode.js';
import { READ_ONLY_DEFAULT_CALLER, readOnlyCall } from '../../src/operations/readOnlyCall.js';
import { sellRolls } from '../../src/operations/sellRolls.js';
import { transfer } from '../../src/operations/transfer.js';

// The operation helpers end to end on a real devnet: what the node received and verified (its
// own decoding of the signed operation), what executed, and checks that refuse before sending.

let devnet: Devnet;
let client: Client;
let wire: Wire;
let greeterWasm: Uint8Array;
let callerWasm: Uint8Array;
let contract: string;
/** Deploys and calls (1,000,000 MAS). */
let account: Account;
/** SENDER (reference test vector) with exactly 1000 MAS: every operation it tries is refused before sending. */
const poor = Account.fromSecretKey(SENDER.secret);
/** An empty wasm module: valid bytes, no `main`. */
const WASM = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
const fast = { pollIntervalMs: 5, timeoutMs: 10_000 };

beforeAll(async () => {
  let deployerWasm: Uint8Array;
  [devnet, greeterWasm, deployerWasm, callerWasm] = await Promise.all([
    startTestDevnet({ initialLedger: { [SENDER.address]: { balance: '1000' } } }),
    compileContract('greeter'),
    compileContract('deployer'),
    compileContract('caller'),
  ]);
  wire = new Wire();
  client = createClient({ url: devnet.urls.public, retry: false });
  account = Account.fromSecretKey(devnet.accounts[0]!.secretKey);
  ({ address: contract } = await deploy(client, account, { deployer: deployerWasm, contract: greeterWasm, args: new Args().addString('Mason') }));
});
afterAll(async () => {
  wire?.dispose();
  await client?.close();
  await devnet?.stop();
});
beforeEach(() => wire.clear());

/** The operation as the devnet decoded it from the signed bytes it received. */
const received = (op: Operation) => nodeOf(devnet).operations.get(op.id)?.signed.content;
/** Operations the devnet knows from an address (its `created_operations`). */
const createdBy = async (address: string) => (await getAddresses(client, [address]))[0]!.created_operations;

describe('operation helpers', () => {
  it('transfer: fee = minimal_fees, expire = last_slot.period + 9, signed with the chain id from get_status', async () => {
    const sender = Account.fromSecretKey(devnet.accounts[2]!.secretKey);
    const before = (await getStatus(client)).last_slot!.period;
    wire.clear();
    const op = await transfer(client, sender, { to: RECIPIENT.address, amount: parseMas('1.5') });
    const after = (await getStatus(client)).last_slot!.period;
    expect(op).toBeInstanceOf(Operation);
    expect(op.id).toMatch(/^O/);
    expect(op).toMatchObject({ type: 'Transaction', creator: sender.address.toString() });
    expect(op.expirePeriod).toBeGreaterThanOrEqual(before + 9);
    expect(op.expirePeriod).toBeLessThanOrEqual(after + 9);
    // The devnet verified the signature with chain id 77 and computed the same id.
    expect(received(op)).toEqual({
      fee: 10_000_000n,
      expirePeriod: op.expirePeriod,
      op: { type: 'Transaction', recipient: RECIPIENT.address, amount: 1_500_000_000n },
    });
    expect(wire.methods().slice(0, 3).sort()).toEqual(['get_addresses', 'get_status', 'send_operations']);
    expect(wire.paramsOf('get_addresses')).toEqual([[[sender.address.toString()]]]);

    expect((await op.waitFinal(fast)).status).toBe('FinalSuccess');
    // A new address pays the ledger entry (0.001 MAS) out of the amount.
    expect((await getAddresses(client, [RECIPIENT.address]))[0]?.final_balance).toBe('1.499');
  });

  it('reads get_status once per operation (chain id cached per client)', async () => {
    const fresh = createClient({ url: devnet.urls.public });
    const sender = Account.fromSecretKey(devnet.accounts[2]!.secretKey);
    await transfer(fresh, sender, { to: RECIPIENT.address, amount: 1n, periodToLive: 3 });
    await transfer(fresh, sender, { to: RECIPIENT.address, amount: 2n, fee: parseMas('0.02') });
    expect(wire.count('get_status')).toBe(2);
    expect(fresh.cache.chainId).toBeDefined();
    expect(await fresh.cache.chainId).toBe(77n);
    await fresh.close();
  });

  it('buyRolls spends roll_price per roll; sellRolls needs the rolls', async () => {
    const roller = Account.fromSecretKey(devnet.accounts[1]!.secretKey);
    const buy = await buyRolls(client, roller, { rollCount: 2 });
    expect(received(buy)?.op).toEqual({ type: 'RollBuy', rollCount: 2n });
    expect((await buy.waitFinal(fast)).status).toBe('FinalSuccess');
    expect((await getAddresses(client, [roller.address]))[0]).toMatchObject({ final_roll_count: 2, final_balance: '999799.99' });

    await expect(buyRolls(client, poor, { rollCount: 10n })).rejects.toMatchObject({
      code: 'MASON_CLIENT_INSUFFICIENT_BALANCE',
      context: { address: SENDER.address, balance: '1000', required: '1000.01' },
    });
    await expect(sellRolls(client, poor, { rollCount: 1 })).rejects.toMatchObject({
      code: 'MASON_CLIENT_INSUFFICIENT_ROLLS',
      context: { rolls: 0, requested: '1' },
    });

    const sell = await sellRolls(client, roller, { rollCount: 2 });
    expect(received(sell)?.op).toEqual({ type: 'RollSell', rollCount: 2n });
    expect(wire.count('send_operations')).toBe(2);
    expect((await sell.waitFinal(fast)).status).toBe('FinalSuccess');
    // The price comes back as a deferred credit at the last slot of cycle + 3.
    const cycle = (await getStatus(client)).current_cycle;
    expect((await getAddresses(client, [roller.address]))[0]).toMatchObject({
      final_roll_count: 0,
      deferred_credits: [{ slot: { period: (cycle + 4) * 128 - 1, thread: 31 }, amount: '200' }],
    });
    expect(await createdBy(SENDER.address)).toEqual([]);
  });

  it('callSC estimates max_gas with a read-only call (gas_cost × 1.2)', async () => {
    const dryRun: ReadOnlyCall = {
      max_gas: 4_294_167_295,
      target_address: contract,
      target_function: 'sum',
      parameter: [2, 0, 0, 0, 3, 0, 0, 0],
      caller_address: account.address.toString(),
      coins: '0.1',
      fee: '0.01',
    };
    const [expected] = await executeReadOnlyCall(client, [dryRun]);
    wire.clear();
    const contractBalance = await getBalance(client, contract, { final: false });
    const op = await callSC(client, account, {
      target: contract,
      func: 'sum',
      parameter: new Args().addI32(2).addI32(3),
      coins: parseMas('0.1'),
    });
    expect(wire.paramsOf('execute_read_only_call')).toEqual([[[dryRun]]]);
    expect(received(op)?.op).toEqual({
      type: 'CallSC',
      maxGas: (BigInt(expected!.gas_cost) * 12n + 9n) / 10n,
      coins: 100_000_000n,
      target: contract,
      func: 'sum',
      param: new Uint8Array([2, 0, 0, 0, 3, 0, 0, 0]),
    });
    // The estimate is enough: the call runs, emits its event and keeps the coins.
    expect((await op.waitFinal(fast)).status).toBe('FinalSuccess');
    expect((await op.events({ final: true })).map((e) => e.data)).toEqual(['sum: 2 + 3 = 5']);
    expect(await getBalance(client, contract)).toBeGreaterThan(contractBalance + parseMas('0.09'));
  });

  it('callSC estimate stays within [MIN_GAS_CALL, MAX_GAS_CALL]', async () => {
    // A node's read-only gas_cost is at least 2,100,000, so through a node the padded estimate is
    // at least 2,520,000; the lower clamp guards a smaller answer.
    expect(gasWithMargin(1_000, MIN_GAS_CALL, MAX_GAS_CALL)).toBe(MIN_GAS_CALL);
    const low = await callSC(client, account, { target: contract, func: 'greet' });
    expect(received(low)?.op).toMatchObject({ maxGas: 2_520_000n });

    // heavy(5) costs 5 × 745,000,000 gas: + 20 % is above the limit, so the estimate is capped.
    const dryRun = await readOnlyCall(client, { target: contract, func: 'heavy', parameter: new Args().addU32(5) });
    expect(dryRun.gasCost * 1.2).toBeGreaterThan(Number(MAX_GAS_CALL));
    const high = await callSC(client, account, { target: contract, func: 'heavy', parameter: new Args().addU32(5) });
    expect(received(high)?.op).toMatchObject({ maxGas: MAX_GAS_CALL });
    expect((await high.waitFinal(fast)).status).toBe('FinalSuccess');
  });

  it('callSC: a failing dry run refuses to send and says why', async () => {
    const before = await createdBy(account.address.toString());
    const error = await callSC(client, account, { target: contract, func: 'fail' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'MASON_CLIENT_GAS_ESTIMATION_FAILED',
      context: { operation: `CallSC ${contract}.fail`, error: expect.stringContaining('this call always fails') },
    });
    expect(wire.count('send_operations')).toBe(0);
    expect(await createdBy(account.address.toString())).toEqual(before);
  });

  it('executeSC estimates with execute_read_only_bytecode and the binary datastore', async () => {
    const datastore: Datastore = [
      [utf8('args'), new Args().addI32(4).addI32(5).serialize()],
      [utf8('function'), utf8('sum')],
      [utf8('target'), utf8(contract)],
    ];
    const [expected] = await readOnlyBytecodeGas(datastore);
    wire.clear();
    const op = await executeSC(client, account, { bytecode: callerWasm, datastore, maxCoins: parseMas('2') });
    const request = wire.last('execute_read_only_bytecode') as [Record<string, unknown>[]];
    expect(request[0][0]).toMatchObject({ max_gas: 3_980_167_295, bytecode: Array.from(callerWasm), address: account.address.toString(), fee: '0.01' });
    expect(deserializeDatastore(Uint8Array.from(request[0][0]!.operation_datastore as number[]))).toEqual(datastore);
    expect(received(op)?.op).toEqual({
      type: 'ExecuteSC',
      maxGas: (BigInt(expected!.gas_cost) * 12n + 9n) / 10n,
      maxCoins: 2_000_000_000n,
      bytecode: callerWasm,
      datastore,
    });
    expect((await op.waitFinal(fast)).status).toBe('FinalSuccess');
    expect((await op.events()).map((e) => e.data)).toEqual(['sum: 4 + 5 = 9', 'sum returned 1 bytes']);

    // Calling heavy(5) from the bytecode: + 20 % is above the limit, so the estimate is capped.
    const heavy: Datastore = [
      [utf8('args'), new Args().addU32(5).serialize()],
      [utf8('function'), utf8('heavy')],
      [utf8('target'), utf8(contract)],
    ];
    const capped = await executeSC(client, account, { bytecode: callerWasm, datastore: heavy });
    expect(received(capped)?.op).toMatchObject({ maxGas: MAX_GAS_EXECUTE });
    expect((await capped.waitFinal(fast)).status).toBe('FinalSuccess');
  });
});

function readOnlyBytecodeGas(datastore: Datastore) {
  return executeReadOnlyBytecode(client, [
    {
      max_gas: 3_980_167_295,
      bytecode: Array.from(callerWasm),
      address: account.address.toString(),
      operation_datastore: Array.from(serializeDatastore(datastore)),
      fee: '0.01',
    },
  ]);
}

describe('checks refuse before sending', () => {
  it('CallSC max_gas outside [2,100,000, 4,294,167,295]: nothing reaches the node', async () => {
    for (const maxGas of [2_099_999n, 4_294_167_296n]) {
      await expect(callSC(client, poor, { target: contract, func: 'sum', maxGas })).rejects.toMatchObject({
        code: 'MASON_CLIENT_MAX_GAS_OUT_OF_RANGE',
        context: { operation: 'CallSC', maxGas, min: 2_100_000n, max: 4_294_167_295n },
      });
    }
    expect(wire.requests).toEqual([]);
    expect(await createdBy(SENDER.address)).toEqual([]);
  });

  it('ExecuteSC max_gas above 3,980,167,295 (a node would let it expire silently): nothing reaches the node', async () => {
    const error = await executeSC(client, poor, { bytecode: WASM, maxGas: 3_980_167_296n }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_MAX_GAS_OUT_OF_RANGE', context: { max: 3_980_167_295n } });
    expect((error as Error).message).toContain('silently expires');
    expect(wire.requests).toEqual([]);
    expect(await createdBy(SENDER.address)).toEqual([]);
    // The limit itself fills a block exactly: the devnet takes it and includes it.
    const ok = await executeSC(client, account, { bytecode: WASM, maxGas: 3_980_167_295n });
    expect(received(ok)?.op).toMatchObject({ maxGas: 3_980_167_295n });
    // The module has no `main`: it is included and executed, and fails.
    expect((await ok.waitFinal(fast)).status).toBe('FinalError');
  });

  it('fee below minimal_fees', async () => {
    await expect(transfer(client, poor, { to: RECIPIENT.address, amount: 1n, fee: parseMas('0.009') })).rejects.toMatchObject({
      code: 'MASON_CLIENT_FEE_TOO_LOW',
      context: { fee: '0.009', minimalFees: '0.01' },
    });
    expect(wire.count('send_operations')).toBe(0);
    expect(await createdBy(SENDER.address)).toEqual([]);
  });

  it('balance must cover fee + amount / coins / max coins', async () => {
    await expect(transfer(client, poor, { to: RECIPIENT.address, amount: parseMas('1000') })).rejects.toMatchObject({
      code: 'MASON_CLIENT_INSUFFICIENT_BALANCE',
      context: { balance: '1000', required: '1000.01' },
    });
    await expect(callSC(client, poor, { target: contract, func: 'sum', coins: parseMas('999.995'), maxGas: 3_000_000n })).rejects.toMatchObject({
      code: 'MASON_CLIENT_INSUFFICIENT_BALANCE',
    });
    await expect(executeSC(client, poor, { bytecode: WASM, maxCoins: parseMas('1000'), maxGas: 3_000_000n })).rejects.toMatchObject({
      code: 'MASON_CLIENT_INSUFFICIENT_BALANCE',
    });
    expect(wire.count('send_operations')).toBe(0);
    expect(wire.count('execute_read_only_call') + wire.count('execute_read_only_bytecode')).toBe(0);
    expect(await createdBy(SENDER.address)).toEqual([]);
    expect((await getStatus(client)).pool_stats[0]).toBe(0);
  });

  it('invalid arguments', async () => {
    await expect(transfer(client, poor, { to: 'AU1nope', amount: 1n })).rejects.toMatchObject({
      code: 'MASON_CLIENT_INVALID_ARGUMENT',
      context: { name: 'to' },
    });
    await expect(transfer(client, poor, { to: RECIPIENT.address, amount: -1n })).rejects.toMatchObject({ context: { name: 'amount' } });
    await expect(transfer(client, poor, { to: RECIPIENT.address, amount: 1n, periodToLive: 10 })).rejects.toMatchObject({
      context: { name: 'periodToLive' },
    });
    await expect(buyRolls(client, poor, { rollCount: 0 })).rejects.toMatchObject({ context: { name: 'rollCount' } });
    await expect(callSC(client, poor, { target: contract, func: 'f'.repeat(256) })).rejects.toMatchObject({ context: { name: 'func' } });
    expect(wire.requests).toEqual([]);
  });
});

describe('read-only helpers', () => {
  it('readOnlyCall returns the bytes, gas and events', async () => {
    const result = await readOnlyCall(client, { target: contract, func: 'sum', parameter: new Args().addI32(3).addI32(4) });
    expect(result.value).toEqual(utf8('7'));
    expect(result.gasCost).toBeGreaterThanOrEqual(2_100_000);
    expect(result.events.map((e) => [e.data, e.context.read_only, e.context.call_stack])).toEqual([
      ['sum: 3 + 4 = 7', true, [READ_ONLY_DEFAULT_CALLER, contract]],
    ]);
    expect(result.executedAt.period).toBeGreaterThanOrEqual(1);
    expect(wire.last('execute_read_only_call')).toEqual([
      [
        {
          max_gas: 4_294_167_295,
          target_address: contract,
          target_function: 'sum',
          parameter: [3, 0, 0, 0, 4, 0, 0, 0],
          caller_address: READ_ONLY_DEFAULT_CALLER,
          coins: null,
          fee: null,
        },
      ],
    ]);
    // Nothing was committed.
    expect(await readOnlyCall(client, { target: contract, func: 'greet' })).toMatchObject({ value: utf8('Hello, Mason!') });
  });

  it('readOnlyCall throws the node message on failure', async () => {
    const error = await readOnlyCall(client, { target: contract, func: 'nope', caller: SENDER.address, coins: 5n, fee: parseMas('0.01') }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: 'MASON_CLIENT_READ_ONLY_FAILED',
      context: { target: `${contract}.nope`, error: expect.stringMatching(/^readonly call failed: .*nope/) },
    });
    expect(wire.paramsOf('execute_read_only_call')[0]).toMatchObject([[{ caller_address: SENDER.address, coins: '0.000000005', fee: '0.01' }]]);
  });

  it('readOnlyBytecode', async () => {
    const result = await readOnlyBytecode(client, { bytecode: callerWasm });
    expect(result.value).toEqual(new Uint8Array());
    expect(result.events.map((e) => e.data)).toEqual(['nothing to call']);
    expect(wire.last('execute_read_only_bytecode')).toEqual([
      [{ max_gas: 3_980_167_295, bytecode: Array.from(callerWasm), address: null, operation_datastore: null, fee: null }],
    ]);
    wire.clear();
    await expect(readOnlyBytecode(client, { bytecode: callerWasm, maxGas: 4_294_967_296n })).rejects.toMatchObject({
      code: 'MASON_CLIENT_MAX_GAS_OUT_OF_RANGE',
    });
    expect(wire.requests).toEqual([]);
  });
});
