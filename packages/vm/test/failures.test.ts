import { Args, MAS } from '@mason/codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMassaExecutionError, formatReadOnlyError, SlotContext } from '../src/index.js';
import { compileContract } from './helpers/compileContract.js';
import { CALL_GAS, CONTEXT, SENDER, world, type World } from './helpers/fixtures.js';

let w: World;
beforeAll(async () => {
  w = await world();
});

const call = (fn: string, param: Uint8Array = new Uint8Array(), maxGas = CALL_GAS) =>
  w.vm.callSC({ caller: SENDER, target: w.tester, function: fn, param, maxGas, context: CONTEXT, operationId: 'O1op' });

describe('failures', () => {
  it('stops an infinite loop with the node out-of-gas text, charging the whole budget', () => {
    const result = call('loopForever', new Uint8Array(), 50_000_000n);
    expect(result.ok).toBe(false);
    expect(result.error).toMatchObject({
      code: 'MASON_VM_OUT_OF_GAS',
      function: 'loopForever',
      gasUsed: 50_000_000n,
      gasLimit: 50_000_000n,
      nodeMessage: 'VM Error in CallSC context: VM execution error: Not enough gas, limit reached at: loopForever',
    });
    expect(result.error!.message).toBe('Out of gas in "loopForever" (50000000 used of 50000000); raise max gas');
  });

  it("keeps the node's text for an abort without a file name, and still reports the message and why", () => {
    const result = call('bareAbort');
    expect(result.error).toMatchObject({ code: 'MASON_VM_ABORT_UNREADABLE' });
    expect(result.error!.abort).toBeUndefined();
    expect(result.error!.nodeMessage).toBe(
      'VM Error in CallSC context: VM execution error: RuntimeError: Runtime error: aborting failed to load message or filename',
    );
    expect(result.error!.message).toContain('The contract aborted with "Please use transformer to dynamically include the file."');
    expect(result.error!.message).toContain("its file name is null: AssemblyScript's bare abort(message) passes none");
    expect(result.error!.message).toContain('a Massa node reports only "aborting failed to load message or filename"');
  });

  it('says why the message of an abort cannot be read', () => {
    const result = call('abortOutsideMemory');
    expect(result.error).toMatchObject({ code: 'MASON_VM_ABORT_UNREADABLE' });
    expect(result.error!.nodeMessage).toMatch(/aborting failed to load message or filename$/);
    expect(result.error!.message).toMatch(
      /^The contract aborted with a message that cannot be read at assembly\/contracts\/main\.ts:7:5, but its message pointer 2147483632 is outside the contract's memory \(\d+ bytes\);/,
    );
  });

  it('reports an abort with message, file, line and column, and the layered node text', () => {
    const before = w.ledger.getBalance(w.tester);
    const result = call('fail');
    expect(result.error).toMatchObject({
      code: 'MASON_VM_ABORT',
      abort: { message: 'boom', file: 'test/contracts/tester.ts', line: 126, column: 3 },
      callStack: [SENDER, w.tester],
    });
    expect(result.error!.nodeMessage).toBe(
      'VM Error in CallSC context: VM execution error: RuntimeError: Runtime error: error: boom at test/contracts/tester.ts:126 col: 3',
    );
    // the event emitted before the failure is kept, flagged, and followed by the error event
    expect(result.events.map((event) => [event.data, event.context.is_error])).toEqual([
      ['before failing', true],
      [
        '{"massa_execution_error":"Runtime error: runtime error when executing operation O1op: VM Error in CallSC context: VM execution error: RuntimeError: Runtime error: error: boom at test/contracts/tester.ts:126 col: 3"}',
        true,
      ],
    ]);
    // nothing the call did survives
    expect(w.ledger.getDataEntry(w.tester, Buffer.from('touched'))).toBeUndefined();
    expect(w.ledger.getBalance(w.tester)).toBe(before);
    expect(result.stateChanges.size).toBe(0);
  });

  it('fails on an event above 1024 bytes and on the 26th event', () => {
    expect(call('bigEvent', new Args().addU32(1024).serialize()).ok).toBe(true);
    const big = call('bigEvent', new Args().addU32(1025).serialize());
    expect(big.error!.nodeMessage).toBe('VM Error in CallSC context: VM execution error: RuntimeError: Runtime error: Event data size is too large');
    expect(call('emitMany', new Args().addU32(25).serialize()).events).toHaveLength(25);
    const many = call('emitMany', new Args().addU32(26).serialize());
    expect(many.error!.nodeMessage).toContain('Too many event for this operation');
    expect(many.events.filter((event) => event.context.is_error)).toHaveLength(26);
  });

  it('limits nested calls to 25 with a depth error', () => {
    const ok = call('nest', new Args().addU32(25).serialize(), 1_000_000_000n);
    expect(ok.ok).toBe(true);
    expect(new Args(ok.returnValue).nextU64()).toBe(27n);
    const deep = call('nest', new Args().addU32(26).serialize(), 1_000_000_000n);
    expect(deep.error).toMatchObject({ code: 'MASON_VM_DEPTH' });
    expect(deep.error!.nodeMessage).toBe('VM Error in CallSC context: Depth error: recursion depth limit reached');
  });

  it('turns wasm stack exhaustion and memory exhaustion into traps', () => {
    const recursion = call('recurse', new Args().addU32(10_000_000).serialize(), 3_000_000_000n);
    expect(recursion.error!.nodeMessage).toBe('VM Error in CallSC context: VM execution error: RuntimeError: call stack exhausted');
    expect(call('recurse', new Args().addU32(100).serialize()).ok).toBe(true);
    const memory = call('exhaustMemory');
    expect(memory.error).toMatchObject({ code: 'MASON_VM_TRAP' });
    expect(memory.error!.nodeMessage).toBe('VM Error in CallSC context: VM execution error: RuntimeError: unreachable');
  });

  it('checks arity and exported names', () => {
    expect(call('twoParams').error!.nodeMessage).toBe('VM Error in CallSC context: VM execution error: Unexpected number of parameters in the function called');
    expect(call('noResult').ok).toBe(true);
    expect(call('missing').error).toMatchObject({
      code: 'MASON_VM_FUNCTION_NOT_FOUND',
      nodeMessage: 'VM Error in CallSC context: VM execution error: Missing export missing',
    });
    expect(call('').error!.nodeMessage).toBe('Runtime error: no function to call in the CallSC operation');
  });

  it('requires the base instance gas before loading a module', () => {
    const result = call('hello', new Uint8Array(), 2_099_999n);
    expect(result.error).toMatchObject({ code: 'MASON_VM_GAS_BELOW_INSTANCE_COST' });
    expect(result.error!.nodeMessage).toBe('Cache error: Load error: Provided gas 2099999 is lower than the base instance creation gas cost 2100000');
  });

  it('rejects calls to missing or non-SC targets before running anything', () => {
    const result = w.vm.callSC({ caller: SENDER, target: SENDER, function: 'x', maxGas: CALL_GAS, context: CONTEXT });
    expect(result.error!.nodeMessage).toBe(`Runtime error: The called address ${SENDER} is not a smart contract address`);
    expect(result.error!.code).toBe('MASON_VM_TARGET');
  });

  it('validates the bytecode of an ExecuteSC', async () => {
    const tiny = w.vm.executeSC({ bytecode: Uint8Array.of(0, 1), caller: SENDER, maxGas: CALL_GAS, context: CONTEXT });
    expect(tiny.error!.nodeMessage).toBe('Cache error: VM error: Too small bytecode');
    const debugBuild = await compileContract('script', { debug: true, sourceMap: true });
    const rejected = w.vm.executeSC({ bytecode: debugBuild, caller: SENDER, maxGas: CALL_GAS, context: CONTEXT });
    expect(rejected.error!.nodeMessage).toBe(
      'Cache error: VM error: VM instance error: Error in middleware CondomMiddleware: The WASM file has too many custom sections. Blocked to prevent compile-time memory bloat',
    );
  });

  it('fails an ExecuteSC that spends more than max coins, storage included', () => {
    const result = w.vm.executeSC({ bytecode: w.code.script, caller: SENDER, maxGas: CALL_GAS, maxCoins: 0n, context: CONTEXT });
    expect(result.error!.code).toBe('MASON_VM_MAX_SPENDING');
    expect(result.error!.nodeMessage).toMatch(
      /^Runtime error: at the end of the execution of the operation, the sender AU\w+ was expected to have at least [\d.]+ coins according to the operation's max spending, but has only [\d.]+\.$/,
    );
    expect(w.vm.executeSC({ bytecode: w.code.script, caller: SENDER, maxGas: CALL_GAS, maxCoins: MAS, context: CONTEXT, commit: false }).ok).toBe(true);
  });
});

