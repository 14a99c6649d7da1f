// The typed SDK layer against a recording host: each function reaches the right host import with
// the right arguments, and decodes what the host answers (address lists, key lists, op datastore).
import { Args as Web3Args, ArrayTypes, DEPLOYER_BYTECODE, populateDatastore } from '@massalabs/massa-web3';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AsModule } from './support/asModule.js';
import { compileContract } from './support/compile.js';
import { hostFunctions, massaViolations } from './support/massaRules.js';
import { RecordingHost, type HostValue } from './support/recordingHost.js';
import { readWasmModule } from './support/wasmModule.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const u64 = (value: bigint) => new Web3Args().addU64(value).serialize();
const keyList = (...keys: Uint8Array[]) => {
  const out = [4, 0, 0, 0].map((_, i) => (keys.length >> (8 * i)) & 0xff);
  for (const key of keys) out.push(key.length, ...key);
  return Uint8Array.from(out);
};
const sameBytes = (a: HostValue, b: Uint8Array) => a instanceof Uint8Array && Buffer.from(a).equals(Buffer.from(b));

const host = new RecordingHost();
let everythingWasm: Uint8Array;
let deployerWasm: Uint8Array;
let everything: AsModule;

beforeAll(async () => {
  everythingWasm = await compileContract('everything');
  deployerWasm = await compileContract('deployer');
  everything = await AsModule.instantiate(everythingWasm, (module) => host.imports(module));
});

beforeEach(() => host.reset());

