// Trace frames keep the argument bytes each function got and the bytes it returned, so that a
// reader with the contract's ABI can show the call's values (docs/debugging.md).
import { Args, toHex } from '@mason/codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { ExecutionTracer } from '../src/index.js';
import { CALL_GAS, CONTEXT, deployTester, SENDER, world, type World } from './helpers/fixtures.js';

let w: World;
let other: string;
beforeAll(async () => {
  w = await world();
  other = deployTester(w, 'Other');
});

describe('trace frame arguments and results', () => {
  it('records the root and nested frames’ argument bytes and returned bytes', () => {
    const inner = new Args().addString('payload').serialize();
    const param = new Args().addString(other).addString('echo').addUint8Array(inner).addU64(0n).serialize();
    const tracer = new ExecutionTracer();
    const result = w.vm.callSC({ caller: SENDER, target: w.tester, function: 'forward', param, coins: 0n, maxGas: CALL_GAS, context: CONTEXT, tracer });
    expect(result.ok).toBe(true);
    const root = tracer.trace!.root!;
    expect(root.args).toMatchObject({ length: param.length, hex: toHex(param) });
    expect(root.returned).toMatchObject({ length: inner.length, hex: toHex(inner) });
    const nested = root.hostCalls.find((call) => call.frame !== undefined)!.frame!;
    expect(nested).toMatchObject({ address: other, function: 'echo' });
    expect(nested.args).toMatchObject({ hex: toHex(inner) });
    expect(nested.returned).toMatchObject({ hex: toHex(inner) });
  });

  it('leaves both out when a function takes and returns nothing', () => {
    const tracer = new ExecutionTracer();
    w.vm.callSC({ caller: SENDER, target: w.tester, function: 'noResult', param: new Uint8Array(), coins: 0n, maxGas: CALL_GAS, context: CONTEXT, tracer });
    const root = tracer.trace!.root!;
    expect(root).not.toHaveProperty('args');
    expect(root).not.toHaveProperty('returned');
  });
});
