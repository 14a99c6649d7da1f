// Over 400 lines for now: the spec host's state and its test-callback lifecycle; the vm-mock
// branches still in it are to become the HostProfile it is given (issue 30).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Address, toHex } from '@mason/codec';
import {
  ExecutionTracer,
  MemoryLedger,
  SlotContext,
  Vm,
  type ExecutionTrace,
  type HostedFrame,
  type HostedInstance,
  type MemoryLedgerEntryInit,
} from '@mason/vm';
import {
  ACCOUNT_BALANCE,
  CONTRACT_BALANCE,
  DEFAULT_CALLER,
  DEFAULT_CHAIN_ID,
  DEFAULT_CONTRACT,
  DEFAULT_GAS,
  DEFAULT_OPERATION_ID,
  DEFAULT_SLOT,
  DEFAULT_TIMESTAMP,
  FUNDED_ACCOUNTS,
} from './defaults.js';
import { TestingError } from './errors.js';
import type { GasRecorder } from './GasRecorder.js';
import { GAS_IMPORT_MODULE } from './gasImportModule.js';
import { runWithTimeout, TEST_TIMEOUT_MS } from './runWithTimeout.js';
import { VM_MOCK_BALANCE, VM_MOCK_CALLER, VM_MOCK_CHAIN_ID, VM_MOCK_CONTRACT, VM_MOCK_SLOT } from './vmMock.js';
import { currentWasmFrames, errorWasmFrames, type WasmFrame } from '@mason/vm';

export interface TestHostOptions {
  /** Project root: `readFile` paths are relative to it. Default the current directory. */
  root?: string;
  /** Reset the VM before each test (before its `beforeEach` hooks). Default false. */
  resetBetweenTests?: boolean;
  /** Default 77, the devnet's. */
  chainId?: bigint | number;
  /** Receives what the code under test prints (`console.*`, `print`). Default stdout. */
  log?: (line: string) => void;
  /**
   * Run a spec written for vm-mock: its helpers are provided, with vm-mock's default addresses,
   * balances, chain id and slot, and its made-up addresses are accepted. Default: decided by
   * `masonHost` from the spec's imports.
   */
  vmMock?: boolean;
  /** Longest a test (or a hook) may run, in ms, before it fails as an endless loop. Default 10,000. */
  testTimeout?: number;
  /** Measures the contract calls of the spec for the gas report (`mason test --gas-report`). */
  gasRecorder?: GasRecorder;
  /** Record each test's contract calls (its trace: `lastTrace`), for `mason test --trace`. Default false: nothing is recorded. */
  trace?: boolean;
}

type ImportFunctions = Record<string, (...args: any[]) => unknown>;

/** What builds the host's helper imports (hostImportBuilders.ts): given to `imports()`, so that the host imports none of them. */
export interface HostImportBuilders {
  testing(host: TestHost): ImportFunctions;
  vmMock(host: TestHost): ImportFunctions;
  vmMockLeniencies(host: TestHost, massa: Record<string, Function>): Record<string, Function>;
}

/** A failure of a test callback, as the host saw it; positions are resolved by the reporter. */
export interface RawFailure {
  message: string;
  code?: string;
  /** The node's wording of a VM failure, when it adds to `message`. */
  vmMessage?: string;
  /** Where the code aborted (from the abort itself), when it did. */
  abort?: { file: string; line: number; column: number };
  /** Wasm frames at the failure, innermost first (those of the test module locate it). */
  frames: WasmFrame[];
}

interface AbortRecord {
  message: string;
  file: string;
  line: number;
  column: number;
  frames: WasmFrame[];
}

type CallbackKind = 'test' | 'beforeEach' | 'other';

interface AspectResult {
  instance: WebAssembly.Instance;
  exports: Record<string, unknown>;
}

const CONSOLE = { 'console.log': 'log', 'console.info': 'info', 'console.warn': 'warn', 'console.error': 'error', 'console.debug': 'debug' } as const;

/** Where a spec starts: Mason's defaults, or vm-mock's for specs written for it. */
interface HostProfile {
  caller: string;
  contract: string;
  ledger: Record<string, MemoryLedgerEntryInit>;
  chainId: bigint;
  slot: { period: number; thread: number };
  timestamp: number;
}

