import { Args, blake3, MAS, SecretKey, sha256 } from '@mason/codec';
import { keccak_256 } from '@noble/hashes/sha3';
import { beforeAll, describe, expect, it } from 'vitest';
import { SlotContext } from '../src/index.js';
import { CALL_GAS, CHAIN_ID, CONTEXT, deployTester, OTHER, SENDER, world, type World } from './helpers/fixtures.js';

let w: World;
beforeAll(async () => {
  w = await world();
});

const call = (fn: string, param: Uint8Array = new Uint8Array(), extra: { coins?: bigint; caller?: string; context?: SlotContext } = {}) =>
  w.vm.callSC({
    caller: extra.caller ?? SENDER,
    target: w.tester,
    function: fn,
    param,
    coins: extra.coins ?? 0n,
    maxGas: CALL_GAS,
    context: extra.context ?? CONTEXT,
    operationId: 'O1call',
  });

describe('context and coins', () => {
  it('exposes the call stack, slot, chain and coins of the call', () => {
    const before = w.ledger.getBalance(w.tester)!;
    const result = call('contextInfo', new Uint8Array(), { coins: 5n });
    const args = new Args(result.returnValue);
    expect(args.nextString()).toBe(SENDER); // caller
    expect(args.nextString()).toBe(w.tester); // callee
    expect(args.nextString()).toBe(SENDER); // transaction creator
    expect(args.nextU32()).toBe(2n);
    expect(args.nextU64()).toBe(BigInt(CONTEXT.timestamp));
    expect(args.nextU64()).toBe(12n);
    expect(args.nextU8()).toBe(18n);
    expect(args.nextU64()).toBe(CHAIN_ID);
    expect(args.nextU64()).toBe(5n);
    expect(args.nextU64()).toBe(before + 5n);
    expect(args.nextString()).toBe('O1call');
    expect(args.nextString()).toBe(`["${SENDER}","${w.tester}"]`);
    expect(args.nextString()).toBe(`["${w.tester}"]`);
    expect(args.nextBool()).toBe(false);
    const remaining = args.nextU64();
    expect(remaining).toBeGreaterThan(0n);
    expect(remaining).toBeLessThan(CALL_GAS - 2_100_000n);
  });

  it('moves coins sent with a CallSC and by transfer_coins', () => {
    const received = call('receiveCoins', new Uint8Array(), { coins: 7n * MAS });
    expect(received.events[0]!.data).toBe(`received ${7n * MAS}`);
    const before = w.ledger.getBalance(OTHER)!;
    expect(call('sendCoins', new Args().addString(OTHER).addU64(MAS).serialize()).ok).toBe(true);
    expect(w.ledger.getBalance(OTHER)).toBe(before + MAS);
    const fresh = SecretKey.fromSeed(new Uint8Array(32).fill(9)).publicKey.address().toString();
    call('sendCoins', new Args().addString(fresh).addU64(MAS).serialize());
    expect(w.ledger.getBalance(fresh)).toBe(MAS - 1_000_000n); // entry creation costs 0.001 MAS
    const tooMuch = call(
      'sendCoins',
      new Args()
        .addString(OTHER)
        .addU64(1_000_000n * MAS)
        .serialize(),
    );
    expect(tooMuch.error!.code).toBe('MASON_VM_COINS');
    expect(tooMuch.error!.nodeMessage).toContain('due to insufficient balance');
  });

  it('fails a CallSC whose coins the sender cannot pay', () => {
    const result = call('receiveCoins', new Uint8Array(), { coins: 100n * MAS, caller: OTHER });
    expect(result.error!.nodeMessage).toBe(
      `Runtime error: failed to transfer 100 operation coins from ${OTHER} to ${w.tester}: Runtime error: failed to transfer 100 coins from spending address ${OTHER} due to insufficient balance ${w.ledger.getBalance(OTHER)! / MAS}`,
    );
  });

  it('draws unsafe randomness from the slot seed, deterministically', () => {
    const draw = (slot: SlotContext) => {
      const args = new Args(call('random', new Uint8Array(), { context: slot }).returnValue);
      return [args.nextI64(), args.nextI64(), args.nextF64()];
    };
    const a = draw(new SlotContext(CONTEXT));
    expect(draw(new SlotContext(CONTEXT))).toEqual(a);
    expect(a[0]).not.toBe(a[1]);
    expect(draw(new SlotContext({ ...CONTEXT, slot: { period: 13, thread: 0 } }))).not.toEqual(a);
    const shared = new SlotContext(CONTEXT);
    expect(draw(shared)).toEqual(a);
    expect(draw(shared)).not.toEqual(a);
  });

  it('hashes with sha256, keccak256 and blake3', () => {
    const data = new Uint8Array(Buffer.from('mason'));
    const args = new Args(call('hashes', new Args().addUint8Array(data).serialize()).returnValue);
    expect(args.nextUint8Array()).toEqual(sha256(data));
    expect(args.nextUint8Array()).toEqual(keccak_256(data));
    expect(args.nextUint8Array()).toEqual(blake3(data));
  });

  it('verifies real ed25519 signatures over blake3 of the data', () => {
    const key = SecretKey.fromSeed(new Uint8Array(32).fill(3));
    const signature = key.sign(new Uint8Array(Buffer.from('hello'))).toString();
    const verify = (data: string, sig: string, publicKey: string) =>
      call('verify', new Args().addString(data).addString(sig).addString(publicKey).serialize()).returnValue[0];
    expect(verify('hello', signature, key.publicKey.toString())).toBe(1);
    expect(verify('hellO', signature, key.publicKey.toString())).toBe(0);
    expect(verify('hello', 'not-a-signature', key.publicKey.toString())).toBe(0);
  });
});

