import { Args, MAS } from '@mason/codec';
import type { ExecutionTrace, TraceFrame, TraceHostCall } from '@mason/vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { compileContract } from './compileContract.js';
import { deployContract } from './deployContract.js';
import { call, rpc, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// Every executed operation and asynchronous message keeps its trace on the devnet (on its
// execution worker, handed over as JSON), read back with mason_get_operation_trace.

let devnet: Devnet;
let relay: Uint8Array;
let a: string;
let b: string;

const hostCalls = (frame: TraceFrame, name: string): TraceHostCall[] => frame.hostCalls.filter((c) => c.name === name);
const child = (frame: TraceFrame): TraceFrame => hostCalls(frame, 'call')[0]!.frame!;
const relayArgs = (target: string, fn: string, inner: Uint8Array) => new Args().addString(target).addString(fn).addUint8Array(inner).serialize();

async function callSC(target: string, func: string, param: Uint8Array, on = devnet): Promise<string> {
  const id = await sendOp(on, on.accounts[1]!.secretKey, { type: 'CallSC', maxGas: 100_000_000n, coins: 0n, target, func, param });
  await waitFinal(on, id);
  return id;
}

async function traceOf(id: string, on = devnet): Promise<ExecutionTrace | null> {
  const [trace] = await call<(ExecutionTrace | null)[]>(on.urls.public, 'mason_get_operation_trace', [[id]]);
  return trace!;
}

beforeAll(async () => {
  devnet = await startTestDevnet({ instant: true });
  relay = await compileContract('relay');
  const alice = devnet.accounts[0]!.secretKey;
  a = await deployContract(devnet, alice, relay, MAS);
  b = await deployContract(devnet, alice, relay, MAS);
}, 120_000);
afterAll(() => devnet?.stop());

describe('execution traces on the devnet', () => {
  it('traces a contract calling another: frames, storage writes, events, gas', async () => {
    const id = await callSC(a, 'relay', relayArgs(b, 'store', new Args().addString('color').addString('blue').serialize()));
    const trace = (await traceOf(id))!;
    expect(trace).toMatchObject({ version: 1, kind: 'CallSC', ok: true, operationId: id, sender: devnet.accounts[1]!.address, fee: '0.01' });
    expect(trace.root).toMatchObject({ kind: 'root', address: a, function: 'relay', caller: devnet.accounts[1]!.address, coins: '0' });
    const inner = child(trace.root!);
    expect(inner).toMatchObject({ kind: 'call', address: b, function: 'store', caller: a });
    const write = hostCalls(inner, 'set_data')[0]!.effects!.find((e) => e.type === 'storageWrite');
    expect(write).toEqual({
      type: 'storageWrite',
      address: b,
      key: { length: 5, hex: '636f6c6f72', text: 'color' },
      value: { length: 4, hex: '626c7565', text: 'blue' },
    });
    expect(hostCalls(inner, 'generate_event')[0]!.effects).toEqual([{ type: 'event', data: 'stored color' }]);
    expect(inner.gasUsed).toBeGreaterThan(0);
    expect(trace.root!.gasUsed).toBeGreaterThan(inner.gasUsed);
    // The trace's gas is the operation's.
    const [info] = await call<any[]>(devnet.urls.public, 'get_operations', [[id]]);
    expect(info.op_exec_status).toBe(true);
    expect(devnet.trace(id)).toEqual(trace);
  });

  it('names the innermost frame of a failure deep in the call tree', async () => {
    // a.relay → b.relay → a.boom, which aborts
    const id = await callSC(a, 'relay', relayArgs(b, 'relay', relayArgs(a, 'boom', new Uint8Array())));
    const trace = (await traceOf(id))!;
    expect(trace.ok).toBe(false);
    expect(trace.failure!.message).toContain('boom deep in the tree');
    const middle = child(trace.root!);
    const deepest = child(middle);
    expect([trace.root!.function, middle.function, deepest.function]).toEqual(['relay', 'relay', 'boom']);
    expect(deepest).toMatchObject({ address: a, caller: b, failure: trace.failure });
    expect(middle.failure).toBeUndefined();
    expect(trace.root!.failure).toBeUndefined();
    expect(hostCalls(deepest, 'generate_event')[0]!.effects).toEqual([{ type: 'event', data: 'about to fail' }]);
  });

  it('traces the asynchronous message an operation emits, by the id its trace gives', async () => {
    const id = await callSC(a, 'later', new Args().addString(b).addString('async').addString('yes').serialize());
    const trace = (await traceOf(id))!;
    const emitted = hostCalls(trace.root!, 'send_message')[0]!.effects!.find((e) => e.type === 'asyncMessage');
    expect(emitted).toMatchObject({ type: 'asyncMessage', destination: b, function: 'store', maxGas: 10_000_000, fee: '0.001' });
    const messageId = (emitted as { id: string }).id;
    // The message runs a period later: a few more operations move the instant clock on.
    let message: ExecutionTrace | null = null;
    for (let i = 0; i < 40 && message === null; i++) {
      await callSC(b, 'store', new Args().addString('tick').addString(String(i)).serialize());
      message = await traceOf(messageId);
    }
    expect(message).toMatchObject({ kind: 'AsyncMessage', ok: true, asyncMessageId: messageId, sender: a, root: { address: b, function: 'store', caller: a } });
    expect(hostCalls(message!.root!, 'set_data')[0]!.effects!.find((e) => e.type === 'storageWrite')).toMatchObject({
      key: { text: 'async' },
      value: { text: 'yes' },
    });
  }, 60_000);

  it('answers a read-only call with its trace on Mason’s method, the node’s method unchanged', async () => {
    const request = { target_address: b, target_function: 'read', parameter: [...new Args().addString('color').serialize()], max_gas: 100_000_000 };
    const [plain] = await call<any[]>(devnet.urls.public, 'execute_read_only_call', [[request]]);
    expect(plain.trace).toBeUndefined();
    const [traced] = await call<any[]>(devnet.urls.public, 'mason_execute_read_only_call', [[request]]);
    expect(traced.result).toEqual(plain.result);
    expect(traced.trace).toMatchObject({ kind: 'ReadOnlyCall', ok: true, root: { address: b, function: 'read' } });
    expect(hostCalls(traced.trace.root, 'get_data')[0]!.effects).toEqual([
      { type: 'storageRead', address: b, key: { length: 5, hex: '636f6c6f72', text: 'color' }, value: { length: 4, hex: '626c7565', text: 'blue' } },
    ]);
  });

  it('records a transaction as a simple record', async () => {
    const to = devnet.accounts[2]!.address;
    const id = await sendOp(devnet, devnet.accounts[1]!.secretKey, { type: 'Transaction', recipient: to, amount: MAS });
    await waitFinal(devnet, id);
    expect(await traceOf(id)).toMatchObject({
      kind: 'Transaction',
      ok: true,
      root: null,
      effects: [{ type: 'transfer', from: devnet.accounts[1]!.address, to, amount: '1' }],
    });
  });

  it('refuses hostile parameters with the node’s errors; unknown ids are null', async () => {
    expect((await rpc(devnet.urls.public, 'mason_get_operation_trace', [])).error?.code).toBe(-32602);
    expect((await rpc(devnet.urls.public, 'mason_get_operation_trace', ['O1abc'])).error?.code).toBe(-32602);
    expect((await rpc(devnet.urls.public, 'mason_get_operation_trace', [[1, 2]])).error?.code).toBe(-32602);
    expect((await rpc(devnet.urls.public, 'mason_get_operation_trace', [[{}]])).error?.code).toBe(-32602);
    expect((await rpc(devnet.urls.public, 'mason_get_operation_trace', [[]])).error?.message).toContain('no arguments');
    const tooMany = await rpc(devnet.urls.public, 'mason_get_operation_trace', [Array.from({ length: 129 }, (_, i) => `O${i}`)]);
    expect(tooMany.error?.message).toContain('too many arguments');
    expect(await call(devnet.urls.public, 'mason_get_operation_trace', [['O1unknown', '']])).toEqual([null, null]);
    expect((await rpc(devnet.urls.public, 'mason_execute_read_only_call', [{}])).error?.code).toBe(-32602);
    expect(devnet.trace('O1unknown')).toBeNull();
  });
});

describe('traces off', () => {
  let off: Devnet;
  beforeAll(async () => {
    off = await startTestDevnet({ instant: true, traces: false });
  }, 60_000);
  afterAll(() => off?.stop());

  it('records nothing', async () => {
    const address = await deployContract(off, off.accounts[0]!.secretKey, relay, MAS);
    const id = await callSC(address, 'store', new Args().addString('k').addString('v').serialize(), off);
    expect(await traceOf(id, off)).toBeNull();
    expect(off.trace(id)).toBeNull();
  });

  it('rejects invalid trace options', async () => {
    await expect(startTestDevnet({ traces: { keep: -1 } })).rejects.toThrow(/traces.keep must be a non-negative integer/);
  });
});