function masonProfile(chainId: bigint | number | undefined): HostProfile {
  const ledger: Record<string, MemoryLedgerEntryInit> = { [DEFAULT_CONTRACT]: { balance: CONTRACT_BALANCE } };
  for (const address of FUNDED_ACCOUNTS) ledger[address] = { balance: ACCOUNT_BALANCE };
  return {
    caller: DEFAULT_CALLER,
    contract: DEFAULT_CONTRACT,
    ledger,
    chainId: BigInt(chainId ?? DEFAULT_CHAIN_ID),
    slot: DEFAULT_SLOT,
    timestamp: DEFAULT_TIMESTAMP,
  };
}

function vmMockProfile(chainId: bigint | number | undefined): HostProfile {
  const ledger = { [VM_MOCK_CALLER]: { balance: VM_MOCK_BALANCE }, [VM_MOCK_CONTRACT]: { balance: VM_MOCK_BALANCE } };
  // vm-mock's time is the wall clock until mocked: specs compare it with real dates.
  const timestamp = Date.now();
  return { caller: VM_MOCK_CALLER, contract: VM_MOCK_CONTRACT, ledger, chainId: BigInt(chainId ?? VM_MOCK_CHAIN_ID), slot: VM_MOCK_SLOT, timestamp };
}

/**
 * The host of one unit-test module: Mason's VM with a test ledger, its real `env`/`massa` host
 * functions bound to the module (which runs as the contract under test, called by
 * `DEFAULT_CALLER`), and the state the AssemblyScript helpers change. Each test is one operation:
 * it starts with no events and a fresh gas budget, and a failing callback is rolled back.
 */
export class TestHost {
  readonly vm: Vm;
  readonly hosted: HostedInstance;
  readonly root: string;
  resetBetweenTests: boolean;
  /** The failure of the last top-level callback (test or hook), if it failed. */
  lastFailure: RawFailure | undefined;
  /** V8's id of the test module in stack traces (`wasm://wasm/<id>`), learnt from its first callback. */
  moduleId: string | undefined;
  private readonly log: (line: string) => void;
  private readonly resetHooks = new Set<() => void>();
  private readonly operationData = new Map<string, [Uint8Array, Uint8Array]>();
  private readonly testCallbacks = new Set<number>();
  private readonly beforeEachCallbacks = new Set<number>();
  private lastAbort: AbortRecord | undefined;
  private lastKind: CallbackKind = 'other';
  private depth = 0;
  private unpin: ((pointer: number) => void) | undefined;
  /** A spec written for vm-mock (see TestHostOptions.vmMock). */
  readonly vmMock: boolean;
  readonly testTimeout: number;
  /** vm-mock's write access: once granted, the caller may write to the contract whatever the stack. */
  private writeAccess = false;
  /** vm-mock's `mockScCall` values, returned by the next calls instead of running a contract. */
  private readonly mockedCalls: Uint8Array[] = [];
  /** vm-mock's coins spent by mocked calls, which its balance of the contract leaves out. */
  private mockedSpent = 0n;
  private readonly gasRecorder: GasRecorder | undefined;
  private quiet = false;
  /** Absolute paths of the files `readFile` read (or tried to): what the spec depends on at run time. */
  readonly filesRead = new Set<string>();
  // --trace: each test (its beforeEach hooks, then itself) is one traced execution.
  private readonly tracing: boolean;
  private readonly testNames = new Map<number, string>();
  /** With `trace`: the trace of the last test, once it ended (or of the hook that failed before it). */
  lastTrace: ExecutionTrace | undefined;

