import { Args, MAS, SecretKey, concatBytes, decodeBase58check, encodeBase58check, encodeVarint } from '@mason/codec';
import { compileContract as compile, DEFERRED_CALLS_SOURCE, deployerDatastore } from '@mason/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  computeDeferredCallFee,
  DEFERRED_CALLS,
  deferredCallId,
  MemoryDeferredCalls,
  MemoryLedger,
  nextBaseFee,
  Vm,
  type ExecutionResult,
} from '../src/index.js';
import { compileContract } from './helpers/compileContract.js';

// A real contract (official massa-as-sdk 3.x) registers, cancels and handles deferred calls; the
// rules are the node's (massa-execution-worker interface_impl.rs, speculative_deferred_calls.rs,
// execution.rs `execute_deferred_call`).

const SENDER = SecretKey.fromSeed(new Uint8Array(32).fill(7)).publicKey.address().toString();
const NOW = { period: 10, thread: 3 };
const CALL_GAS = 200_000_000n;
const TICK_GAS = 20_000_000n;

let deployer: Uint8Array;
let contract: Uint8Array;
beforeAll(async () => {
  [deployer, contract] = await Promise.all([compileContract('deployer'), compile(DEFERRED_CALLS_SOURCE, { flavor: 'official' })]);
});

interface World {
  vm: Vm;
  ledger: MemoryLedger;
  registry: MemoryDeferredCalls;
  a: string;
  b: string;
}

function world(): World {
  const ledger = new MemoryLedger({ [SENDER]: { balance: 1_000n * MAS } });
  const registry = new MemoryDeferredCalls();
  const vm = new Vm({ state: ledger, deferredCalls: registry, chainId: 77n });
  const deployed = vm.executeSC({
    bytecode: deployer,
    caller: SENDER,
    maxGas: 3_000_000_000n,
    datastore: deployerDatastore([
      { bytecode: contract, args: new Uint8Array(), coins: 10n * MAS },
      { bytecode: contract, args: new Uint8Array(), coins: 10n * MAS },
    ]),
    context: { slot: NOW, timestamp: 0 },
  });
  if (!deployed.ok) throw new Error(deployed.error?.nodeMessage);
  const [a, b] = deployed.createdAddresses as [string, string];
  return { vm, ledger, registry, a, b };
}

const at = (slot = NOW) => ({ slot, timestamp: 0 });
function call(w: World, target: string, func: string, param: Uint8Array, slot = NOW): ExecutionResult {
  return w.vm.callSC({ caller: SENDER, target, function: func, param, maxGas: CALL_GAS, context: at(slot) });
}
function register(
  w: World,
  o: { from?: string; target?: string; func?: string; periods?: number; thread?: number; maxGas?: bigint; coins?: bigint; note?: string } = {},
) {
  const param = new Args()
    .addString(o.target ?? w.a)
    .addString(o.func ?? 'tick')
    .addU64(BigInt(o.periods ?? 2))
    .addU8(o.thread ?? NOW.thread)
    .addU64(o.maxGas ?? TICK_GAS)
    .addU64(o.coins ?? 0n)
    .addString(o.note ?? 'hello')
    .serialize();
  const result = call(w, o.from ?? w.a, 'register', param);
  const id = result.ok ? new Args(result.returnValue).nextString() : '';
  return { result, id };
}
const idArg = (id: string) => new Args().addString(id).serialize();
const existsOf = (w: World, id: string, slot = NOW) => new Args(call(w, w.a, 'exists', idArg(id), slot).returnValue).nextBool();
function quote(w: World, periods: number, maxGas: bigint, paramsSize = 0n, thread = NOW.thread): bigint {
  const result = call(w, w.a, 'quote', new Args().addU64(BigInt(periods)).addU8(thread).addU64(maxGas).addU64(paramsSize).serialize());
  expect(result.ok, result.error?.nodeMessage).toBe(true);
  return new Args(result.returnValue).nextU64();
}
/** The storage part of a quote: 0.0001 MAS × (params + 255 + 111). */
const storage = (paramsSize: bigint) => 100_000n * (paramsSize + 255n + 111n);
const paramsOf = (note: string) => BigInt(new Args().addString(note).serialize().length);

