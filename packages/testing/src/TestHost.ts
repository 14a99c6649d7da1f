import { resolve } from 'node:path';
import { toHex } from '@mason/codec';
import { MemoryLedger, SlotContext, Vm, type ExecutionTrace, type HostedFrame, type HostedInstance } from '@mason/vm';
import { DEFAULT_GAS, DEFAULT_OPERATION_ID } from './defaults.js';
import { deployFromSpec } from './deployFromSpec.js';
import type { RawFailure } from './describeFailure.js';
import { TestingError } from './errors.js';
import type { GasRecorder } from './GasRecorder.js';
import { GAS_IMPORT_MODULE } from './gasImportModule.js';
import { masonProfile, vmMockProfile, type HostProfile } from './hostProfiles.js';
import { readProjectFile } from './readProjectFile.js';
import { TEST_TIMEOUT_MS } from './runWithTimeout.js';
import { TestCallbacks, type AspectResult } from './TestCallbacks.js';
import { VmMockHelpers } from './VmMockHelpers.js';

export type { RawFailure } from './describeFailure.js';

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

const CONSOLE = { 'console.log': 'log', 'console.info': 'info', 'console.warn': 'warn', 'console.error': 'error', 'console.debug': 'debug' } as const;

/**
 * The host of one unit-test module: Mason's VM with a test ledger, its real `env`/`massa` host
 * functions bound to the module (which runs as the contract under test, called by
 * `DEFAULT_CALLER`), and the state the AssemblyScript helpers change. Each test is one operation:
 * it starts with no events and a fresh gas budget, and a failing callback is rolled back
 * (TestCallbacks). Where vm-mock's specs differ, the host asks its profile (hostProfiles.ts).
 */
export class TestHost {
  readonly vm: Vm;
  readonly hosted: HostedInstance;
  readonly root: string;
  resetBetweenTests: boolean;
  /** Mason's or vm-mock's defaults and rules, chosen once (see TestHostOptions.vmMock). */
  readonly profile: HostProfile;
  readonly testTimeout: number;
  /** vm-mock's helpers with state of their own (write access, mocked calls). */
  readonly vmMockHelpers: VmMockHelpers;
  /** The test module's callbacks: tests, hooks, their failures and traces. */
  readonly callbacks: TestCallbacks;
  /** Absolute paths of the files `readFile` read (or tried to): what the spec depends on at run time. */
  readonly filesRead = new Set<string>();
  private readonly log: (line: string) => void;
  private readonly resetHooks = new Set<() => void>();
  private readonly operationData = new Map<string, [Uint8Array, Uint8Array]>();
  private readonly gasRecorder: GasRecorder | undefined;
  private quiet = false;

  /** A spec written for vm-mock (see TestHostOptions.vmMock): its profile's. */
  get vmMock(): boolean {
    return this.profile.vmMock;
  }

  constructor(options: TestHostOptions = {}) {
    this.root = resolve(options.root ?? process.cwd());
    this.resetBetweenTests = options.resetBetweenTests ?? false;
    this.testTimeout = options.testTimeout ?? TEST_TIMEOUT_MS;
    this.log = options.log ?? ((line) => process.stdout.write(`${line}\n`));
    this.gasRecorder = options.gasRecorder;
    const profile = (this.profile = options.vmMock ? vmMockProfile(options.chainId) : masonProfile(options.chainId));
    this.vm = new Vm({
      state: new MemoryLedger(profile.ledger),
      chainId: profile.chainId,
      onPrint: (message) => {
        if (!this.quiet) this.log(`print: ${message}`);
      },
      ...profile.vm,
    });
    this.hosted = this.vm.hostInstance({
      callStack: [{ address: profile.caller }, { address: profile.contract, ...(profile.alwaysOperationDatastore && { operationDatastore: [] }) }],
      gas: DEFAULT_GAS,
      context: { slot: profile.slot, timestamp: profile.timestamp },
      operationId: DEFAULT_OPERATION_ID,
    });
    this.vmMockHelpers = new VmMockHelpers(this);
    this.callbacks = new TestCallbacks(this.hosted, {
      testTimeout: this.testTimeout,
      trace: options.trace ?? false,
      gasRecorder: this.gasRecorder,
      beforeTest: () => {
        if (this.resetBetweenTests) this.reset();
      },
    });
  }