  constructor(options: TestHostOptions = {}) {
    this.root = resolve(options.root ?? process.cwd());
    this.resetBetweenTests = options.resetBetweenTests ?? false;
    this.vmMock = options.vmMock ?? false;
    this.testTimeout = options.testTimeout ?? TEST_TIMEOUT_MS;
    this.log = options.log ?? ((line) => process.stdout.write(`${line}\n`));
    this.gasRecorder = options.gasRecorder;
    this.tracing = options.trace ?? false;
    const profile = this.vmMock ? vmMockProfile(options.chainId) : masonProfile(options.chainId);
    this.vm = new Vm({
      state: new MemoryLedger(profile.ledger),
      chainId: profile.chainId,
      onPrint: (message) => {
        if (!this.quiet) this.log(`print: ${message}`);
      },
      lenientAddresses: this.vmMock,
      // vm-mock charges nothing for storage; its specs count on balances that storage leaves alone.
      ...(this.vmMock && { limits: { ledgerCostPerByte: 0n, ledgerEntryBaseCost: 0n } }),
    });
    this.hosted = this.vm.hostInstance({
      callStack: [{ address: profile.caller }, { address: profile.contract, ...(this.vmMock && { operationDatastore: [] }) }],
      gas: DEFAULT_GAS,
      context: { slot: profile.slot, timestamp: profile.timestamp },
      operationId: DEFAULT_OPERATION_ID,
    });
  }

  private checkAddress(address: string): string {
    try {
      return Address.fromString(address).toString();
    } catch {
      if (this.vmMock && address.length > 0) return address;
      throw new TestingError('MASON_TESTING_INVALID_ADDRESS', { address });
    }
  }

  /**
   * The `env`, `massa` and `mason_testing` namespaces, to merge with as-pect's own imports; the
   * builders (hostImportBuilders.ts) add Mason's testing helpers and, for a vm-mock spec, vm-mock's.
   */
  imports(builders: HostImportBuilders): WebAssembly.Imports {
    const { env, massa } = this.hosted.imports;
    const hostEnv: Record<string, Function> = { ...env, abort: this.onAbort };
    for (const [name, level] of Object.entries(CONSOLE)) {
      const emit = env[name]!;
      hostEnv[name] = (message: number) => {
        emit(message);
        this.log(`console.${level}: ${this.hosted.readString(message)}`);
      };
    }
    const host = this.vmMock ? { ...massa, ...builders.vmMock(this), ...builders.vmMockLeniencies(this, massa), ...this.mockedCallImports(massa) } : massa;
    const imports: WebAssembly.Imports = { env: hostEnv, massa: host, mason_testing: builders.testing(this) };
    if (this.gasRecorder) {
      imports.massa = { ...host, assembly_script_call: this.gasRecorder.wrapCall(this, host.assembly_script_call!) };
      imports[GAS_IMPORT_MODULE] = this.gasRecorder.imports(this);
    }
    return imports;
  }

  /** Runs `body` with the VM's `print` output dropped. */
  quietly<T>(body: () => T): T {
    const quiet = this.quiet;
    this.quiet = true;
    try {
      return body();
    } finally {
      this.quiet = quiet;
    }
  }

  /** vm-mock's `call`/`local_call` return the queued `mockScCall` values first. */
  private mockedCallImports(massa: Record<string, Function>): Record<string, Function> {
    const call = massa.assembly_script_call!;
    const localCall = massa.assembly_script_local_call!;
    const mocked = (functionName: number, coins: bigint): number => {
      const top = this.frames[this.frames.length - 1]!.address;
      const balance = this.hosted.state.getBalance(top) ?? 0n;
      if (coins > balance) throw new TestingError('MASON_TESTING_MOCKED_CALL', { function: this.hosted.readString(functionName), coins, balance });
      this.hosted.setBalance(top, balance - coins);
      this.mockedSpent += coins;
      return this.hosted.newBuffer(this.mockedCalls.shift()!);
    };
    return {
      assembly_script_call: (address: number, fn: number, param: number, coins: bigint) =>
        this.mockedCalls.length > 0 ? mocked(fn, BigInt.asUintN(64, coins)) : call(address, fn, param, coins),
      assembly_script_local_call: (address: number, fn: number, param: number) =>
        this.mockedCalls.length > 0 ? mocked(fn, 0n) : localCall(address, fn, param),
    };
  }

