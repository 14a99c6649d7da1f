import { Args, deserializeDatastore, parseMas } from '@mason/codec';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressInfoFixture, CONTRACT, RECIPIENT, readOnlyFixture, SENDER } from '../../test/fixtures.js';
import { startTestNode, type TestNode } from '../../test/testNode.js';
import { Account } from '../account/Account.js';
import type { Client } from '../client.js';
import { createClient } from '../createClient.js';
import { buyRolls } from './buyRolls.js';
import { callSC } from './callSC.js';
import { executeSC } from './executeSC.js';
import { MAX_GAS_CALL, MAX_GAS_EXECUTE } from './gasLimits.js';
import { Operation } from './Operation.js';
import { readOnlyBytecode } from './readOnlyBytecode.js';
import { READ_ONLY_DEFAULT_CALLER, readOnlyCall } from './readOnlyCall.js';
import { sellRolls } from './sellRolls.js';
import { transfer } from './transfer.js';

let node: TestNode;
let client: Client;
const account = Account.fromSecretKey(SENDER.secret);
const WASM = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
let readOnlyRequests: { kind: string; request: Record<string, unknown> }[] = [];

beforeAll(async () => {
  node = await startTestNode();
  client = createClient({ url: node.url, retry: false });
});
afterAll(async () => {
  await client.close();
  await node.close();
});
beforeEach(() => {
  readOnlyRequests = [];
  node.state.readOnly = (kind, request) => {
    readOnlyRequests.push({ kind, request });
    return readOnlyFixture({ Ok: [] }, 3_000_000);
  };
});
afterEach(() => {
  expect(node.violations).toEqual([]);
  node.received.length = 0;
});

const sentContent = (op: Operation) => node.state.signed.get(op.id)?.content;
const methods = () => node.received.map((r) => r.method);

