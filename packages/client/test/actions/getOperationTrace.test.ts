import { Args, type ExecuteReadOnlyResponse } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileContract } from '../compileContract.js';
import { deploy, type Devnet, startTestDevnet, utf8 } from '../devnet.js';
import { Account } from '../../src/account/Account.js';
import type { Client } from '../../src/client.js';
import { createClient } from '../../src/createClient.js';
import { callSC } from '../../src/operations/callSC.js';
import { executeReadOnlyCallTraced } from '../../src/actions/executeReadOnlyCallTraced.js';
import { getOperationTrace } from '../../src/actions/getOperationTrace.js';

let devnet: Devnet;
let client: Client;
let account: Account;
let contract: string;

beforeAll(async () => {
  const [greeter, deployer] = await Promise.all([compileContract('greeter'), compileContract('deployer')]);
  devnet = await startTestDevnet();
  client = createClient({ url: devnet.urls.public, retry: false });
  account = Account.fromSecretKey(devnet.accounts[0]!.secretKey);
  ({ address: contract } = await deploy(client, account, { deployer, contract: greeter, args: new Args().addString('Mason') }));
}, 60_000);
afterAll(async () => {
  await client?.close();
  await devnet?.stop();
});

describe('a Mason devnet’s traces through the client', () => {
  it('getOperationTrace: the call tree of an operation, null for an unknown id', async () => {
    const op = await callSC(client, account, { target: contract, func: 'sum', parameter: new Args().addI32(2).addI32(3) });
    await op.waitFinal({ pollIntervalMs: 5 });
    const [trace, unknown] = await getOperationTrace(client, [op.id, 'O1nothing']);
    expect(unknown).toBeNull();
    expect(trace).toMatchObject({ version: 1, kind: 'CallSC', ok: true, operationId: op.id, root: { address: contract, function: 'sum' } });
    const events = trace!.root!.hostCalls.flatMap((call) => call.effects ?? []).filter((effect) => effect.type === 'event');
    expect(events).toEqual([{ type: 'event', data: 'sum: 2 + 3 = 5' }]);
  });

  it('executeReadOnlyCallTraced: the node’s answer plus the trace', async () => {
    const [answer] = await executeReadOnlyCallTraced(client, [{ target_address: contract, target_function: 'greet', parameter: [], max_gas: 100_000_000 }]);
    expect((answer!.result as Extract<ExecuteReadOnlyResponse['result'], { Ok: number[] }>).Ok).toEqual([...utf8('Hello, Mason!')]);
    expect(answer!.trace).toMatchObject({ kind: 'ReadOnlyCall', root: { function: 'greet' } });
  });
});

describe('readOnlyCall with trace', () => {
  it('returns the trace with the result, and with the error of a failed call', async () => {
    const { readOnlyCall } = await import('../../src/operations/readOnlyCall.js');
    const result = await readOnlyCall(client, { target: contract, func: 'greet', trace: true });
    expect(result.trace).toMatchObject({ kind: 'ReadOnlyCall', ok: true });
    const plain = await readOnlyCall(client, { target: contract, func: 'greet' });
    expect(plain.trace).toBeUndefined();
    const failure = await readOnlyCall(client, { target: contract, func: 'fail', trace: true }).catch((error: unknown) => error);
    expect((failure as { code: string }).code).toBe('MASON_CLIENT_READ_ONLY_FAILED');
    expect((failure as { context: { trace: { ok: boolean; failure: { message: string } } } }).context.trace).toMatchObject({
      ok: false,
      failure: { message: expect.stringContaining('this call always fails') },
    });
  });
});