  /**
   * Watches as-pect's registration imports (after its `createImports`) to know which callbacks are
   * tests and `beforeEach` hooks, and the module's id in stack traces.
   */
  observe(imports: WebAssembly.Imports): void {
    const aspect = imports.__aspect as Record<string, (...args: number[]) => unknown> | undefined;
    if (!aspect) return;
    const watch = (name: string, record: (args: number[]) => void) => {
      const original = aspect[name];
      if (typeof original !== 'function') return;
      aspect[name] = (...args: number[]) => {
        this.moduleId ??= currentWasmFrames()[0]?.module;
        record(args);
        return original(...args);
      };
    };
    const test = ([description, callback]: number[]) => {
      this.testCallbacks.add(callback!);
      if (this.tracing) this.testNames.set(callback!, this.hosted.readString(description!));
    };
    watch('reportTestTypeNode', test);
    watch('reportNegatedTestNode', test);
    watch('beforeEach', ([callback]) => this.beforeEachCallbacks.add(callback!));
    watch('reportGroupTypeNode', () => undefined); // for the module id only
  }

  /** With a gas report: the gas of the contract calls the current test made (as CallSCs), if it made any. */
  testGas(): bigint | undefined {
    return this.gasRecorder?.currentTestGas();
  }

  /** Binds the instantiated module; wraps its `__call` so each test is an operation. */
  attach(result: AspectResult): void {
    this.hosted.attach(result.instance);
    const unpin = result.exports.__unpin;
    if (typeof unpin === 'function') this.unpin = unpin as (pointer: number) => void;
    const call = result.exports.__call as (pointer: number) => void;
    result.exports.__call = (pointer: number) => this.runCallback(call, pointer);
  }

  private runCallback(call: (pointer: number) => void, pointer: number): void {
    const kind: CallbackKind = this.testCallbacks.has(pointer) ? 'test' : this.beforeEachCallbacks.has(pointer) ? 'beforeEach' : 'other';
    if (this.depth === 0) {
      this.gasRecorder?.resetDepth();
      // A test's chain is its beforeEach hooks then the test itself: it starts at the first of them.
      if (kind !== 'other' && this.lastKind !== 'beforeEach') this.startTest();
      this.lastKind = kind;
      this.lastFailure = undefined;
      this.lastAbort = undefined;
    }
    const checkpoint = this.hosted.checkpoint();
    this.depth++;
    try {
      if (this.depth === 1) runWithTimeout(() => call(pointer), this.testTimeout);
      else call(pointer);
      if (this.depth === 1 && kind === 'test') this.endTrace(pointer);
    } catch (error) {
      const failure = this.describe(error);
      if (this.depth === 1) this.endTrace(pointer, failure);
      this.hosted.revert(checkpoint);
      if (this.depth === 1) {
        this.lastFailure = failure;
        this.lastKind = 'other';
      }
      throw error;
    } finally {
      this.depth--;
    }
  }

  private startTest(): void {
    this.gasRecorder?.beginTest();
    if (this.resetBetweenTests) this.reset();
    this.hosted.clearEvents();
    this.hosted.beginOperation(DEFAULT_GAS);
    if (this.tracing) {
      this.lastTrace = undefined;
      this.hosted.startTrace(new ExecutionTracer(), 'test');
    }
  }

  /** With `trace`: the test's execution ended (or failed in a hook); its root frame is named after it. */
  private endTrace(pointer: number, failure?: RawFailure): void {
    const trace = this.hosted.stopTrace(failure && { message: failure.message, ...(failure.code !== undefined && { code: failure.code }) });
    if (trace === undefined) return;
    const name = this.testNames.get(pointer);
    if (trace.root !== null) trace.root.function = name ?? (this.beforeEachCallbacks.has(pointer) ? 'beforeEach' : trace.root.function);
    this.lastTrace = trace;
  }

  // as-pect calls its own abort right after this one, then the module traps: record, don't throw.
  private readonly onAbort = (message: number, file: number, line: number, column: number): void => {
    const text = (pointer: number) => (pointer === 0 ? '' : this.hosted.readString(pointer));
    this.lastAbort = { message: text(message), file: text(file), line, column, frames: currentWasmFrames() };
  };