describe('AssemblyScript memory conventions', () => {
  it('passes host strings with the UTF-8 length allocation quirk of a node', () => {
    const result = w.vm.callSC({ caller: SENDER, target: w.tester, function: 'contextInfo', maxGas: CALL_GAS, context: CONTEXT, operationId: 'Oé' });
    const args = new Args(result.returnValue);
    [args.nextString(), args.nextString(), args.nextString(), args.nextU32(), args.nextU64(), args.nextU64()];
    [args.nextU8(), args.nextU64(), args.nextU64(), args.nextU64()];
    // 'Oé' is 3 UTF-8 bytes: the runtime allocates 3 UTF-16 units and the last one stays NUL
    expect(args.nextString()).toBe('Oé\u0000');
  });

  it('passes the call parameter as a fresh buffer and returns the result buffer', () => {
    const param = Uint8Array.from({ length: 300 }, (_, i) => i % 256);
    expect(call('echo', param).returnValue).toEqual(param);
    expect(call('echo', new Uint8Array()).returnValue).toEqual(new Uint8Array());
  });
});

describe('calls between contracts', () => {
  it('calls another contract with coins; the callee sees its own frame', async () => {
    const target = deployTester(w, 'Second');
    call('receiveCoins', new Uint8Array(), { coins: 2n * MAS });
    const inner = new Args().serialize();
    const result = call('forward', new Args().addString(target).addString('contextInfo').addUint8Array(inner).addU64(MAS).serialize());
    expect(result.ok).toBe(true);
    const info = new Args(result.returnValue);
    expect(info.nextString()).toBe(w.tester); // caller of the nested frame
    expect(info.nextString()).toBe(target);
    expect(info.nextString()).toBe(SENDER);
    expect(info.nextU32()).toBe(3n);
    info.nextU64();
    info.nextU64();
    info.nextU8();
    info.nextU64();
    expect(info.nextU64()).toBe(MAS); // coins of the nested call
    info.nextU64();
    info.nextString();
    expect(info.nextString()).toBe(`["${SENDER}","${w.tester}","${target}"]`);
    info.nextString();
    expect(info.nextBool()).toBe(false);

    const hello = call('forward', new Args().addString(target).addString('hello').addUint8Array(inner).addU64(0n).serialize());
    expect(Buffer.from(hello.returnValue).toString()).toBe('Hello, Second!');
    const exists = (fn: string) => call('exists', new Args().addString(target).addString(fn).serialize()).returnValue[0];
    expect(exists('hello')).toBe(1);
    expect(exists('nothing')).toBe(0);
  });

  it('reports a failure inside a nested call through the caller', () => {
    const result = call('forward', new Args().addString(w.tester).addString('fail').addUint8Array(new Uint8Array()).addU64(0n).serialize());
    expect(result.error!.code).toBe('MASON_VM_ABORT');
    expect(result.error!.nodeMessage).toBe(
      'VM Error in CallSC context: VM execution error: RuntimeError: VM error: RuntimeError: Runtime error: error: boom at test/contracts/tester.ts:126 col: 3',
    );
    const missing = call('forward', new Args().addString('AS1nope').addString('x').addUint8Array(new Uint8Array()).addU64(0n).serialize());
    // massa-models/src/address.rs: `address parsing error: {0}` (ModelsError::AddressParseError), behind the ABI's `Runtime error: `.
    expect(missing.error!.nodeMessage).toContain('RuntimeError: Runtime error: address parsing error: in SCAddress from_str_without_prefixed_type: ');
  });
});

describe('ExecuteSC and the operation datastore', () => {
  it('runs main in the sender context and reads the op datastore only in its own frame', () => {
    const result = w.vm.executeSC({
      bytecode: w.code.script,
      caller: SENDER,
      maxGas: CALL_GAS,
      datastore: [[new Uint8Array(Buffer.from('msg')), new Uint8Array(Buffer.from('hi'))]],
      context: CONTEXT,
    });
    expect(result.ok).toBe(true);
    expect(result.events.map((event) => event.data)).toEqual([`caller ${SENDER} keys 1`, 'msg hi']);
    expect(Buffer.from(w.ledger.getDataEntry(SENDER, new Uint8Array(Buffer.from('script')))!).toString()).toBe('ran');
  });

  it('names the missing key as the node does', () => {
    const result = w.vm.executeSC({
      bytecode: w.code.script,
      caller: SENDER,
      maxGas: CALL_GAS,
      datastore: [[new Uint8Array(Buffer.from('read-missing')), new Uint8Array()]],
      context: CONTEXT,
      commit: false,
    });
    expect(result.error!.nodeMessage).toBe('VM Error in ExecuteSC context: VM execution error: RuntimeError: Runtime error: Unknown key: [110, 111, 112, 101]');
  });
});