describe('deferred calls in the VM', () => {
  it("registers a call: coins and price leave the contract, the id is the node's D… form", () => {
    const w = world();
    const before = w.ledger.getBalance(w.a)!;
    const price = quote(w, 2, TICK_GAS, paramsOf('hello'));
    // slot base fee 0 (never opened), no overbooking: the storage cost alone
    expect(price).toBe(storage(paramsOf('hello')));
    const { result, id } = register(w, { coins: MAS });
    expect(result.ok, result.error?.nodeMessage).toBe(true);
    // plus the storage of the `last` key the contract writes (4 + key + value bytes)
    expect(w.ledger.getBalance(w.a)).toBe(before - MAS - price - 100_000n * BigInt(4 + 'last'.length + id.length));
    // D + bs58check(varint 0 ‖ varint period ‖ thread ‖ index u64 BE ‖ 32-byte trail hash)
    const bytes = decodeBase58check(id.slice(1));
    expect(id[0]).toBe('D');
    expect([...bytes.subarray(0, 3)]).toEqual([0, 12, 3]);
    expect([...bytes.subarray(3, 11)]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(bytes.length).toBe(3 + 8 + 32);
    const stored = w.registry.getDeferredCall(id)!;
    expect(stored).toMatchObject({
      sender: w.a,
      target: w.a,
      function: 'tick',
      coins: MAS,
      maxGas: TICK_GAS,
      fee: price,
      cancelled: false,
      targetSlot: { period: 12, thread: 3 },
    });
    expect(w.registry.deferredSlotGas({ period: 12, thread: 3 })).toBe(TICK_GAS + 750_000n);
    expect(w.registry.deferredTotalGas()).toBe(TICK_GAS + 750_000n);
    expect(existsOf(w, id)).toBe(true);
    // a second call for the same slot gets the next index
    const second = register(w);
    expect([...decodeBase58check(second.id.slice(1)).subarray(3, 11)]).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(w.registry.deferredCallIds({ period: 12, thread: 3 })).toEqual([id, second.id]);
  });

  it('runs the call at its target slot with its coins, its id on the events, then it no longer exists', () => {
    const w = world();
    const { id } = register(w, { coins: MAS / 2n, note: 'run' });
    const contractBefore = w.ledger.getBalance(w.a)!;
    expect(w.vm.executeDeferredCalls({ context: at({ period: 12, thread: 2 }) }).calls).toEqual([]);
    const outcome = w.vm.executeDeferredCalls({ context: at({ period: 12, thread: 3 }) });
    expect(outcome.bookedGas).toBe(TICK_GAS + 750_000n);
    expect(outcome.calls).toHaveLength(1);
    expect(outcome.calls[0]!.result?.ok, outcome.calls[0]!.result?.error?.nodeMessage).toBe(true);
    const [event] = outcome.events;
    expect(event!.data).toBe(`tick run with ${MAS / 2n} from ${w.a} at 12:3`);
    expect(event!.context).toMatchObject({
      deferred_call_id: id,
      call_stack: [w.a, w.a],
      origin_operation_id: null,
      async_msg_id: null,
      slot: { period: 12, thread: 3 },
    });
    // coins back in (the contract is sender and target), the storage cost refunded, the storage of `ticks` paid
    const ticksCost = 100_000n * BigInt(4 + 'ticks'.length + 1);
    expect(w.ledger.getBalance(w.a)).toBe(contractBefore + MAS / 2n + storage(paramsOf('run')) - ticksCost);
    expect(w.registry.size).toBe(0);
    expect(w.registry.deferredTotalGas()).toBe(0n);
    expect(existsOf(w, id, { period: 12, thread: 4 })).toBe(false);
  });

  it('cancels: coins refunded (not the fee), exists false, cancelling again or by another contract refused', () => {
    const w = world();
    const { id } = register(w, { coins: 2n * MAS });
    const fee = w.registry.getDeferredCall(id)!.fee;
    const byOther = call(w, w.b, 'cancel', idArg(id));
    expect(byOther.ok).toBe(false);
    expect(byOther.error?.nodeMessage).toContain(
      `Autonomous smart contract call error: only the caller ${w.a} can cancel the deferred call (cancel caller: ${w.b})`,
    );
    const before = w.ledger.getBalance(w.a)!;
    const cancelled = call(w, w.a, 'cancel', idArg(id));
    expect(cancelled.ok, cancelled.error?.nodeMessage).toBe(true);
    expect(w.ledger.getBalance(w.a)).toBe(before + 2n * MAS);
    expect(existsOf(w, id)).toBe(false);
    expect(w.registry.getDeferredCall(id)?.cancelled).toBe(true);
    const again = call(w, w.a, 'cancel', idArg(id));
    expect(again.error?.nodeMessage).toContain('Autonomous smart contract call error: Call ID is already cancelled.');
    // at its slot a cancelled call does not run, but its storage cost comes back
    const afterCancel = w.ledger.getBalance(w.a)!;
    const outcome = w.vm.executeDeferredCalls({ context: at({ period: 12, thread: 3 }) });
    expect(outcome.calls[0]?.result).toBeUndefined();
    expect(outcome.events).toEqual([]);
    expect(w.ledger.getBalance(w.a)).toBe(afterCancel + storage(paramsOf('hello')));
    expect(fee).toBeGreaterThan(0n);
  });

  it('a failing call: rolled back with the node error event, coins back to the sender', () => {
    const w = world();
    const { id } = register(w, { func: 'failing', coins: MAS, target: w.b });
    const [aBefore, bBefore] = [w.ledger.getBalance(w.a)!, w.ledger.getBalance(w.b)!];
    const outcome = w.vm.executeDeferredCalls({ context: at({ period: 12, thread: 3 }) });
    const result = outcome.calls[0]!.result!;
    expect(result.ok).toBe(false);
    expect(result.error?.nodeMessage).toMatch(/^VM Error in Deferred Call context: .*deferred handler failure/);
    expect(
      outcome.events.map((e) => [e.data.startsWith('{"massa_execution_error"') ? 'error' : e.data, e.context.is_error, e.context.deferred_call_id]),
    ).toEqual([
      ['about to fail', true, id],
      ['error', true, id],
    ]);
    expect(w.ledger.getDataEntry(w.b, new TextEncoder().encode('failed'))).toBeUndefined();
    expect(w.ledger.getBalance(w.b)).toBe(bBefore);
    expect(w.ledger.getBalance(w.a)).toBe(aBefore + MAS + storage(paramsOf('hello')));
  });

  it('a failing execution leaves no registration behind', () => {
    const w = world();
    const before = w.ledger.getBalance(w.a)!;
    const param = new Args().addString(w.a).addString('tick').addU64(2n).addU8(3).addU64(TICK_GAS).addU64(MAS).addString('x').serialize();
    const result = call(w, w.a, 'registerThenFail', param);
    expect(result.ok).toBe(false);
    expect(result.deferredCallWrites).toEqual([]);
    expect(w.registry.size).toBe(0);
    expect(w.registry.deferredTotalGas()).toBe(0n);
    expect(w.ledger.getBalance(w.a)).toBe(before);
  });

  it('quotes 0 and refuses to register: a past slot, a slot too far, too much gas, a full slot', () => {
    const w = world();
    expect(quote(w, 0, TICK_GAS)).toBe(0n); // the current slot
    expect(quote(w, 0, TICK_GAS, 0n, 2)).toBe(0n); // earlier in the period
    // 1,209,600 slots = 37,800 periods of 32 threads: the last bookable slot, then one too far
    expect(quote(w, 37_800, TICK_GAS)).toBeGreaterThan(0n);
    expect(quote(w, 37_800, TICK_GAS, 0n, 4)).toBe(0n);
    expect(quote(w, 2, DEFERRED_CALLS.maxSlotGas)).toBe(0n); // + 750,000 exceeds the slot
    expect(quote(w, 2, DEFERRED_CALLS.maxSlotGas - 750_000n)).toBeGreaterThan(0n);
    const tooFar = register(w, { periods: 40_000 });
    expect(tooFar.result.error?.nodeMessage).toContain('The Deferred call cannot be registered.');
    // fill the slot: 3 × 300,750,000 booked, 97,750,000 left (97,000,000 + 750,000)
    for (let i = 0; i < 3; i++) expect(register(w, { maxGas: 300_000_000n }).result.ok).toBe(true);
    expect(quote(w, 2, 97_000_000n)).toBeGreaterThan(0n);
    expect(quote(w, 2, 97_000_001n)).toBe(0n);
    const full = register(w, { maxGas: 97_000_001n });
    expect(full.result.ok).toBe(false);
    expect(register(w, { thread: 32 }).result.error?.nodeMessage).toContain('target slot thread exceeds the configuration thread count');
    expect(register(w, { target: SENDER }).result.error?.nodeMessage).toContain('target address is not a smart contract address');
  });

  it("prices an overbooked slot above the storage cost, as the node's formula", () => {
    const w = world();
    for (let i = 0; i < 2; i++) expect(register(w, { maxGas: 299_250_000n }).result.ok).toBe(true);
    // 600,000,000 booked: past the 500,000,000 target, a slot overbooking fee is due
    const price = quote(w, 2, 100_000_000n);
    const request = 100_750_000n;
    const slotFee = (100_000n * ((100_000_000n + request) ** 2n - 100_000_000n ** 2n)) / 500_000_000n ** 2n;
    expect(price).toBe(storage(0n) + slotFee);
  });

  it('rejects ids that are not deferred-call ids, as the node parses them', () => {
    const w = world();
    const bad = call(w, w.a, 'exists', idArg('Xnope'));
    expect(bad.error?.nodeMessage).toContain('Invalid prefix for DeferredCallId: Xnope');
    const badB58 = call(w, w.a, 'cancel', idArg('D0OIl'));
    expect(badB58.error?.nodeMessage).toContain('Invalid base58 string for DeferredCallId: 0OIl');
    // well-formed but unknown
    const unknown = deferredCallId({ period: 99, thread: 1 }, 0n, new Uint8Array(32));
    expect(existsOf(w, unknown)).toBe(false);
    expect(call(w, w.a, 'cancel', idArg(unknown)).error?.nodeMessage).toContain(`deferred call ${unknown} does not exist`);
    // a valid bs58check id whose bytes hold no slot
    expect(existsOf(w, 'D' + encodeBase58check(concatBytes(encodeVarint(0n))))).toBe(false);
  });
});

describe("the node's fee formulas", () => {
  it("reproduces the node's own test of compute_call_fee", () => {
    // speculative_deferred_calls.rs `test_compute_call_fee`: slot (10, 1) booked at 999,000,000 from (1, 1)
    const registry = new MemoryDeferredCalls();
    registry.apply({ kind: 'deferredSlotGas', slot: { period: 10, thread: 1 }, value: 999_000_000n });
    const request = (gasRequest: bigint, paramsSize: bigint) =>
      computeDeferredCallFee(registry, {
        targetSlot: { period: 10, thread: 1 },
        gasRequest,
        currentSlot: { period: 1, thread: 1 },
        paramsSize,
        threadCount: 32,
        costPerByte: 100_000n,
        maxFunctionNameLength: 255,
        maxParameterSize: 10_000_000,
      });
    expect(request(1_100_000n, 1000n).ok).toBe(false);
    // the node's test books 200,000 on a slot at 999,000,000: 0.036600079 MAS, and 1.036600079 with 10 kB of params
    registry.apply({ kind: 'deferredSlotGas', slot: { period: 10, thread: 1 }, value: 999_000_000n });
    expect(request(200_000n, 0n)).toEqual({ ok: true, fee: 36_600_079n });
    expect(request(200_000n, 10_000n)).toEqual({ ok: true, fee: 1_036_600_079n });
  });

  it('moves the base fee of a newly opened slot with the average booking', () => {
    expect(nextBaseFee(0n, 0n)).toBe(10n);
    expect(nextBaseFee(500_000n, 0n)).toBe(100_000n);
    const average = 600_000_000n;
    expect(nextBaseFee(500n, average * DEFERRED_CALLS.maxFutureSlots)).toBe(500n + 100_000_000n / 1250n);
    expect(nextBaseFee(999_999_999n, average * DEFERRED_CALLS.maxFutureSlots)).toBe(1_000_000_000n);
  });
});