  private describe(error: unknown): RawFailure {
    const abort = this.lastAbort;
    this.lastAbort = undefined;
    if (abort) return { message: abort.message, abort: { file: abort.file, line: abort.line, column: abort.column }, frames: abort.frames };
    const frames = errorWasmFrames(error);
    const deploying = error instanceof TestingError && error.code === 'MASON_TESTING_DEPLOY_FAILED';
    const vm = this.hosted.describeError(deploying ? error.cause : error);
    if (vm?.abort) {
      const { message, ...position } = vm.abort;
      return { message: `${deploying ? 'deploy() failed: ' : ''}${message}`, code: vm.code, vmMessage: vm.message, abort: position, frames };
    }
    if (error instanceof TestingError) return { message: error.message, code: error.code, frames };
    if (vm) return { message: vm.message, code: vm.code, frames };
    if (error instanceof WebAssembly.RuntimeError) return { message: `wasm trap: ${error.message}`, frames };
    return { message: error instanceof Error ? error.message : String(error), frames };
  }

  /** Runs `hook` at each reset (resetVm, resetBetweenTests), e.g. to forget what the reset undid. */
  onReset(hook: () => void): void {
    this.resetHooks.add(hook);
  }

  /** Back to the initial state (see `resetVm()`); keeps `resetBetweenTests`. */
  reset(): void {
    for (const hook of this.resetHooks) hook();
    this.hosted.reset();
    this.operationData.clear();
    this.mockedCalls.length = 0;
    this.mockedSpent = 0n;
    this.writeAccess = false;
  }

  /**
   * vm-mock's `resetStorage()`: a new ledger and mocks (a mocked time gives way to the wall clock);
   * the call stack, write access and slot stay.
   */
  resetStorage(): void {
    const frames = this.frames;
    const slot = this.hosted.slot;
    const writeAccess = this.writeAccess;
    this.reset();
    this.writeAccess = writeAccess;
    this.hosted.setSlot({ slot: slot.slot, timestamp: Date.now() });
    this.applyFrames(frames.map((frame) => ({ address: frame.address })));
  }

  /** vm-mock's `mockAdminContext(isAdmin)`: whether the caller may write to the contract (deploy, set bytecode). */
  setWriteAccess(granted: boolean): void {
    this.writeAccess = granted;
    this.applyFrames(this.frames.map((frame) => ({ ...frame, ownedAddresses: [frame.address] })));
  }

  /** vm-mock's `setLocalContext(address?)`: the address calls itself, with write access. */
  setLocalContext(address?: string): void {
    const self = address ? this.checkAddress(address) : this.frames[this.frames.length - 1]!.address;
    this.writeAccess = true;
    this.applyFrames([{ address: self }, { address: self }]);
  }

  /** vm-mock's `addAddressToLedger(address)`: an empty entry (balance 0, no data). */
  addAddressToLedger(address: string): void {
    this.hosted.setBalance(this.checkAddress(address), 0n);
  }

  /** vm-mock's `mockBalance`: the contract's balance leaves out the coins of the call. */
  mockBalance(address: string, amount: bigint): void {
    const target = this.checkAddress(address);
    const top = this.frames[this.frames.length - 1]!;
    const ofCall = target === top.address ? (top.coins ?? 0n) - this.mockedSpent : 0n;
    this.hosted.setBalance(target, amount + ofCall > 0n ? amount + ofCall : 0n);
  }

  /** vm-mock's `setCallCoins`/`mockTransferredCoins`: the caller pays `amount` again; 0 takes the coins of the call back from the contract. */
  setCallCoins(amount: bigint): void {
    const frames = this.frames;
    if (frames.length < 2) throw new TestingError('MASON_TESTING_NO_CALLER', { helper: 'mockTransferredCoins' });
    const callee = frames[frames.length - 1]!;
    const caller = frames[frames.length - 2]!;
    const state = this.hosted.state;
    const previous = callee.coins ?? 0n;
    const callerBalance = state.getBalance(caller.address) ?? 0n;
    if (amount > callerBalance) {
      throw new TestingError('MASON_TESTING_INSUFFICIENT_BALANCE', { helper: 'mockTransferredCoins', address: caller.address, balance: callerBalance, amount });
    }
    this.hosted.setBalance(caller.address, callerBalance - amount);
    const calleeBalance = (state.getBalance(callee.address) ?? 0n) + amount - previous;
    this.hosted.setBalance(callee.address, calleeBalance > 0n ? calleeBalance : 0n);
    callee.coins = amount;
    this.applyFrames(frames);
  }

