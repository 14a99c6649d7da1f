import { Args, MAS } from '@mason/codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { ExecutionTracer, type HostedInstance } from '../src/index.js';
import { CONTEXT, SENDER, world, type World } from './helpers/fixtures.js';

// A hosted module (a unit test's, under `mason test --trace`) traced as one execution: its own ABI
// calls on the root frame, the contracts it calls in frames of their own.
const CONTRACT = 'AS12BqZEQ6sByhRLyEuf0YbQmcF2PsDdkNNG1akBJu9XcjZA1eT';
const GAS = 1_000_000_000n;

let w: World;
beforeAll(async () => {
  w = await world();
});

function hosted(): { host: HostedInstance; call(fn: string, param?: Uint8Array): void } {
  const host = w.vm.hostInstance({ callStack: [{ address: SENDER }, { address: CONTRACT }], gas: GAS, context: CONTEXT });
  host.setBalance(CONTRACT, MAS);
  const instance = new WebAssembly.Instance(new WebAssembly.Module(w.code.tester), host.imports);
  host.attach(instance);
  return { host, call: (fn, param = new Uint8Array()) => void (instance.exports[fn] as (ptr: number) => number)(host.newBuffer(param)) };
}

const forward = (fn: string) => new Args().addString(w.tester).addString(fn).addUint8Array(new Uint8Array()).addU64(0n).serialize();

describe('HostedInstance traces', () => {
  it("records the module's host calls on the root frame and the contracts it calls in nested frames", () => {
    const { host, call } = hosted();
    const tracer = new ExecutionTracer();
    const before = host.gas;
    host.startTrace(tracer, 'my test');
    call('setValue', new Args().addString('k').addString('v').serialize());
    call('forward', forward('hello'));
    const trace = host.stopTrace()!;
    expect(trace).toBe(tracer.trace);
    expect(trace.ok).toBe(true);
    expect(trace.gasUsed).toBe(Number(before - host.gas));
    const root = trace.root!;
    expect(root).toMatchObject({ kind: 'root', address: CONTRACT, function: 'my test', caller: SENDER, gasUsed: trace.gasUsed });
    const write = root.hostCalls.find((entry) => entry.name === 'set_data')!;
    expect(write.effects).toContainEqual(expect.objectContaining({ type: 'storageWrite', address: CONTRACT }));
    const nested = root.hostCalls.find((entry) => entry.name === 'call')!;
    expect(nested.frame).toMatchObject({ kind: 'call', address: w.tester, function: 'hello', caller: CONTRACT });
    expect(nested.gas).toBeGreaterThan(nested.frame!.gasUsed);

    // Once stopped, nothing more is recorded.
    const calls = root.hostCalls.length;
    call('setValue', new Args().addString('k2').addString('v').serialize());
    expect(tracer.trace!.root!.hostCalls).toHaveLength(calls);
    expect(host.stopTrace()).toBeUndefined();
  });

  it('ends a failed run with the failure on the frame that failed', () => {
    const { host, call } = hosted();
    const tracer = new ExecutionTracer();
    host.startTrace(tracer, 'failing test');
    expect(() => call('forward', forward('fail'))).toThrow(/boom/);
    const trace = host.stopTrace({ message: 'boom', code: 'MASON_VM_ABORT' })!;
    expect(trace.ok).toBe(false);
    expect(trace.failure).toEqual({ message: 'boom', code: 'MASON_VM_ABORT' });
    const failed = trace.root!.hostCalls.find((entry) => entry.name === 'call')!.frame!;
    expect(failed).toMatchObject({ function: 'fail', failure: { message: 'boom' } });
    expect(failed.hostCalls.map((entry) => entry.name)).toEqual(expect.arrayContaining(['generate_event', 'set_data']));
    // The failed call's gas counts in the test's frame.
    expect(trace.root!.gasUsed).toBeGreaterThanOrEqual(failed.gasUsed);
    expect(trace.root!.failure).toBeUndefined();
  });
});