describe('compiled SDK', () => {
  it('is accepted by the node rules', () => {
    expect(massaViolations(everythingWasm)).toEqual([]);
    expect(massaViolations(deployerWasm)).toEqual([]);
  });

  it('uses every massa host function, with the exact signature of the table', () => {
    const imported = readWasmModule(everythingWasm).functionImports;
    const expected = hostFunctions
      .filter((f) => f.module === 'massa' || f.name === 'abort')
      .map(({ module, name, params, results }) => ({ module, name, params, results }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect([...imported].sort(byName)).toEqual([...expected].sort(byName));
  });
});

describe('Context', () => {
  beforeEach(() => {
    host
      .on('get_call_stack', () => '["AU1creator","AS1caller","AS1callee"]')
      .on('get_owned_addresses', () => '["AS1callee", "AS1child"]')
      .on('caller_has_write_access', () => true)
      .on('get_call_coins', () => 123n)
      .on('get_time', () => 1_700_000_000_000n)
      .on('get_current_period', () => 42n)
      .on('get_current_thread', () => 7)
      .on('get_remaining_gas', () => 999_999n)
      .on('chain_id', () => 77n)
      .on('get_origin_operation_id', () => 'O1op');
  });

  it('reads the call stack, coins, time, slot, gas, chain and operation', () => {
    const out = new Web3Args(everything.call('context'));
    expect(out.nextString()).toBe('AS1caller');
    expect(out.nextString()).toBe('AS1callee');
    expect(out.nextString()).toBe('AU1creator');
    expect(out.nextArray(ArrayTypes.STRING)).toEqual(['AU1creator', 'AS1caller', 'AS1callee']);
    expect(out.nextArray(ArrayTypes.STRING)).toEqual(['AS1callee', 'AS1child']);
    expect(out.nextBool()).toBe(true);
    expect(out.nextBool()).toBe(true);
    expect(out.nextU64()).toBe(123n);
    expect(out.nextU64()).toBe(1_700_000_000_000n);
    expect(out.nextU64()).toBe(42n);
    expect(out.nextU8()).toBe(7n);
    expect(out.nextU64()).toBe(42n);
    expect(out.nextU64()).toBe(999_999n);
    expect(out.nextU64()).toBe(77n);
    expect(out.nextString()).toBe('O1op');
  });

  it('is not deploying when the contract calls itself, and has no caller below a lone frame', () => {
    host.on('get_call_stack', () => '["AS1self"]').on('get_origin_operation_id', () => '');
    const out = new Web3Args(everything.call('context'));
    expect([out.nextString(), out.nextString(), out.nextString()]).toEqual(['AS1self', 'AS1self', 'AS1self']);
    out.nextArray(ArrayTypes.STRING);
    out.nextArray(ArrayTypes.STRING);
    expect(out.nextBool()).toBe(true);
    expect(out.nextBool()).toBe(false);
    for (let i = 0; i < 3; i++) out.nextU64();
    out.nextU8();
    for (let i = 0; i < 3; i++) out.nextU64();
    expect(out.nextString()).toBe('');
  });
});

describe('Storage', () => {
  it('stores strings as raw UTF-8, Args as their bytes, and reads values and key lists back', () => {
    host
      .on('get_data', (key: Uint8Array) => (sameBytes(key, utf8('config')) ? new Web3Args().addU32(7n).serialize() : utf8('hello world')))
      .on('has_data', () => true)
      .on('get_keys', () => keyList(utf8('raw'), utf8('config')))
      .on('get_data_for', () => utf8('vw'))
      .on('has_data_for', () => true)
      .on('get_keys_for', () => keyList(utf8('k')));
    everything.call('storage', new Web3Args().addString('AS1other').serialize());

    expect(host.calls.map((c) => c.name)).toEqual([
      'set_data',
      'append_data',
      'set_data',
      'set_data',
      'get_data',
      'get_data',
      'has_data',
      'delete_data',
      'get_keys',
      'generate_event',
      'set_data_for',
      'append_data_for',
      'get_data_for',
      'get_data_for',
      'has_data_for',
      'delete_data_for',
      'get_keys_for',
      'generate_event',
    ]);
    const [greeting, raw, config] = host.named('set_data');
    expect(greeting).toEqual([utf8('greeting'), utf8('hello')]);
    expect(host.named('append_data')[0]).toEqual([utf8('greeting'), utf8(' world')]);
    expect(raw).toEqual([utf8('raw'), u64(42n)]);
    expect(config).toEqual([utf8('config'), Uint8Array.of(7, 0, 0, 0)]);
    expect(host.named('get_keys')[0]).toEqual([new Uint8Array()]);
    expect(host.named('set_data_for')[0]).toEqual(['AS1other', utf8('k'), utf8('v')]);
    expect(host.named('append_data_for')[0]).toEqual(['AS1other', utf8('k'), utf8('w')]);
    expect(host.named('delete_data_for')[0]).toEqual(['AS1other', utf8('k')]);
    expect(host.named('get_keys_for')[0]).toEqual(['AS1other', new Uint8Array()]);
    expect(host.named('generate_event')).toEqual([['hello world72'], ['vw21']]);
  });

  it('rejects a truncated key list', () => {
    host.on('get_data', () => Uint8Array.of(7, 0, 0, 0)).on('get_keys', () => Uint8Array.of(2, 0, 0, 0, 3, 97, 98, 99));
    expect(() => everything.call('storage', new Web3Args().addString('AS1other').serialize())).toThrow(/malformed key list: 2 keys announced, 1 present/);
  });
});

describe('calls and bytecode', () => {
  it('call, localCall and localExecution pass address, function, args and coins', () => {
    host
      .on('validate_address', () => true)
      .on('function_exists', () => true)
      .on('call', () => Uint8Array.of(1))
      .on('local_call', () => Uint8Array.of(2))
      .on('get_bytecode_for', () => Uint8Array.of(0, 97, 115, 109))
      .on('local_execution', () => Uint8Array.of(3));
    const out = new Web3Args(everything.call('calls', new Web3Args().addString('AS1target').serialize()));
    expect([out.nextUint8Array(), out.nextUint8Array(), out.nextUint8Array()]).toEqual([Uint8Array.of(1), Uint8Array.of(2), Uint8Array.of(3)]);
    expect(host.named('validate_address')).toEqual([['AS1target']]);
    expect(host.named('function_exists')).toEqual([['AS1target', 'hello']]);
    expect(host.named('call')).toEqual([['AS1target', 'hello', new Web3Args().addString('you').serialize(), 1000n]]);
    expect(host.named('local_call')).toEqual([['AS1target', 'hello', new Uint8Array()]]);
    expect(host.named('local_execution')).toEqual([[Uint8Array.of(0, 97, 115, 109), 'hello', new Uint8Array()]]);
  });

  it('skips the calls when the function does not exist', () => {
    host.on('validate_address', () => true).on('function_exists', () => false);
    expect(everything.call('calls', new Web3Args().addString('AS1target').serialize())).toEqual(new Uint8Array());
    expect(host.named('call')).toEqual([]);
  });

  it('createSC, setBytecode(Of), getBytecode and the operation datastore', () => {
    const datastore = new Map([
      ['00', u64(2n)],
      ['0100000000000000', Uint8Array.of(0, 97, 115, 109)],
    ]);
    host
      .on('has_op_key', (key: Uint8Array) => Uint8Array.of(datastore.has(Buffer.from(key).toString('hex')) ? 1 : 0))
      .on('get_op_data', (key: Uint8Array) => datastore.get(Buffer.from(key).toString('hex')))
      .on('create_sc', () => 'AS1new')
      .on('get_bytecode', () => Uint8Array.of(9))
      .on('get_op_keys', () => keyList(Uint8Array.of(0), Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0)))
      .on('get_op_keys_prefix', () => keyList(Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0)));
    everything.call('deploy');
    expect(host.named('has_op_key')).toEqual([[u64(1n)], [u64(2n)]]);
    expect(host.named('create_sc')).toEqual([[Uint8Array.of(0, 97, 115, 109)]]);
    expect(host.named('set_bytecode_for')).toEqual([['AS1new', Uint8Array.of(9)]]);
    expect(host.named('get_op_keys_prefix')).toEqual([[Uint8Array.of(1)]]);
    expect(host.named('set_bytecode')).toEqual([[Uint8Array.of(9)]]);
    expect(host.named('generate_event')).toEqual([['Contract deployed at address: AS1new'], ['2 1']]);
  });
});

