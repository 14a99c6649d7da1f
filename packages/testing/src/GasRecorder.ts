import { abiSignature, type Abi } from '@mason/codec/base';
import type { HostedInstance, LedgerReader, LedgerState, Vm } from '@mason/vm';
import { GAS_REPORT_MAX_GAS } from './defaults.js';

/** A contract of the project, as `mason build` builds it: what the gas report runs. */
export interface GasReportContract {
  /** As `mason build` names it: its path in the contracts folder without `.ts` (`main`, `tokens/erc20`). */
  name: string;
  /** Absolute path of its entry file. */
  file: string;
  /** The bytecode a deployment stores (`build/<name>.wasm`). */
  bytecode: Uint8Array;
  /** Its interface (`build/<name>.abi.json`): the report then shows each function's parameters and result. */
  abi?: Abi;
}

export interface FunctionGas {
  name: string;
  /** `transfer(to: string, amount: u256) → bool`, when the contract's ABI is known (`GasReportContract.abi`). */
  signature?: string;
  calls: number;
  min: bigint;
  /** The middle value; with an even count, the mean of the two middle ones (rounded down). */
  median: bigint;
  max: bigint;
  mean: bigint;
  /** Calls that failed as a CallSC (abort, trap, refused ABI); their gas counts in the figures. */
  failed: number;
  /** Calls that ran out of GAS_REPORT_MAX_GAS: they could not run on a node at all. */
  outOfGas: number;
}

export interface ContractGas {
  /** The contract's name, or the address of a contract deployed from other bytes. */
  name: string;
  functions: FunctionGas[];
}

export interface GasReport {
  /** The gas limit of each measured CallSC. */
  maxGas: bigint;
  contracts: ContractGas[];
}

interface CallRecord {
  gas: bigint;
  ok: boolean;
  outOfGas: boolean;
}

/** What the recorder needs of the test host. */
export interface GasRecorderHost {
  readonly vm: Vm;
  readonly hosted: HostedInstance;
  /** Runs `body` with the VM's `print` output dropped (a measurement must not print twice). */
  quietly<T>(body: () => T): T;
}

/**
 * The gas report of a test run. Each call of a contract function that a spec makes (directly, in
 * an instrumented build of the contract, or through the VM with `call`) is measured by running it
 * once more as what it stands for: a CallSC of the contract's real bytecode (as `mason build`
 * makes it) from the same caller, with the same argument bytes, coins, ledger, slot and chain id,
 * committing nothing; under a deploy context the caller owns the contract, as a deployer does
 * while it calls the constructor. The gas is then the node's: instantiation, launch, metered operators, ABIs
 * and nested calls, exactly what `Vm.callSC` (and so the devnet) charges.
 */
export class GasRecorder {
  private readonly calls = new Map<string, Map<string, CallRecord[]>>();
  private readonly byName = new Map<string, GasReportContract>();
  private depth = 0;
  private testGas = 0n;
  private testCalls = 0;

  constructor(
    contracts: readonly GasReportContract[],
    readonly maxGas: bigint = GAS_REPORT_MAX_GAS,
  ) {
    for (const contract of contracts) this.byName.set(contract.name, contract);
  }

  /** The `mason_gas` import namespace of an instrumented spec (see instrumentContract). */
  imports(host: GasRecorderHost): Record<string, (...args: any[]) => unknown> {
    return {
      enter: (contract: number, name: number, args: number) => {
        this.depth++;
        // A contract function calling another one of its own is part of the outer call.
        if (this.depth !== 1) return;
        const { hosted } = host;
        const frames = hosted.frames;
        const target = frames[frames.length - 1]!;
        const caller = frames[frames.length - 2] ?? target;
        const contractName = hosted.readString(contract);
        const param = args === 0 ? new Uint8Array() : hosted.readBuffer(args);
        const bytecode = this.byName.get(contractName)?.bytecode;
        // A deploy context (setDeployContext) gives the caller the contract: its constructor runs with that right.
        const callerOwns = (caller.ownedAddresses ?? []).filter((address) => address !== caller.address);
        this.measure(host, contractName, hosted.readString(name), {
          caller: caller.address,
          target: target.address,
          param,
          coins: target.coins ?? 0n,
          bytecode,
          callerOwns,
        });
      },
      exit: () => {
        if (this.depth > 0) this.depth--;
      },
    };
  }

  /** Wraps the `call` ABI of the spec module: a call through the VM is measured as a CallSC too. */
  wrapCall(host: GasRecorderHost, call: Function): (address: number, fn: number, param: number, coins: bigint) => unknown {
    return (address, fn, param, coins) => {
      const { hosted } = host;
      const target = hosted.readString(address);
      const frames = hosted.frames;
      const caller = frames[frames.length - 1]!.address;
      const bytecode = hosted.state.getBytecode(target);
      if (bytecode) {
        const name = this.nameOf(target, bytecode);
        this.measure(host, name, hosted.readString(fn), {
          caller,
          target,
          param: hosted.readBuffer(param),
          coins: BigInt.asUintN(64, coins),
          transferred: false,
        });
      }
      return call(address, fn, param, coins);
    };
  }

