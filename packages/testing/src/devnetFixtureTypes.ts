import type { Account, Client, SCOutputEvent } from '@mason/client';
import type { Args, ExecutionTrace, Slot } from '@mason/codec';
import type { Devnet, DevnetOptions, DevnetStateControl } from '@mason/devnet';

/** Constructor or function arguments: an Args (serialized here) or bytes. */
export type FixtureArgs = Args | Uint8Array;

/** A contract: its address, or what deploy() returned. */
export type ContractRef = string | { address: string };

export interface DevnetFixtureOptions {
  /** The project folder (default the current directory): `deploy('main')` reads `<root>/build`. */
  root?: string;
  /** Run `mason build` of the project first (cached: a no-change build is instant). Default true when `<root>/assembly/contracts` exists. */
  build?: boolean;
  /**
   * Options of the in-process devnet (default: free ports, 10 funded accounts, instant mode unless
   * the environment variable MASON_TEST_TIMING is `real`: then blocks wait for their slots, as on
   * `mason node`; contracts run inline, on the test's own thread, unless `execution: 'workers'`).
   */
  devnet?: Partial<DevnetOptions>;
  /**
   * Count the lines the contracts of `build/` run on the devnet and add them to the project's
   * coverage/ reports on close() (docs/testing.md#coverage). Default: the environment variable
   * MASON_COVERAGE is `1` or `true`.
   */
  coverage?: boolean;
}

export interface DeployOptions {
  args?: FixtureArgs;
  /** nanoMAS given to the constructor (default 0). */
  coins?: bigint;
  /** Who deploys (default the fixture's account, accounts[0]). */
  from?: Account;
}

export interface CallOptions {
  /** nanoMAS sent with the call (default 0). */
  coins?: bigint;
  /** Default: estimated by a read-only call, as the client does. */
  maxGas?: bigint;
  /** Who calls (default the fixture's account). */
  from?: Account;
}

export interface CallResult {
  operationId: string;
  status: 'FinalSuccess' | 'FinalError';
  /** Whether the call succeeded (status FinalSuccess). */
  ok: boolean;
  /** Its final events: what the contract emitted (and, on failure, the node's error event). */
  events: SCOutputEvent[];
  /** Its execution trace (docs/debugging.md): the call tree, storage, coins, events, the failure; null when the devnet records no traces. */
  trace: ExecutionTrace | null;
  /**
   * On failure, where it happened in the project's source (`file:line:column`), when the module
   * that failed is one of the project's build (matched by bytecode hash) — see docs/debugging.md.
   */
  location?: string;
}

export interface DeployedContract {
  /** The deployed contract's address (AS…). */
  address: string;
  operationId: string;
  /** The deployment's final events (the constructor's, then the deployer's announcement). */
  events: SCOutputEvent[];
}

/** Also the devnet's state control: `setBalance`, `setDatastoreEntry`, `impersonate`, `advanceCycles`… (docs/devnet.md). */
export interface DevnetFixture extends Omit<DevnetStateControl, 'advanceSlots'> {
  devnet: Devnet;
  client: Client;
  /** The funded account operations are sent from by default (accounts[0]). */
  account: Account;
  /** Every funded account of the devnet (1,000,000 MAS each). */
  accounts: Account[];
  /** Deploys a contract of the project's build (by name) or a `.wasm` file, and waits until it is final. */
  deploy(contract: string, options?: DeployOptions): Promise<DeployedContract>;
  /**
   * Calls a contract function (CallSC) and waits until it is final; a failed call resolves with
   * `ok: false` and its `location`. Without `maxGas`, a call that would fail throws (its gas
   * estimate failed), and the error's `location` says where.
   */
  call(contract: ContractRef, func: string, args?: FixtureArgs, options?: CallOptions): Promise<CallResult>;
  /** Read-only call: the function's return value (bytes); a failure throws an error whose `location` says where. */
  read(contract: ContractRef, func: string, args?: FixtureArgs, options?: { caller?: string }): Promise<Uint8Array>;
  /** The execution trace of an operation (its id, or what call() or deploy() returned), or of an asynchronous message (`ASC…`); null when none is kept. */
  trace(of: string | { operationId: string }): ExecutionTrace | null;
  /** Final events: of an operation (its id), or emitted by a contract. */
  events(of: string | { address: string }): Promise<SCOutputEvent[]>;
  /** Sends coins and waits until the transfer is final. */
  transfer(to: string | { address: string | { toString(): string } }, amount: bigint, options?: { from?: Account }): Promise<void>;
  /** Time passes by this many slots (async messages due meanwhile run); returns the new last slot. */
  advanceSlots(count: number): Promise<Slot>;
  /** Stops the devnet and deletes the fixture's temporary files. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}