describe('coins', () => {
  it('transfers, reads balances and formats amounts', () => {
    host
      .on('get_call_stack', () => '["AU1sender","AS1me"]')
      .on('get_balance', () => 2_000_000_000n)
      .on('get_balance_for', () => 10_000_000n);
    everything.call('coins', new Web3Args().addString('AU1to').addString('1.5').serialize());
    expect(host.named('transfer_coins')).toEqual([['AU1to', 1_500_000_000n]]);
    expect(host.named('transfer_coins_for')).toEqual([['AS1me', 'AU1to', 1_000_000_000n]]);
    expect(host.named('get_balance_for')).toEqual([['AU1to']]);
    expect(host.named('generate_event')).toEqual([['balances:2,0.01']]);
  });
});

describe('crypto and randomness', () => {
  it('hash, verify and recover with the host, in the host argument order', () => {
    const fill = (length: number, value: number) => new Uint8Array(length).fill(value);
    host
      .on('hash', () => fill(32, 1))
      .on('hash_sha256', () => fill(32, 2))
      .on('keccak256_hash', () => fill(32, 3))
      .on('signature_verify', () => true)
      .on('evm_signature_verify', () => false)
      .on('evm_get_address_from_pubkey', () => fill(20, 4))
      .on('evm_get_pubkey_from_signature', () => fill(64, 5))
      .on('address_from_public_key', () => 'AU1fromKey')
      .on('is_address_eoa', () => true)
      .on('unsafe_random', () => -5n);
    const input = new Web3Args()
      .addString('P1key')
      .addString('data')
      .addString('1sig')
      .addUint8Array(Uint8Array.of(7))
      .addUint8Array(fill(65, 8))
      .addUint8Array(fill(64, 9));
    const out = new Web3Args(everything.call('crypto', input.serialize()));
    expect(out.nextUint8Array()).toEqual(fill(32, 1));
    expect(out.nextUint8Array()).toEqual(fill(32, 2));
    expect(out.nextUint8Array()).toEqual(fill(32, 3));
    expect(out.nextBool()).toBe(true);
    expect(out.nextBool()).toBe(false);
    expect(out.nextUint8Array()).toEqual(fill(20, 4));
    expect(out.nextUint8Array()).toEqual(fill(64, 5));
    expect(out.nextString()).toBe('AU1fromKey');
    expect(out.nextBool()).toBe(true);
    expect(out.nextI64()).toBe(-5n);
    expect(host.named('signature_verify')).toEqual([['data', '1sig', 'P1key']]);
    expect(host.named('evm_signature_verify')).toEqual([[Uint8Array.of(7), fill(65, 8), fill(64, 9)]]);
    expect(host.named('evm_get_pubkey_from_signature')).toEqual([[fill(32, 3), fill(65, 8)]]);
    expect(host.named('print')).toEqual([['crypto done']]);
  });
});