describe('operation helpers', () => {
  it('transfer: fee = minimal_fees, expire = last_slot.period + 9, signed with the chain id from get_status', async () => {
    const op = await transfer(client, account, { to: RECIPIENT.address, amount: parseMas('1.5') });
    expect(op).toBeInstanceOf(Operation);
    expect(op.id).toMatch(/^O/);
    expect(op).toMatchObject({ type: 'Transaction', expirePeriod: 109, creator: SENDER.address });
    // The node verified the signature with chain id 77 and computed the same id.
    expect(sentContent(op)).toEqual({
      fee: 10_000_000n,
      expirePeriod: 109,
      op: { type: 'Transaction', recipient: RECIPIENT.address, amount: 1_500_000_000n },
    });
    expect(methods().sort()).toEqual(['get_addresses', 'get_status', 'send_operations']);
    expect(node.paramsOf('get_addresses')).toEqual([[[SENDER.address]]]);
  });

  it('reads get_status once per operation (chain id cached per client)', async () => {
    const fresh = createClient({ url: node.url });
    await transfer(fresh, account, { to: RECIPIENT.address, amount: 1n, periodToLive: 3 });
    await transfer(fresh, account, { to: RECIPIENT.address, amount: 2n, fee: parseMas('0.02') });
    expect(node.count('get_status')).toBe(2);
    expect(fresh.cache.chainId).toBeDefined();
    expect(await fresh.cache.chainId).toBe(77n);
    await fresh.close();
  });

  it('buyRolls spends roll_price per roll; sellRolls needs the rolls', async () => {
    const op = await buyRolls(client, account, { rollCount: 2 });
    expect(sentContent(op)?.op).toEqual({ type: 'RollBuy', rollCount: 2n });

    await expect(buyRolls(client, account, { rollCount: 10n })).rejects.toMatchObject({
      code: 'MASON_CLIENT_INSUFFICIENT_BALANCE',
      context: { address: SENDER.address, balance: '1000', required: '1000.01' },
    });
    await expect(sellRolls(client, account, { rollCount: 1 })).rejects.toMatchObject({
      code: 'MASON_CLIENT_INSUFFICIENT_ROLLS',
      context: { rolls: 0, requested: '1' },
    });
    node.on('get_addresses', () => [{ ...addressInfoFixture(SENDER.address, '1000', '1000'), candidate_roll_count: 3 }]);
    try {
      const sell = await sellRolls(client, account, { rollCount: 3 });
      expect(sentContent(sell)?.op).toEqual({ type: 'RollSell', rollCount: 3n });
    } finally {
      node.off('get_addresses');
    }
    expect(node.count('send_operations')).toBe(2);
  });

  it('callSC estimates max_gas with a read-only call (gas_cost × 1.2)', async () => {
    const op = await callSC(client, account, {
      target: CONTRACT,
      func: 'increment',
      parameter: new Args().addU32(5),
      coins: parseMas('0.1'),
    });
    expect(readOnlyRequests).toEqual([
      {
        kind: 'call',
        request: {
          max_gas: 4_294_167_295,
          target_address: CONTRACT,
          target_function: 'increment',
          parameter: [5, 0, 0, 0],
          caller_address: SENDER.address,
          coins: '0.1',
          fee: '0.01',
        },
      },
    ]);
    expect(sentContent(op)?.op).toEqual({
      type: 'CallSC',
      maxGas: 3_600_000n,
      coins: 100_000_000n,
      target: CONTRACT,
      func: 'increment',
      param: new Uint8Array([5, 0, 0, 0]),
    });
  });

  it('callSC estimate stays within [MIN_GAS_CALL, MAX_GAS_CALL]', async () => {
    node.state.readOnly = () => readOnlyFixture({ Ok: [] }, 1_000);
    const low = await callSC(client, account, { target: CONTRACT, func: 'f' });
    expect(sentContent(low)?.op).toMatchObject({ maxGas: 2_100_000n });
    node.state.readOnly = () => readOnlyFixture({ Ok: [] }, 4_000_000_000);
    const high = await callSC(client, account, { target: CONTRACT, func: 'f' });
    expect(sentContent(high)?.op).toMatchObject({ maxGas: MAX_GAS_CALL });
  });

  it('callSC: a failing dry run refuses to send and says why', async () => {
    node.state.readOnly = () =>
      readOnlyFixture({ Error: 'readonly call failed: VM Error in ReadOnlyExecutionTarget::FunctionCall context: assertion failed' }, 0);
    const error = await callSC(client, account, { target: CONTRACT, func: 'f' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'MASON_CLIENT_GAS_ESTIMATION_FAILED',
      context: { operation: `CallSC ${CONTRACT}.f`, error: expect.stringContaining('assertion failed') },
    });
    expect(node.count('send_operations')).toBe(0);
  });

  it('executeSC estimates with execute_read_only_bytecode and the binary datastore', async () => {
    node.state.readOnly = (kind, request) => {
      readOnlyRequests.push({ kind, request });
      return readOnlyFixture({ Ok: [] }, 10_000_000);
    };
    const datastore: [Uint8Array, Uint8Array][] = [[new Uint8Array([0]), new Uint8Array([1, 2])]];
    const op = await executeSC(client, account, { bytecode: WASM, datastore, maxCoins: parseMas('2') });
    const request = readOnlyRequests[0]?.request;
    expect(request).toMatchObject({ max_gas: 3_980_167_295, bytecode: Array.from(WASM), address: SENDER.address, fee: '0.01' });
    expect(deserializeDatastore(Uint8Array.from(request?.operation_datastore as number[]))).toEqual(datastore);
    expect(sentContent(op)?.op).toEqual({ type: 'ExecuteSC', maxGas: 12_000_000n, maxCoins: 2_000_000_000n, bytecode: WASM, datastore });

    node.state.readOnly = () => readOnlyFixture({ Ok: [] }, 3_900_000_000);
    const capped = await executeSC(client, account, { bytecode: WASM });
    expect(sentContent(capped)?.op).toMatchObject({ maxGas: MAX_GAS_EXECUTE });
  });
});

