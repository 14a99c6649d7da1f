import type { InitialLedgerEntry } from './initialLedger.js';
import type { JournalFs } from './persistence/journalFs.js';
import type { ServerLimits } from './rpc/serverLimits.js';
import type { ForkOptions } from './fork/connectFork.js';
import type { TraceOptions } from './traces/TraceStore.js';
import type { ExecutionMode } from './workers/JobRunner.js';

/** What `startDevnet` takes: every field optional, resolved by `resolveDevnetConfig`. */
export interface DevnetOptions {
  /** Interface of the public and API servers (default 127.0.0.1). The private API is always loopback-only. */
  host?: string;
  /** Ports; 0 picks a free port (what tests use). Defaults 33035 / 33034 / 33036. */
  publicPort?: number;
  privatePort?: number;
  apiPort?: number;
  /** Number of pre-funded accounts from the fixed devnet seed (default 10). */
  accounts?: number;
  /** Balance of each pre-funded account (default 1,000,000 MAS). */
  accountBalance?: bigint;
  /** Extra genesis entries, in the node's initial_ledger.json format. */
  initialLedger?: Record<string, InitialLedgerEntry>;
  chainId?: bigint;
  t0?: number;
  deltaF0?: number;
  genesisTimestamp?: number;
  /** Reproduce mainnet timing: t0 16000 ms, delta_f0 1088. */
  mainnetTiming?: boolean;
  /**
   * Instant mode (for tests): an operation is included and final as soon as it arrives, the
   * node's clock jumping forward to the slots it needs. Default false: real slot timing.
   */
  instant?: boolean;
  /**
   * Where contracts run. `workers` (default): blocks on an execution worker thread, read-only
   * calls on another, so the servers answer while a contract runs and a worker past its deadline
   * is replaced. `inline`: both on the devnet's own thread, with no thread to start and one
   * warmed-up VM (~0.2 s less for a short test process on 2 cores, `devnetFixture()`'s default);
   * a long execution then holds every request until the VM's watchdog (`maxExecutionMs`) stops it.
   */
  execution?: ExecutionMode;
  /** Directory where final blocks and state persist across restarts; none (in memory only) unless given. */
  dataDir?: string | null;
  /**
   * Start a new chain in dataDir: its chain.json and final-blocks.jsonl are deleted first (after
   * saying so through `log`). Without it, a data directory that cannot be verified is refused.
   */
  reset?: boolean;
  /**
   * Where the devnet reports what goes wrong or what it did on its own: a journal write that
   * stopped finality, block production failures, a reset, a torn last journal line cut at start.
   * Default: stderr, each line prefixed with "mason devnet: ".
   */
  log?: (message: string) => void;
  /** The file-system layer journal appends go through (default node:fs): for fault-injection tests. */
  journalFs?: JournalFs;
  /**
   * A WebSocket client is disconnected once this many bytes of replies and notifications wait
   * unsent for it (it stopped reading), rather than buffered forever. Default 16 MiB.
   * Same as `serverLimits.maxBufferedBytes`.
   */
  maxSubscriberBufferedBytes?: number;
  /** Bounds of each server: timeouts, connections, sockets, body sizes (defaults: `DEFAULT_LIMITS`). */
  serverLimits?: Partial<ServerLimits>;
  /**
   * Origins of web pages allowed to call the private API (CORS), e.g. `['http://localhost:5173']`;
   * `['*']` allows any, as a node does. Default none: a page of any other origin is refused (403).
   */
  privateCors?: string[];
  /** Pool bounds (defaults: 50,000 operations, 128 MiB); a call that would exceed them is refused. */
  maxOperationPoolSize?: number;
  maxOperationPoolBytes?: number;
  /**
   * Wall-clock budget of one execution in ms (default 30,000): a longer one fails with
   * MASON_VM_WALL_TIME, so that no contract freezes the node. A real node has no such limit.
   */
  maxExecutionMs?: number;
  /** A state file (`mason_dump_state`, `dumpState`) whose state the devnet takes at start, as state control does (docs/devnet.md). */
  loadState?: string;
  /** Where the devnet writes its state when it stops (a state file). */
  dumpState?: string;
  /**
   * Execution traces (docs/debugging.md): the latest `keep` operations' traces (default 1,000)
   * within `maxBytes` of JSON (default 64 MiB) are kept; `false` records none and costs nothing.
   */
  traces?: TraceOptions | false;
  /**
   * Fork mode (docs/devnet.md, "Fork mode"): start from a node's state at its latest final period,
   * reading accounts from it at their first use; chain id, genesis and t0 are the remote's.
   */
  fork?: ForkOptions;
}