describe('node texts', () => {
  it('layers and truncates the error event like the node', () => {
    expect(formatMassaExecutionError('VM Error in CallSC context: x', { operationId: 'O1abc' })).toBe(
      '{"massa_execution_error":"Runtime error: runtime error when executing operation O1abc: VM Error in CallSC context: x"}',
    );
    expect(Buffer.byteLength(formatMassaExecutionError('é'.repeat(2000)))).toBeLessThanOrEqual(1024);
    expect(formatReadOnlyError('Runtime error: x')).toBe('readonly call failed: Runtime error: x');
  });

  it('shares event indices across the operations of a slot and rewinds them after a failure', () => {
    const slot = new SlotContext(CONTEXT);
    const run = (fn: string, param: Uint8Array = new Uint8Array()) =>
      w.vm.callSC({ caller: SENDER, target: w.tester, function: fn, param, maxGas: CALL_GAS, context: slot });
    expect(run('emitMany', new Args().addU32(2).serialize()).events.map((e) => e.context.index_in_slot)).toEqual([0, 1]);
    expect(run('fail').events.map((e) => e.context.index_in_slot)).toEqual([2, 3]);
    // the node restores its event counter to the snapshot, so the next operation reuses index 2
    expect(run('emitMany', new Args().addU32(1).serialize()).events.map((e) => e.context.index_in_slot)).toEqual([2]);
  });
});