describe('checks refuse before sending', () => {
  it('CallSC max_gas outside [2,100,000, 4,294,167,295]: nothing reaches the node', async () => {
    for (const maxGas of [2_099_999n, 4_294_167_296n]) {
      await expect(callSC(client, account, { target: CONTRACT, func: 'f', maxGas })).rejects.toMatchObject({
        code: 'MASON_CLIENT_MAX_GAS_OUT_OF_RANGE',
        context: { operation: 'CallSC', maxGas, min: 2_100_000n, max: 4_294_167_295n },
      });
    }
    expect(node.received).toEqual([]);
  });

  it('ExecuteSC max_gas above 3,980,167,295 (a node would let it expire silently): nothing reaches the node', async () => {
    const error = await executeSC(client, account, { bytecode: WASM, maxGas: 3_980_167_296n }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_MAX_GAS_OUT_OF_RANGE', context: { max: 3_980_167_295n } });
    expect((error as Error).message).toContain('silently expires');
    expect(node.received).toEqual([]);
    const ok = await executeSC(client, account, { bytecode: WASM, maxGas: 3_980_167_295n });
    expect(sentContent(ok)?.op).toMatchObject({ maxGas: 3_980_167_295n });
  });

  it('fee below minimal_fees', async () => {
    await expect(transfer(client, account, { to: RECIPIENT.address, amount: 1n, fee: parseMas('0.009') })).rejects.toMatchObject({
      code: 'MASON_CLIENT_FEE_TOO_LOW',
      context: { fee: '0.009', minimalFees: '0.01' },
    });
    expect(node.count('send_operations')).toBe(0);
  });

  it('balance must cover fee + amount / coins / max coins', async () => {
    await expect(transfer(client, account, { to: RECIPIENT.address, amount: parseMas('1000') })).rejects.toMatchObject({
      code: 'MASON_CLIENT_INSUFFICIENT_BALANCE',
      context: { balance: '1000', required: '1000.01' },
    });
    await expect(callSC(client, account, { target: CONTRACT, func: 'f', coins: parseMas('999.995'), maxGas: 3_000_000n })).rejects.toMatchObject({
      code: 'MASON_CLIENT_INSUFFICIENT_BALANCE',
    });
    await expect(executeSC(client, account, { bytecode: WASM, maxCoins: parseMas('1000'), maxGas: 3_000_000n })).rejects.toMatchObject({
      code: 'MASON_CLIENT_INSUFFICIENT_BALANCE',
    });
    expect(node.count('send_operations')).toBe(0);
    expect(node.count('execute_read_only_call') + node.count('execute_read_only_bytecode')).toBe(0);
  });

  it('invalid arguments', async () => {
    await expect(transfer(client, account, { to: 'AU1nope', amount: 1n })).rejects.toMatchObject({
      code: 'MASON_CLIENT_INVALID_ARGUMENT',
      context: { name: 'to' },
    });
    await expect(transfer(client, account, { to: RECIPIENT.address, amount: -1n })).rejects.toMatchObject({ context: { name: 'amount' } });
    await expect(transfer(client, account, { to: RECIPIENT.address, amount: 1n, periodToLive: 10 })).rejects.toMatchObject({
      context: { name: 'periodToLive' },
    });
    await expect(buyRolls(client, account, { rollCount: 0 })).rejects.toMatchObject({ context: { name: 'rollCount' } });
    await expect(callSC(client, account, { target: CONTRACT, func: 'f'.repeat(256) })).rejects.toMatchObject({ context: { name: 'func' } });
    expect(node.received).toEqual([]);
  });

  it('an id the node computed differently is reported', async () => {
    node.on('send_operations', () => ['O1somethingElse']);
    try {
      await expect(transfer(client, account, { to: RECIPIENT.address, amount: 1n })).rejects.toMatchObject({
        code: 'MASON_CLIENT_OPERATION_REJECTED',
        context: { received: 'O1somethingElse' },
      });
    } finally {
      node.off('send_operations');
    }
  });
});

describe('read-only helpers', () => {
  it('readOnlyCall returns the bytes, gas and events', async () => {
    node.state.readOnly = (kind, request) => {
      readOnlyRequests.push({ kind, request });
      return { ...readOnlyFixture({ Ok: [7, 0, 0, 0] }, 2_345_678) };
    };
    const result = await readOnlyCall(client, { target: CONTRACT, func: 'get', parameter: new Uint8Array([1]) });
    expect(result.value).toEqual(new Uint8Array([7, 0, 0, 0]));
    expect(new Args(result.value).nextU32()).toBe(7n);
    expect(result).toMatchObject({ gasCost: 2_345_678, events: [], executedAt: { period: 12, thread: 19 } });
    expect(readOnlyRequests[0]?.request).toEqual({
      max_gas: 4_294_167_295,
      target_address: CONTRACT,
      target_function: 'get',
      parameter: [1],
      caller_address: READ_ONLY_DEFAULT_CALLER,
      coins: null,
      fee: null,
    });
  });

  it('readOnlyCall throws the node message on failure', async () => {
    node.state.readOnly = () => readOnlyFixture({ Error: 'readonly call failed: function not found' }, 0);
    await expect(readOnlyCall(client, { target: CONTRACT, func: 'nope', caller: SENDER.address, coins: 5n, fee: parseMas('0.01') })).rejects.toMatchObject({
      code: 'MASON_CLIENT_READ_ONLY_FAILED',
      context: { target: `${CONTRACT}.nope`, error: 'readonly call failed: function not found' },
    });
    expect(node.paramsOf('execute_read_only_call')[0]).toMatchObject([[{ caller_address: SENDER.address, coins: '0.000000005', fee: '0.01' }]]);
  });

  it('readOnlyBytecode', async () => {
    const result = await readOnlyBytecode(client, { bytecode: WASM });
    expect(result.value).toEqual(new Uint8Array());
    expect(readOnlyRequests[0]?.request).toEqual({
      max_gas: 3_980_167_295,
      bytecode: Array.from(WASM),
      address: null,
      operation_datastore: null,
      fee: null,
    });
    await expect(readOnlyBytecode(client, { bytecode: WASM, maxGas: 4_294_967_296n })).rejects.toMatchObject({
      code: 'MASON_CLIENT_MAX_GAS_OUT_OF_RANGE',
    });
  });
});