  /** A test (or hook) starts: an instrumented call left by an abort does not count as still running. */
  resetDepth(): void {
    this.depth = 0;
  }

  /** By its bytecode, not its address: after a reset, the same address may hold another contract. */
  private nameOf(address: string, bytecode: Uint8Array): string {
    const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);
    return [...this.byName.values()].find((contract) => same(contract.bytecode, bytecode))?.name ?? address;
  }

  private measure(
    host: GasRecorderHost,
    contract: string,
    fn: string,
    call: {
      caller: string;
      target: string;
      param: Uint8Array;
      coins: bigint;
      bytecode?: Uint8Array | undefined;
      transferred?: boolean;
      callerOwns?: string[];
    },
  ): void {
    const { vm, hosted } = host;
    // A direct call's coins are already on the contract (setTransferredCoins moved them): the CallSC moves them again.
    const moved = call.transferred === false || call.caller === call.target ? 0n : call.coins;
    const state = overlay(hosted.state, call, moved);
    const result = host.quietly(() =>
      vm.callSC({
        caller: call.caller,
        target: call.target,
        function: fn,
        param: call.param,
        coins: call.coins,
        maxGas: this.maxGas,
        state,
        // A fresh context of the same slot: the test's own counters (event index, created addresses) stay as they are.
        context: { slot: hosted.slot.slot, timestamp: hosted.slot.timestamp, blockId: hosted.slot.blockId, executionTrailHash: hosted.slot.executionTrailHash },
        ...(hosted.operationId !== null && { operationId: hosted.operationId }),
        commit: false,
        ...(call.callerOwns?.length && { callerOwns: call.callerOwns }),
      }),
    );
    let functions = this.calls.get(contract);
    if (!functions) this.calls.set(contract, (functions = new Map()));
    let records = functions.get(fn);
    if (!records) functions.set(fn, (records = []));
    records.push({ gas: result.gasUsed, ok: result.ok, outOfGas: result.error?.code === 'MASON_VM_OUT_OF_GAS' });
    this.testGas += result.gasUsed;
    this.testCalls++;
  }

  /** Min, median, max and mean gas per function, contracts and functions by name. */
  /** A test (its beforeEach hooks, then itself) starts: its calls are summed from here. */
  beginTest(): void {
    this.testGas = 0n;
    this.testCalls = 0;
  }

  /** The gas of the contract calls measured since beginTest, or undefined when the test called none. */
  currentTestGas(): bigint | undefined {
    return this.testCalls > 0 ? this.testGas : undefined;
  }

  report(): GasReport {
    const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    const contracts: ContractGas[] = [];
    for (const [name, functions] of this.calls) {
      const stats: FunctionGas[] = [];
      const abi = this.byName.get(name)?.abi;
      for (const [fn, records] of functions) {
        const described = abi?.functions.find((entry) => entry.name === fn);
        const gas = records.map((record) => record.gas).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const middle = gas.length >> 1;
        stats.push({
          name: fn,
          ...(described && { signature: abiSignature(described) }),
          calls: gas.length,
          min: gas[0]!,
          median: gas.length % 2 === 1 ? gas[middle]! : (gas[middle - 1]! + gas[middle]!) / 2n,
          max: gas[gas.length - 1]!,
          mean: gas.reduce((sum, value) => sum + value, 0n) / BigInt(gas.length),
          failed: records.filter((record) => !record.ok).length,
          outOfGas: records.filter((record) => record.outOfGas).length,
        });
      }
      contracts.push({ name, functions: stats.sort(byName) });
    }
    return { maxGas: this.maxGas, contracts: contracts.sort(byName) };
  }
}

/**
 * The test ledger as the measured CallSC sees it: the target runs the contract's real bytecode, and
 * coins already moved to it for the call go back to the caller (the CallSC moves them itself).
 */
function overlay(base: LedgerReader, call: { caller: string; target: string; bytecode?: Uint8Array | undefined }, moved: bigint): LedgerState {
  return {
    getBalance: (address) => {
      const balance = base.getBalance(address);
      if (balance === undefined || moved === 0n) return balance;
      if (address === call.caller) return balance + moved;
      if (address === call.target) return balance > moved ? balance - moved : 0n;
      return balance;
    },
    getBytecode: (address) => (address === call.target && call.bytecode ? call.bytecode : base.getBytecode(address)),
    getDataEntry: (address, key) => base.getDataEntry(address, key),
    getDataKeys: (address, prefix) => base.getDataKeys(address, prefix),
    hasEntry: (address) => base.hasEntry(address),
    applyChanges: () => {
      throw new Error('a gas measurement never commits');
    },
  };
}