  /**
   * vm-mock's call-stack helpers (`changeCallStack`, `setDeployContext`, `setLocalContext`) change
   * the stack, not the coins of the call (one value in vm-mock, kept until `mockTransferredCoins(0)`
   * or `resetStorage()`): they stay with the new top frame, and move to it if it is another address.
   */
  keepingCallCoins(change: () => void): void {
    const before = this.frames;
    const previous = before[before.length - 1]!;
    const coins = previous.coins ?? 0n;
    change();
    if (coins === 0n) return;
    const frames = this.frames;
    const top = frames[frames.length - 1]!;
    if (top.address !== previous.address) {
      const state = this.hosted.state;
      const held = state.getBalance(previous.address) ?? 0n;
      const moved = held < coins ? held : coins;
      this.hosted.setBalance(previous.address, held - moved);
      this.hosted.setBalance(top.address, (state.getBalance(top.address) ?? 0n) + moved);
    }
    top.coins = coins;
    this.applyFrames(frames);
  }

  /**
   * Runs `body` (one ABI of the spec module) with its frame owning `address` too: vm-mock lets a
   * spec write to any address. Contracts run by `call` get their own frames, with the node's rule.
   */
  withWriteRightsOn<T>(address: string, body: () => T): T {
    const frames = this.frames;
    const top = frames.length - 1;
    const owned = frames[top]?.ownedAddresses ?? [];
    if (top < 0 || owned.includes(address)) return body();
    this.hosted.setCallStack(frames.map((frame, index) => (index === top ? { ...frame, ownedAddresses: [...owned, address] } : frame)));
    try {
      return body();
    } finally {
      this.hosted.setCallStack(frames);
    }
  }

  /** vm-mock's `mockScCall(value)`: the next call returns `value` instead of running a contract. */
  mockCall(value: Uint8Array): void {
    this.mockedCalls.push(value);
  }

  get frames(): HostedFrame[] {
    return this.hosted.frames;
  }

  /** Sets the call stack (bottom → top); coins of the call go back to 0. */
  setCallStack(addresses: readonly string[]): void {
    if (addresses.length === 0) throw new TestingError('MASON_TESTING_EMPTY_CALL_STACK', {});
    this.applyFrames(addresses.map((address) => ({ address: this.checkAddress(address) })));
  }

  setCaller(address: string): void {
    const frames = this.frames;
    const caller = { address: this.checkAddress(address) };
    if (frames.length < 2) frames.unshift(caller);
    else frames[frames.length - 2] = caller;
    this.applyFrames(frames);
  }

  setCallee(address: string): void {
    const frames = this.frames;
    frames[frames.length - 1] = { address: this.checkAddress(address) };
    this.applyFrames(frames);
  }

  /** `deployer` (default: the transaction creator) created the contract under test and calls it. */
  setDeployContext(deployer?: string): void {
    if (this.vmMock) this.writeAccess = true;
    const frames = this.frames;
    const callee = frames[frames.length - 1]!.address;
    const creator = deployer ? this.checkAddress(deployer) : frames[0]!.address;
    this.applyFrames([{ address: creator, ownedAddresses: [creator, callee] }, { address: callee }]);
  }

  /** Coins of the current call; the difference moves from the caller to the callee, as a CallSC moves them. */
  setTransferredCoins(amount: bigint): void {
    const frames = this.frames;
    if (frames.length < 2) throw new TestingError('MASON_TESTING_NO_CALLER', { helper: 'setTransferredCoins' });
    const callee = frames[frames.length - 1]!;
    const caller = frames[frames.length - 2]!;
    const delta = amount - (callee.coins ?? 0n);
    const [from, to] = delta >= 0n ? [caller.address, callee.address] : [callee.address, caller.address];
    const moved = delta >= 0n ? delta : -delta;
    const state = this.hosted.state;
    const balance = state.getBalance(from) ?? 0n;
    if (balance < moved) {
      throw new TestingError('MASON_TESTING_INSUFFICIENT_BALANCE', { helper: 'setTransferredCoins', address: from, balance, amount: moved });
    }
    this.hosted.setBalance(from, balance - moved);
    this.hosted.setBalance(to, (state.getBalance(to) ?? 0n) + moved);
    callee.coins = amount;
    this.applyFrames(frames);
  }

  setBalance(address: string, amount: bigint): void {
    this.hosted.setBalance(this.checkAddress(address), amount);
  }

