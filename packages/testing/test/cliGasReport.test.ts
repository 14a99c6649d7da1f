import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  GAS_REPORT_MAX_GAS,
} from '../src/index.js';
import { cliBin, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

// `mason test --gas-report` as a user runs it: mason build first, then the report.
let project: FixtureProject;
beforeAll(async () => {
  project = await fixtureProject('gas');
});
afterAll(() => project.remove());

const mason = (...args: string[]) =>
  spawnSync(process.execPath, [cliBin, 'test', ...args], { cwd: project.root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

const u64Args = (value: bigint) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
};

describe('mason test --gas-report', () => {
  it('builds the contracts and prints, per function, the gas of the same calls as CallSC operations', () => {
    const run = mason('--gas-report');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const bytecode = new Uint8Array(readFileSync(join(project.root, 'build', 'counter.wasm')));
    const vm = new Vm({
      chainId: DEFAULT_CHAIN_ID,
      state: new MemoryLedger({ [DEFAULT_CALLER]: { balance: ACCOUNT_BALANCE }, [DEFAULT_CONTRACT]: { balance: CONTRACT_BALANCE, bytecode } }),
    });
    const context = { slot: DEFAULT_SLOT, timestamp: DEFAULT_TIMESTAMP };
    vm.callSC({
      caller: DEFAULT_CALLER,
      target: DEFAULT_CONTRACT,
      function: 'constructor',
      param: u64Args(0n),
      maxGas: GAS_REPORT_MAX_GAS,
      context,
      callerOwns: [DEFAULT_CONTRACT],
    });
    vm.callSC({ caller: DEFAULT_CALLER, target: DEFAULT_CONTRACT, function: 'value', maxGas: GAS_REPORT_MAX_GAS, context });
    const gas = [1n, 1000n, 5n]
      .map(
        (by) =>
          vm.callSC({
            caller: DEFAULT_CALLER,
            target: DEFAULT_CONTRACT,
            function: 'increment',
            param: u64Args(by),
            maxGas: GAS_REPORT_MAX_GAS,
            context: { slot: DEFAULT_SLOT, timestamp: DEFAULT_TIMESTAMP },
            operationId: DEFAULT_OPERATION_ID,
          }).gasUsed,
      )
      .sort((a, b) => (a < b ? -1 : 1));
    const grouped = (value: bigint) => value.toLocaleString('en-US');
    // Each function as its ABI (build/counter.abi.json) describes it, columns two spaces apart.
    const row = run.stdout.split('\n').find((line) => line.trim().startsWith('increment('))!;
    expect(row.trim().split(/ {2,}/)).toEqual([
      'increment(by: u64) → u64',
      '3',
      grouped(gas[0]!),
      grouped(gas[1]!),
      grouped(gas[2]!),
      grouped((gas[0]! + gas[1]! + gas[2]!) / 3n),
    ]);
    expect(run.stdout).toContain('Gas report (gas of each call as a CallSC of the built contract, limit 4,294,167,295)');
    expect(run.stdout).toMatch(/^ {4}boom\(\) +1 .* {2}1 failed$/m);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^✔ 6 passed, 0 failed \(1 spec file, /);
  });

  it('refuses a value given to the flag', () => {
    const run = mason('--gas-report=json');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('--gas-report');
    expect(run.stdout).toBe('');
  });

  it('says why when the project has no contracts to measure', () => {
    rmSync(join(project.root, 'assembly', 'contracts', 'counter.ts'));
    try {
      const run = mason('--gas-report');
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('[MASON_COMPILER_NO_CONTRACTS]');
    } finally {
      writeFileSync(
        join(project.root, 'assembly', 'contracts', 'counter.ts'),
        readFileSync(new URL('fixtures/gas/assembly/contracts/counter.ts', import.meta.url)),
      );
    }
  });

  it("names the cause when the as-pect config does not use Mason's host", () => {
    writeFileSync(
      join(project.root, 'as-pect.config.js'),
      'export default { entries: ["assembly/__tests__/**/*.spec.ts"], include: [], disclude: [], instantiate: (memory, createImports, instantiate, binary) => instantiate(binary, createImports({})) };\n',
    );
    try {
      const run = mason('--gas-report');
      expect(run.status).toBe(1);
      // The first namespace missing is named: the helpers' (this spec uses them) or the gas report's.
      expect(run.stdout).toMatch(
        /imports mason_(testing|gas)\.\*, which neither a Massa node nor the test host provides: .* need(s)? Mason's test host \(instantiate: masonHost\(\) in as-pect\.config\.js\)/,
      );
    } finally {
      rmSync(join(project.root, 'as-pect.config.js'));
    }
  });
});
