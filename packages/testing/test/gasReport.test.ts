import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryLedger, Vm } from '@mason/vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_BALANCE,
  CONTRACT_BALANCE,
  DEFAULT_CALLER,
  DEFAULT_CHAIN_ID,
  DEFAULT_CONTRACT,
  DEFAULT_OPERATION_ID,
  DEFAULT_SLOT,
  DEFAULT_TIMESTAMP,
  runTests,
  type FunctionGas,
  type TestRunResult,
} from '../src/index.js';
import { captureOutput, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

const MAX_GAS = 100_000_000n;
let project: FixtureProject;
let bytecode: Uint8Array;
let result: TestRunResult;
let report: string;

beforeAll(async () => {
  project = await fixtureProject('gas', ['counter']);
  bytecode = new Uint8Array(readFileSync(join(project.root, 'build', 'counter.wasm')));
  const output = captureOutput();
  result = await runTests({
    root: project.root,
    output,
    color: false,
    cache: false,
    gasReport: { contracts: [{ name: 'counter', file: join(project.root, 'assembly/contracts/counter.ts'), bytecode }], maxGas: MAX_GAS },
  });
  report = output.text();
});
afterAll(() => project.remove());

const gasOf = (name: string): FunctionGas =>
  result.gasReport!.contracts.find((contract) => contract.name === 'counter')!.functions.find((fn) => fn.name === name)!;

/** The same calls as CallSC operations on a VM holding the contract at DEFAULT_CONTRACT. */
function callSC(calls: Array<[string, Uint8Array, string[]?]>, caller = DEFAULT_CALLER): bigint[] {
  const vm = new Vm({
    chainId: DEFAULT_CHAIN_ID,
    state: new MemoryLedger({ [DEFAULT_CALLER]: { balance: ACCOUNT_BALANCE }, [DEFAULT_CONTRACT]: { balance: CONTRACT_BALANCE, bytecode } }),
  });
  return calls.map(([fn, param, callerOwns]) => {
    const outcome = vm.callSC({
      caller,
      target: DEFAULT_CONTRACT,
      function: fn,
      param,
      maxGas: MAX_GAS,
      context: { slot: DEFAULT_SLOT, timestamp: DEFAULT_TIMESTAMP },
      operationId: DEFAULT_OPERATION_ID,
      ...(callerOwns && { callerOwns }),
    });
    expect(outcome.error?.message).toBeUndefined();
    return outcome.gasUsed;
  });
}

const u64Args = (value: bigint) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
};

describe('mason test --gas-report', () => {
  it('still runs the specs as usual', () => {
    expect(result.files[0]!.tests.filter((test) => !test.passed)).toEqual([]);
    expect([result.passed, result.failed]).toEqual([6, 0]);
  });

  it('gives each function the gas the VM charges for the same CallSC', () => {
    const [deployed, valueAt0, one, thousand, five, valueAt1006, twice, valueAt1010] = callSC([
      ['constructor', u64Args(0n), [DEFAULT_CONTRACT]],
      ['value', new Uint8Array()],
      ['increment', u64Args(1n)],
      ['increment', u64Args(1000n)],
      ['increment', u64Args(5n)],
      ['value', new Uint8Array()],
      ['incrementTwice', u64Args(2n)],
      ['value', new Uint8Array()],
    ]);
    const increments = [one!, thousand!, five!].sort((a, b) => (a < b ? -1 : 1));
    expect(gasOf('increment')).toMatchObject({ calls: 3, min: increments[0], median: increments[1], max: increments[2], failed: 0 });
    expect(gasOf('incrementTwice')).toMatchObject({ calls: 1, min: twice, max: twice });
    const values = [valueAt0!, valueAt1006!, valueAt1010!].sort((a, b) => (a < b ? -1 : 1));
    expect(gasOf('value')).toMatchObject({ calls: 3, min: values[0], median: values[1], max: values[2] });
    // setDeployContext: the constructor runs with the deployer's right on the contract, as on chain.
    expect(gasOf('constructor')).toMatchObject({ calls: 1, min: deployed, failed: 0 });
  });

  it('measures a call made through the VM (call()) as a CallSC from the contract under test, named by its bytecode', () => {
    const [double] = callSC([['double', u64Args(7n)]], DEFAULT_CONTRACT);
    expect(gasOf('double')).toMatchObject({ calls: 1, min: double, max: double, failed: 0 });
  });

  it('counts a failing call with the gas it used, and goes on after it (the abort skipped the exit hook)', () => {
    expect(gasOf('boom')).toMatchObject({ calls: 1, failed: 1, outOfGas: 0 });
    expect(gasOf('boom').min).toBeGreaterThan(0n);
    expect(gasOf('spin').calls).toBe(1);
  });

  it('flags a call that passes unmetered in the spec but runs out of gas as a CallSC', () => {
    expect(gasOf('spin')).toMatchObject({ calls: 1, min: MAX_GAS, max: MAX_GAS, failed: 1, outOfGas: 1 });
    expect(report).toMatch(/^ {4}spin +1 +100,000,000 +100,000,000 +100,000,000 +100,000,000 {2}1 out of gas$/m);
  });

  it('leaves out exports a CallSC cannot call', () => {
    expect(result.gasReport!.contracts.map((contract) => contract.name)).toEqual(['counter']);
    expect(gasOf('add')).toBeUndefined();
  });

  it('prints a table per contract before the summary line', () => {
    const lines = report.trimEnd().split('\n');
    const start = lines.findIndex((line) => line.startsWith('Gas report'));
    expect(lines[start]).toBe('Gas report (gas of each call as a CallSC of the built contract, limit 100,000,000)');
    expect(lines.slice(start + 2, start + 4)).toEqual(['  counter', '    function        calls          min       median          max         mean']);
    expect(lines.slice(start + 4, start + 11).map((line) => line.trim().split(/ +/)[0])).toEqual([
      'boom',
      'constructor',
      'double',
      'increment',
      'incrementTwice',
      'spin',
      'value',
    ]);
    expect(lines.at(-1)).toMatch(/^✔ 6 passed, 0 failed/);
  });
});
