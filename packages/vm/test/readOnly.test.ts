import { Args, MAS } from '@mason/codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatReadOnlyError, toKey, VmError } from '../src/index.js';
import { CALL_GAS, CONTEXT, deployerDatastore, deployTester, SENDER, world, type World } from './helpers/fixtures.js';

let w: World;
beforeAll(async () => {
  w = await world();
});

describe('read-only execution', () => {
  it('returns the result with a gas cost of at least max_instance', () => {
    const result = w.vm.readOnlyCall({ target: w.tester, function: 'hello', maxGas: CALL_GAS, context: CONTEXT });
    expect(result.ok).toBe(true);
    expect(Buffer.from(result.returnValue).toString()).toBe('Hello, Mason!');
    expect(result.gasUsed).toBeLessThan(2_100_000n);
    expect(result.gasCost).toBe(2_100_000n);
  });

  it('reports state changes and events without committing anything', () => {
    const before = w.ledger.getBalance(w.tester);
    const result = w.vm.readOnlyCall({
      caller: SENDER,
      target: w.tester,
      function: 'setValue',
      param: new Args().addString('ro').addString('value').serialize(),
      coins: MAS,
      maxGas: CALL_GAS,
      context: CONTEXT,
    });
    expect(result.ok).toBe(true);
    expect(result.events[0]!.context.read_only).toBe(true);
    expect(result.events[0]!.context.origin_operation_id).toBeNull();
    const change = result.stateChanges.get(w.tester);
    expect(change?.kind === 'update' && change.datastore.get(toKey(new Uint8Array(Buffer.from('ro'))))).toEqual(new Uint8Array(Buffer.from('value')));
    expect(result.committed).toBe(false);
    expect(w.ledger.getDataEntry(w.tester, new Uint8Array(Buffer.from('ro')))).toBeUndefined();
    expect(w.ledger.getBalance(w.tester)).toBe(before);
  });

  it('estimates a nested call from the gas left before the last sub-execution', () => {
    const target = deployTester(w, 'Nested');
    const maxGas = 500_000_000n;
    const result = w.vm.readOnlyCall({
      target: w.tester,
      function: 'forward',
      param: new Args().addString(target).addString('hello').addUint8Array(new Uint8Array()).addU64(0n).serialize(),
      maxGas,
      context: CONTEXT,
    });
    expect(result.ok).toBe(true);
    expect(result.gasCost).toBeGreaterThan(2_100_000n);
    expect(result.gasCost).toBeGreaterThanOrEqual(result.gasUsed);
  });

  it('runs the deployer end to end as read-only bytecode, like web3 gas estimation', () => {
    const result = w.vm.readOnlyBytecode({
      bytecode: w.code.deployer,
      caller: SENDER,
      maxGas: 3_980_167_295n,
      datastore: deployerDatastore([{ bytecode: w.code.tester, args: new Args().addString('RO').serialize(), coins: MAS }]),
      context: CONTEXT,
    });
    expect(result.ok).toBe(true);
    expect(result.createdAddresses).toHaveLength(1);
    expect(result.events.map((event) => event.data)).toContain(`Contract deployed at address: ${result.createdAddresses[0]}`);
    expect(result.gasCost).toBeGreaterThan(745_000_000n);
    expect(w.ledger.hasEntry(result.createdAddresses[0]!)).toBe(false);
  });

  it('reports failures in the result, with no gas cost', () => {
    const result = w.vm.readOnlyCall({ target: w.tester, function: 'fail', maxGas: CALL_GAS, context: CONTEXT });
    expect(result.ok).toBe(false);
    expect(result.gasCost).toBe(0n);
    expect(formatReadOnlyError(result.error!.nodeMessage)).toBe(
      'readonly call failed: VM Error in ReadOnlyExecutionTarget::FunctionCall context: VM execution error: RuntimeError: Runtime error: error: boom at test/contracts/tester.ts:126 col: 3',
    );
    expect(result.events.every((event) => event.context.is_error)).toBe(true);
    const random = w.vm.readOnlyCall({ target: w.tester, function: 'hello', fee: 1n, maxGas: CALL_GAS, context: CONTEXT });
    expect(random.error!.nodeMessage).toMatch(/^Runtime error: spending address AU\w+ not found$/);
  });

  it('refuses more gas than the read-only maximum', () => {
    expect(() => w.vm.readOnlyCall({ target: w.tester, function: 'hello', maxGas: 4_294_967_296n })).toThrow(VmError);
  });
});