describe('async messages and deferred calls', () => {
  it('pass slots, gas, fees, filters and pick the cheapest available slot', () => {
    host
      .on('get_current_period', () => 100n)
      .on('get_current_thread', () => 3)
      .on('get_deferred_call_quote', (period: bigint, thread: number) => (period === 102n && thread === 5 ? 50n : period === 101n && thread === 0 ? 0n : 80n))
      .on('deferred_call_register', () => 'D1id')
      .on('deferred_call_exists', () => true);
    const id = everything.call('later', new Web3Args().addString('AS1target').serialize());
    expect(new TextDecoder().decode(id)).toBe('D1id');
    expect(host.named('send_message')).toEqual([
      ['AS1target', 'wake', 100n, 3, 110n, 3, 2_100_000n, 0n, 0n, new Uint8Array(), '', new Uint8Array()],
      ['AS1target', 'wake', 100n, 3, 110n, 3, 2_100_000n, 1n, 0n, new Uint8Array(), 'AS1target', utf8('k')],
    ]);
    expect(host.named('get_deferred_call_quote')).toHaveLength(65);
    expect(host.named('deferred_call_register')).toEqual([['AS1target', 'wake', 102n, 5, 1_000_000n, new Uint8Array(), 50n]]);
    expect(host.named('deferred_call_cancel')).toEqual([['D1id']]);
  });
});

describe('the deployer written with the SDK', () => {
  /** Runs a deployer's `main` on a fresh recording host whose op datastore is `datastore`. */
  async function deploy(bytecode: Uint8Array, datastore: Map<Uint8Array, Uint8Array>) {
    const byHex = new Map([...datastore].map(([k, v]) => [Buffer.from(k).toString('hex'), v]));
    const recorder = new RecordingHost();
    let created = 0;
    recorder
      .on('has_op_key', (key: Uint8Array) => Uint8Array.of(byHex.has(Buffer.from(key).toString('hex')) ? 1 : 0))
      .on('get_op_data', (key: Uint8Array) => {
        const value = byHex.get(Buffer.from(key).toString('hex'));
        if (!value) throw new Error(`Unknown key: ${key}`);
        return value;
      })
      .on('create_sc', () => `AS1contract${++created}`)
      .on('function_exists', (address: string) => address !== 'AS1contract2');
    const module = await AsModule.instantiate(bytecode, (m) => recorder.imports(m));
    module.call('main');
    return recorder;
  }

  const contracts = [
    { data: Uint8Array.of(0, 97, 115, 109, 1), args: new Web3Args().addString('Mason').serialize(), coins: 10_000_000n },
    { data: Uint8Array.of(0, 97, 115, 109, 2), args: new Uint8Array(), coins: 0n },
  ];

  it("behaves like massa-web3's deployer on massa-web3's datastore", async () => {
    const ours = await deploy(deployerWasm, populateDatastore(contracts));
    const official = await deploy(DEPLOYER_BYTECODE, populateDatastore(contracts));
    for (const name of ['create_sc', 'function_exists', 'call', 'generate_event']) {
      expect(ours.named(name), name).toEqual(official.named(name));
    }
    expect(ours.named('call')).toEqual([['AS1contract1', 'constructor', contracts[0]!.args, 10_000_000n]]);
    const events = ours.named('generate_event').map(([text]) => text as string);
    expect(events.slice(0, 2)).toEqual(['Contract deployed at address: AS1contract1', 'Contract deployed at address: AS1contract2']);
    const payload = new Web3Args(Buffer.from(events[2]!, 'base64'));
    expect(payload.nextArray(ArrayTypes.STRING)).toEqual(['AS1contract1', 'AS1contract2']);
  });

  it('fails with the deployer message when the datastore has no count', async () => {
    await expect(deploy(deployerWasm, new Map())).rejects.toThrow(
      /^error: The number of smart contracts to deploy is undefined\. at test\/contracts\/deployer\.ts:\d+ col: \d+$/,
    );
  });
});
