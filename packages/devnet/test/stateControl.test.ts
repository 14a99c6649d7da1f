import { randomBytes } from 'node:crypto';
import { Address, Args, MAS, parseMas, SecretKey, signOperation, toSendOperationInput } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDevnetError, type Devnet } from '../src/index.js';
import { compileContract } from './compileContract.js';
import { call, deployContract, rpc, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// State control on a real devnet: every write goes through the private API (or the Devnet
// handle) and is read back through the node's own methods, real signed operations and a real
// compiled contract.

const utf8 = (text: string) => Array.from(new TextEncoder().encode(text));
const MAX_GAS = 100_000_000n;

let devnet: Devnet;
let reader: string;
let readerWasm: Uint8Array;
const priv = (method: string, params: unknown[] = []) => call(devnet.urls.private, method, params);

async function readOnly(func: string, args: Args): Promise<string> {
  const [result] = await call(devnet.urls.public, 'execute_read_only_call', [
    [
      {
        max_gas: Number(MAX_GAS),
        target_address: reader,
        target_function: func,
        parameter: Array.from(args.serialize()),
        caller_address: null,
        coins: null,
        fee: null,
      },
    ],
  ]);
  if (!('Ok' in result.result)) throw new Error(`read-only call failed: ${JSON.stringify(result.result)}`);
  return new TextDecoder().decode(Uint8Array.from(result.result.Ok as number[]));
}

const addressInfo = async (address: string) => (await call<any[]>(devnet.urls.public, 'get_addresses', [[address]]))[0];

beforeAll(async () => {
  devnet = await startTestDevnet({ instant: true });
  readerWasm = await compileContract('stateReader');
  reader = await deployContract(devnet, devnet.accounts[0]!.secretKey, readerWasm);
});
afterAll(() => devnet.stop());

describe('mason_set_balance', () => {
  it('sets final and candidate balances, which get_addresses and contracts see', async () => {
    const target = SecretKey.generate().publicKey.address().toString();
    expect(await priv('mason_set_balance', [target, '12.5'])).toBe(true);
    const info = await addressInfo(target);
    expect(info.final_balance).toBe('12.5');
    expect(info.candidate_balance).toBe('12.5');
    expect(await readOnly('balanceAt', new Args().addString(target))).toBe(String(parseMas('12.5')));
    // the address can now pay: a transfer from an account credited this way is executed
    await devnet.setBalance(devnet.accounts[1]!.address, 5n * MAS);
    expect((await addressInfo(devnet.accounts[1]!.address)).final_balance).toBe('5');
    const id = await sendOp(devnet, devnet.accounts[1]!.secretKey, { type: 'Transaction', recipient: target, amount: 2n * MAS });
    expect((await waitFinal(devnet, id)).op_exec_status).toBe(true);
    expect((await addressInfo(target)).final_balance).toBe('14.5');
  });

  it('lets an operation waiting in the pool for its sender to pay go through once its balance is set', async () => {
    const poor = SecretKey.generate();
    const recipient = SecretKey.generate().publicKey.address().toString();
    const id = await sendOp(devnet, poor, { type: 'Transaction', recipient, amount: MAS });
    const [waiting] = await call(devnet.urls.public, 'get_operations', [[id]]);
    expect([waiting.in_pool, waiting.in_blocks]).toEqual([true, []]);
    await devnet.setBalance(poor.publicKey.address().toString(), '10');
    expect((await waitFinal(devnet, id)).op_exec_status).toBe(true);
    expect((await addressInfo(recipient)).final_balance).toBe('0.999');
  });

  it('refuses negative, overflowing and malformed amounts and addresses with -32602, and wrong counts', async () => {
    const target = devnet.accounts[2]!.address;
    for (const params of [
      [target, '-1'],
      [target, '18446744073.709551616'],
      [target, '1.0000000001'],
      [target, 12.5],
      ['AU1nope', '1'],
      [target],
      [target, '1', 'extra'],
    ]) {
      const { error } = await rpc(devnet.urls.private, 'mason_set_balance', params);
      expect(error?.code, JSON.stringify(params)).toBe(-32602);
    }
    const { error } = await rpc(devnet.urls.private, 'mason_set_balance', [target, '-1']);
    expect(error?.message).toMatch(/^Invalid params: mason_set_balance: the amount must be MAS as a decimal string/);
    expect((await addressInfo(target)).final_balance).toBe('1000000');
    await expect(devnet.setBalance(target, -1n)).rejects.toSatisfy((e) => isDevnetError(e, 'MASON_DEVNET_STATE_ARGUMENT'));
  });
});

describe('datastore and bytecode', () => {
  it("sets and deletes a contract's datastore entry, seen by get_datastore_entries and the contract", async () => {
    expect(await priv('mason_set_datastore_entry', [reader, utf8('color'), utf8('blue')])).toBe(true);
    const [entry] = await call(devnet.urls.public, 'get_datastore_entries', [[{ address: reader, key: utf8('color') }]]);
    expect(entry).toEqual({ final_value: utf8('blue'), candidate_value: utf8('blue') });
    expect(await readOnly('readKey', new Args().addString('color'))).toBe('blue');
    const [info] = await call(devnet.urls.public, 'get_addresses', [[reader]]);
    expect(info.final_datastore_keys).toContainEqual(utf8('color'));
    expect(await priv('mason_delete_datastore_entry', [reader, utf8('color')])).toBe(true);
    expect(await readOnly('readKey', new Args().addString('color'))).toBe('(none)');
    const [gone] = await call(devnet.urls.public, 'get_datastore_entries', [[{ address: reader, key: utf8('color') }]]);
    expect(gone).toEqual({ final_value: null, candidate_value: null });
  });

  it('refuses keys and values that are not byte arrays, empty or too long keys', async () => {
    for (const params of [
      [reader, 'color', utf8('x')],
      [reader, [256], utf8('x')],
      [reader, [], utf8('x')],
      [reader, Array(256).fill(1), utf8('x')],
      [reader, utf8('k'), [1.5]],
      [reader, utf8('k')],
    ]) {
      const { error } = await rpc(devnet.urls.private, 'mason_set_datastore_entry', params);
      expect(error?.code, JSON.stringify(params).slice(0, 60)).toBe(-32602);
    }
  });

  it('sets bytecode on a fresh contract address, which a signed CallSC then runs', async () => {
    const target = Address.fromHash('contract', randomBytes(32)).toString();
    expect(await priv('mason_set_bytecode', [target, Array.from(readerWasm)])).toBe(true);
    const [bytecode] = await call(devnet.urls.public, 'get_addresses_bytecode', [[{ address: target, is_final: true }]]);
    expect(Uint8Array.from(bytecode as number[])).toEqual(readerWasm);
    await devnet.setDatastoreEntry(target, utf8('color'), utf8('green'));
    const id = await sendOp(devnet, devnet.accounts[3]!.secretKey, {
      type: 'CallSC',
      maxGas: MAX_GAS,
      coins: 0n,
      target,
      func: 'readKey',
      param: new Args().addString('color').serialize(),
    });
    const status = (await waitFinal(devnet, id)).op_exec_status;
    const events = await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
    expect(events.map((e: { data: string }) => e.data)).toEqual(['color = green']);
    expect(status).toBe(true);
  });
});

describe('mason_set_rolls', () => {
  it('sets the roll count get_addresses reports, counted for staking three cycles later', async () => {
    const target = devnet.accounts[4]!.address;
    expect(await priv('mason_set_rolls', [target, 7])).toBe(true);
    const info = await addressInfo(target);
    expect(info.final_roll_count).toBe(7);
    expect(info.candidate_roll_count).toBe(7);
    expect((await rpc(devnet.urls.private, 'mason_set_rolls', [reader, 1])).error?.message).toMatch(/a user address \(AU…\)/);
    expect((await rpc(devnet.urls.private, 'mason_set_rolls', [target, -1])).error?.code).toBe(-32602);
    expect((await rpc(devnet.urls.private, 'mason_set_rolls', [target, 1.5])).error?.code).toBe(-32602);
  });
});

describe('impersonation', () => {
  /** A transfer "from" `from`'s public key, signed by another key: a bad signature. */
  async function forged(from: SecretKey, to: string, amount: bigint) {
    const status = await call(devnet.urls.public, 'get_status');
    const content = { fee: parseMas('0.01'), expirePeriod: status.last_slot.period + 9, op: { type: 'Transaction' as const, recipient: to, amount } };
    const signed = toSendOperationInput(signOperation(content, SecretKey.generate(), BigInt(status.chain_id)));
    return { ...signed, creator_public_key: from.publicKey.toString() };
  }

  it('accepts operations of an impersonated address without its signature, only while enabled, and says so in get_status', async () => {
    const victim = devnet.accounts[5]!;
    const recipient = SecretKey.generate().publicKey.address().toString();
    const refused = await rpc(devnet.urls.public, 'send_operations', [[await forged(victim.secretKey, recipient, MAS)]]);
    expect(refused.error?.code).toBe(-32013);
    expect((await call(devnet.urls.public, 'get_status')).mason).toMatchObject({ devnet: true, impersonating: [] });

    expect(await priv('mason_impersonate', [victim.address])).toBe(true);
    expect((await call(devnet.urls.public, 'get_status')).mason.impersonating).toEqual([victim.address]);
    const [id] = await call<string[]>(devnet.urls.public, 'send_operations', [[await forged(victim.secretKey, recipient, MAS)]]);
    expect((await waitFinal(devnet, id!)).op_exec_status).toBe(true);
    // a transfer that creates the recipient's ledger entry pays for it (0.001 MAS), as on a node
    expect((await addressInfo(recipient)).final_balance).toBe('0.999');

    expect(await priv('mason_stop_impersonating', [victim.address])).toBe(true);
    expect((await call(devnet.urls.public, 'get_status')).mason.impersonating).toEqual([]);
    const again = await rpc(devnet.urls.public, 'send_operations', [[await forged(victim.secretKey, recipient, MAS)]]);
    expect(again.error?.code).toBe(-32013);
    // stopping what is not enabled, or impersonating a contract, is refused
    expect((await rpc(devnet.urls.private, 'mason_stop_impersonating', [victim.address])).error?.message).toMatch(
      /an impersonated address \(impersonated now: none\)/,
    );
    expect((await rpc(devnet.urls.private, 'mason_impersonate', [reader])).error?.code).toBe(-32602);
  });
});

describe('time', () => {
  it('advances by periods, cycles and to a timestamp', async () => {
    // the clock also follows the wall clock: a slot or two may pass between two calls
    const index = (slot: { period: number; thread: number }) => slot.period * 32 + slot.thread;
    const start = (await call(devnet.urls.public, 'get_status')).last_slot;
    const byPeriods = (await priv('mason_advance_periods', [3])).last_slot;
    expect(index(byPeriods) - index(start)).toBeGreaterThanOrEqual(3 * 32);
    expect(index(byPeriods) - index(start)).toBeLessThan(4 * 32);
    const byCycles = (await priv('mason_advance_cycles', [1])).last_slot;
    expect(index(byCycles) - index(byPeriods)).toBeGreaterThanOrEqual(128 * 32);
    expect(index(byCycles) - index(byPeriods)).toBeLessThan(129 * 32);
    const now = (await call(devnet.urls.public, 'get_status')).current_time;
    const target = now + 10 * devnet.config.t0 + 7;
    await priv('mason_advance_to', [target]);
    expect((await call(devnet.urls.public, 'get_status')).current_time).toBeGreaterThanOrEqual(target);
    expect((await rpc(devnet.urls.private, 'mason_advance_to', [now])).error?.code).toBe(-32602);
    expect((await rpc(devnet.urls.private, 'mason_advance_periods', [0])).error?.code).toBe(-32602);
    expect((await rpc(devnet.urls.private, 'mason_advance_cycles', ['1'])).error?.code).toBe(-32602);
  });
});

describe('the public API', () => {
  it('refuses every state-control method with the wrong-API error', async () => {
    const methods = [
      'mason_set_balance',
      'mason_set_datastore_entry',
      'mason_delete_datastore_entry',
      'mason_set_bytecode',
      'mason_set_rolls',
      'mason_impersonate',
      'mason_stop_impersonating',
      'mason_advance_periods',
      'mason_advance_cycles',
      'mason_advance_to',
      'mason_dump_state',
    ];
    for (const method of methods) {
      const { error } = await rpc(devnet.urls.public, method, [devnet.accounts[0]!.address, '1']);
      expect(error, method).toEqual({ code: -32019, message: 'The wrong API (either Public or Private) was called' });
    }
  });
});