  /** The address a helper was given, as the profile accepts it (vm-mock's: any non-empty string). */
  checkAddress(address: string): string {
    return this.profile.address(address);
  }

  /**
   * The `env`, `massa` and `mason_testing` namespaces, to merge with as-pect's own imports; the
   * builders (hostImportBuilders.ts) add Mason's testing helpers and, for a vm-mock spec, vm-mock's.
   */
  imports(builders: HostImportBuilders): WebAssembly.Imports {
    const { env, massa } = this.hosted.imports;
    const hostEnv: Record<string, Function> = { ...env, abort: this.callbacks.onAbort };
    for (const [name, level] of Object.entries(CONSOLE)) {
      const emit = env[name]!;
      hostEnv[name] = (message: number) => {
        emit(message);
        this.log(`console.${level}: ${this.hosted.readString(message)}`);
      };
    }
    const host = this.profile.vmMock
      ? { ...massa, ...builders.vmMock(this), ...builders.vmMockLeniencies(this, massa), ...this.vmMockHelpers.callImports(massa) }
      : massa;
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

  /** See TestCallbacks.observe. */
  observe(imports: WebAssembly.Imports): void {
    this.callbacks.observe(imports);
  }

  /** Binds the instantiated module; wraps its `__call` so each test is an operation. */
  attach(result: AspectResult): void {
    this.hosted.attach(result.instance);
    this.callbacks.attach(result);
  }

  /** The failure of the last top-level callback (test or hook), if it failed. */
  get lastFailure(): RawFailure | undefined {
    return this.callbacks.lastFailure;
  }
  set lastFailure(failure: RawFailure | undefined) {
    this.callbacks.lastFailure = failure;
  }

  /** With `trace`: the trace of the last test, once it ended (or of the hook that failed before it). */
  get lastTrace(): ExecutionTrace | undefined {
    return this.callbacks.traces.last;
  }
  set lastTrace(trace: ExecutionTrace | undefined) {
    this.callbacks.traces.last = trace;
  }

  /** V8's id of the test module in stack traces (`wasm://wasm/<id>`), learnt from its first callback. */
  get moduleId(): string | undefined {
    return this.callbacks.moduleId;
  }

  /** With a gas report: the gas of the contract calls the current test made (as CallSCs), if it made any. */
  testGas(): bigint | undefined {
    return this.gasRecorder?.currentTestGas();
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
    this.vmMockHelpers.reset();
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
    if (this.profile.deployGrantsWriteAccess) this.vmMockHelpers.writeAccess = true;
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

  /** See deployFromSpec: the transaction creator deploys `bytecode`, as its own operation. */
  deploy(bytecode: Uint8Array, args: Uint8Array = new Uint8Array(), coins = 0n): string {
    return deployFromSpec(this.hosted, this.callbacks.unpin, bytecode, args, coins);
  }

  /** A project file (e.g. `build/token.wasm`), relative to the root. */
  readFile(path: string): Uint8Array {
    return readProjectFile(this.root, path, this.filesRead);
  }

  /**
   * Sets the call stack: the top frame carries the operation datastore; every address on the
   * stack gets a ledger entry. With vm-mock's write access, the caller owns the contract.
   */
  applyFrames(frames: HostedFrame[]): void {
    const top = frames.length - 1;
    const data = [...this.operationData.values()];
    this.vmMockHelpers.withWriteAccess(frames);
    const withData = data.length > 0 || this.profile.alwaysOperationDatastore;
    this.hosted.setCallStack(frames.map((frame, index) => ({ ...frame, operationDatastore: index === top && withData ? data : undefined })));
    for (const frame of frames) {
      if (!this.hosted.state.hasEntry(frame.address)) this.hosted.setBalance(frame.address, 0n);
    }
  }
}
