import { Args, ArrayType, MAS } from '@mason/codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALL_GAS, CONTEXT, SENDER, world, type World } from './helpers/fixtures.js';

let w: World;
beforeAll(async () => {
  w = await world();
});

describe('deploying with the deployer convention', () => {
  it('creates the contract, runs its constructor, then announces it', () => {
    const { deploy, tester } = w;
    expect(tester).toMatch(/^AS/);
    const data = deploy.events.map((event) => event.data);
    expect(data[0]).toBe('Constructor called with name Mason');
    expect(data[1]).toBe(`Contract deployed at address: ${tester}`);
    // last event: base64 of Args().addSerializableObjectArray(addresses), as massa-web3 reads it
    const raw = new Args(new Uint8Array(Buffer.from(data[2]!, 'base64')));
    expect(raw.nextArray(ArrayType.STRING)).toEqual([tester]);
    expect(data[2]!.startsWith('OQAAADUAAABBUzEy')).toBe(true);
  });

  it('gives events their full context', () => {
    const [constructorEvent, deployedEvent] = w.deploy.events;
    expect(constructorEvent!.context).toEqual({
      slot: CONTEXT.slot,
      block: null,
      read_only: false,
      index_in_slot: 0,
      call_stack: [SENDER, w.tester],
      origin_operation_id: 'O1deploy',
      is_final: false,
      is_error: false,
      deferred_call_id: null,
      async_msg_id: null,
    });
    expect(deployedEvent!.context.call_stack).toEqual([SENDER]);
    expect(deployedEvent!.context.index_in_slot).toBe(1);
  });

  it('stores the bytecode and charges creation and storage costs to the deployer', () => {
    expect(w.ledger.getBytecode(w.tester)).toEqual(w.code.tester);
    // constructor coins (1 MAS) reach the contract, minus its own storage cost for "name" → "Mason"
    const nameCost = (4n + 4n + 5n) * 100_000n;
    expect(w.ledger.getBalance(w.tester)).toBe(MAS - nameCost);
    const creation = 1_000_000n + 100_000n * BigInt(w.code.tester.length);
    expect(w.ledger.getBalance(SENDER)).toBe(1_000n * MAS - MAS - creation);
  });

  it('calls a function and returns its bytes', () => {
    const result = w.vm.callSC({ caller: SENDER, target: w.tester, function: 'hello', maxGas: CALL_GAS, context: CONTEXT });
    expect(result.ok).toBe(true);
    expect(Buffer.from(result.returnValue).toString()).toBe('Hello, Mason!');
    expect(result.gasUsed).toBeGreaterThan(0n);
  });
});