  /** Same slot, another time: event indices and the RNG carry on. */
  setTimestamp(timestamp: number): void {
    const current = this.hosted.slot;
    const next = new SlotContext({ slot: current.slot, timestamp, executionTrailHash: current.executionTrailHash });
    next.restore(current.snapshot());
    this.hosted.setSlot(next);
  }

  /**
   * A new slot at the same time: event indices, created-address index and RNG start over. With
   * `runDeferredCalls` (Mason's `setSlot`, not vm-mock's `mockCurrentSlot`), the deferred calls of
   * the slots up to the new one run first, as time passing would run them on a node.
   */
  setSlot(period: number, thread: number, runDeferredCalls = false): void {
    this.hosted.setSlot({ slot: { period, thread }, timestamp: this.hosted.slot.timestamp });
    if (runDeferredCalls) this.hosted.runDeferredCalls({ period, thread });
  }

  setChainId(chainId: bigint): void {
    this.hosted.chainId = chainId;
  }

  setOperationData(key: Uint8Array, value: Uint8Array | null): void {
    if (value === null) this.operationData.delete(toHex(key));
    else this.operationData.set(toHex(key), [key.slice(), value.slice()]);
    this.applyFrames(this.frames);
  }

  clearOperationData(): void {
    this.operationData.clear();
    this.applyFrames(this.frames);
  }

  /**
   * Deploys `bytecode` as a deployer does, as its own operation: the transaction creator creates
   * the contract (paying its storage) and calls its `constructor`, if any, with `args` and `coins`.
   */
  deploy(bytecode: Uint8Array, args: Uint8Array = new Uint8Array(), coins = 0n): string {
    const { massa } = this.hosted.imports;
    const saved = this.frames;
    const gas = this.hosted.gas;
    this.hosted.setCallStack([{ address: saved[0]!.address }]);
    this.hosted.beginOperation(DEFAULT_GAS);
    const pinned: number[] = [];
    try {
      const address = massa.assembly_script_create_sc!(this.hosted.newBuffer(bytecode)) as number;
      const constructorName = this.hosted.newString('constructor');
      pinned.push(address, constructorName);
      if (massa.assembly_script_function_exists!(address, constructorName)) {
        massa.assembly_script_call!(address, constructorName, this.hosted.newBuffer(args), coins);
      }
      return this.hosted.readString(address);
    } catch (error) {
      const reason = this.hosted.describeError(error)?.message ?? (error instanceof Error ? error.message : String(error));
      throw new TestingError('MASON_TESTING_DEPLOY_FAILED', { reason }, { cause: error });
    } finally {
      for (const pointer of pinned) this.unpin?.(pointer);
      this.hosted.setCallStack(saved);
      this.hosted.beginOperation(gas);
    }
  }

  /** A project file (e.g. `build/token.wasm`), relative to the root. */
  readFile(path: string): Uint8Array {
    const absolute = resolve(this.root, path);
    this.filesRead.add(absolute);
    if (!existsSync(absolute)) throw new TestingError('MASON_TESTING_FILE_NOT_FOUND', { path, absolute });
    return new Uint8Array(readFileSync(absolute));
  }

  /**
   * The top frame carries the operation datastore; every address on the stack gets a ledger entry.
   * With vm-mock's write access, the caller owns the contract.
   */
  private applyFrames(frames: HostedFrame[]): void {
    const top = frames.length - 1;
    const data = [...this.operationData.values()];
    if (this.writeAccess && top > 0) {
      const caller = frames[top - 1]!;
      const owned = caller.ownedAddresses ?? [caller.address];
      if (!owned.includes(frames[top]!.address)) frames[top - 1] = { ...caller, ownedAddresses: [...owned, frames[top]!.address] };
    }
    // vm-mock always has an operation datastore (maybe empty); a CallSC, as Mason's tests run by default, has none.
    const withData = data.length > 0 || this.vmMock;
    this.hosted.setCallStack(frames.map((frame, index) => ({ ...frame, operationDatastore: index === top && withData ? data : undefined })));
    for (const frame of frames) {
      if (!this.hosted.state.hasEntry(frame.address)) this.hosted.setBalance(frame.address, 0n);
    }
  }
}
