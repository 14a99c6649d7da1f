import type { Server } from 'node:http';
import { NODE_CONSTANTS, parseMas, type SecretKey, type Slot } from '@mason/codec';
import { devnetAccountKey, devnetStakerKey } from './accounts.js';
import { defaultChainConfig, DEVNET_TIMING, MAINNET_TIMING, type ChainConfig } from './config.js';
import { lockDataDir } from './dataDirLock.js';
import { DevnetOptionError } from './devnetOptionError.js';
import { DevnetNode, logToStderr } from './devnetNode.js';
import { attachExplorer } from './explorer/serveExplorer.js';
import { validateInitialLedger, type InitialLedgerEntry } from './initialLedger.js';
import { attachNode } from './internal.js';
import type { BlockChange } from './ledger/devnetLedger.js';
import { ChainStore } from './persistence/chainStore.js';
import type { JournalFs } from './persistence/journalFs.js';
import { restoreChain } from './persistence/restoreChain.js';
import { createReadOnlyExecutor } from './readOnly.js';
import { ReadOnlyWorker } from './readOnly/ReadOnlyWorker.js';
import { apiMethods } from './rpc/apiMethods.js';
import { ANY_ORIGIN, originsPolicy, type CorsPolicy } from './rpc/cors.js';
import { answerInProcess } from './rpc/answerInProcess.js';
import { AbiRegistry } from './abi/AbiRegistry.js';
import { abiReadMethods, abiRegistrationMethods } from './abi/abiMethods.js';
import { withPrivatePort } from './abi/statusWithPrivatePort.js';
import { createJsonRpcHttpServer, JsonRpcDispatcher, listen, type MethodTable } from './rpc/jsonRpcServer.js';
import { privateMethods } from './rpc/privateMethods.js';
import { publicMethods } from './rpc/publicMethods.js';
import { ConnectionGuard, resolveLimits, type ServerLimits } from './rpc/serverLimits.js';
import { attachSubscriptions } from './rpc/subscriptions.js';
import type { ExecutionMode } from './workers/JobRunner.js';
import { devnetStateControl, type DevnetStateControl } from './stateControl/devnetStateControl.js';
import { StateControl } from './stateControl/StateControl.js';
import { stateControlMethods } from './stateControl/stateControlMethods.js';
import { dumpState, loadState, readStateFile, writeStateFile } from './stateControl/stateDump.js';
import type { ExecutionTrace } from '@mason/vm';
import { createTraceStore } from './traces/createTraceStore.js';
import { traceMethods } from './traces/traceMethods.js';
import type { TraceOptions } from './traces/TraceStore.js';

export type { InitialLedgerEntry } from './initialLedger.js';

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
}

export interface DevnetAccount {
  address: string;
  publicKey: string;
  secretKey: SecretKey;
}

export interface Devnet extends DevnetStateControl {
  /** `explorer`: the block explorer page, served on the API port. */
  urls: { public: string; private: string; api: string; ws: string; explorer: string };
  accounts: DevnetAccount[];
  config: ChainConfig;
  /** Where contracts run: the `execution` option, `workers` unless given. */
  execution: ExecutionMode;
  /** Whether operations are final as soon as they arrive: the `instant` option. */
  instant: boolean;
  /**
   * Moves the devnet's clock forward by `count` slots (1 to 100,000,000), as time passing would:
   * asynchronous messages that become due run, and (instant mode) everything produced is final
   * when the promise settles. Returns the new last slot. Same as `mason_advance_slots`.
   */
  advanceSlots(count: number): Promise<Slot>;
  /**
   * Waits until every produced block is final and no operation waits, at most `timeoutMs`;
   * resolves whether it got there.
   */
  settle(timeoutMs: number): Promise<boolean>;
  /**
   * Stops producing blocks, as a node whose staker misses its slots: operations are still
   * accepted and wait in the pool; the servers keep answering. Resolves once no block is being produced.
   */
  pauseProduction(): Promise<void>;
  /** Produces blocks again after pauseProduction(). */
  resumeProduction(): void;
  stop(): Promise<void>;
  /** Settles once the devnet has stopped, by stop() or by the private API's stop_node. */
  closed: Promise<void>;
  /**
   * Answers a JSON-RPC request body as the `server`'s HTTP endpoint does (same methods, errors and
   * body size limits), in this process and without a socket: for a client in the same process
   * (`createClient({ inProcess })`; the test fixtures use it). Null when there is nothing to
   * answer (notifications only). Rejects with MASON_DEVNET_STOPPED once the servers have closed.
   */
  handleRequest(server: DevnetServer, body: string): Promise<string | null>;
  /** The trace of an operation (or asynchronous message, by its `ASC…` id), null when none is kept. */
  trace(id: string): ExecutionTrace | null;
}

/** The devnet's three JSON-RPC APIs: public (33035), private (33034) and API (33036). */
export type DevnetServer = 'public' | 'private' | 'api';

function initialState(options: DevnetOptions, accounts: DevnetAccount[], staker: SecretKey): BlockChange[] {
  const changes: BlockChange[] = [];
  const balance = options.accountBalance ?? parseMas('1000000');
  for (const account of accounts) changes.push({ kind: 'balance', address: account.address, value: balance });
  const stakerAddress = staker.publicKey.address().toString();
  changes.push({ kind: 'balance', address: stakerAddress, value: 0n }, { kind: 'rolls', address: stakerAddress, value: 100 });
  for (const [address, entry] of Object.entries(options.initialLedger ?? {})) {
    changes.push({ kind: 'balance', address, value: parseMas(entry.balance) });
    if (entry.bytecode && entry.bytecode.length > 0) changes.push({ kind: 'bytecode', address, value: Uint8Array.from(entry.bytecode) });
    for (const [key, value] of entry.datastore ?? []) changes.push({ kind: 'data', address, key: Uint8Array.from(key), value: Uint8Array.from(value) });
  }
  return changes;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new DevnetOptionError('MASON_DEVNET_INVALID_OPTION', { option: name, expected: 'a positive integer', value });
  return value;
}

/** Starts a devnet in this process: the chain and its three JSON-RPC servers. */
export async function startDevnet(options: DevnetOptions): Promise<Devnet> {
  const timing = options.mainnetTiming ? MAINNET_TIMING : DEVNET_TIMING;
  const t0 = options.t0 ?? timing.t0;
  if (!Number.isInteger(t0) || t0 <= 0 || t0 % 32 !== 0)
    throw new DevnetOptionError('MASON_DEVNET_INVALID_OPTION', { option: 't0', expected: 'a positive multiple of 32 ms (32 threads)', value: t0 });
  const maxExecutionMs = options.maxExecutionMs === undefined ? undefined : positiveInteger('maxExecutionMs', options.maxExecutionMs);
  const maxBuffered = options.maxSubscriberBufferedBytes;
  if (maxBuffered !== undefined && (!Number.isSafeInteger(maxBuffered) || maxBuffered < 0)) {
    throw new DevnetOptionError('MASON_DEVNET_INVALID_OPTION', {
      option: 'maxSubscriberBufferedBytes',
      expected: 'a non-negative integer',
      value: maxBuffered,
    });
  }
  const limits = resolveLimits({
    ...options.serverLimits,
    ...(options.maxSubscriberBufferedBytes !== undefined && { maxBufferedBytes: options.maxSubscriberBufferedBytes }),
  });
  if (options.instant !== undefined && typeof options.instant !== 'boolean')
    throw new RangeError(`instant must be true or false, got ${String(options.instant)}`);
  if (options.execution !== undefined && options.execution !== 'workers' && options.execution !== 'inline') {
    throw new DevnetOptionError('MASON_DEVNET_INVALID_OPTION', { option: 'execution', expected: '"workers" or "inline"', value: String(options.execution) });
  }
  const privateCors = originsPolicy(options.privateCors ?? []);
  if (options.initialLedger) validateInitialLedger(options.initialLedger, 'the initialLedger option');
  const stateToLoad = options.loadState ? readStateFile(options.loadState) : null;
  const chainId = options.chainId ?? 77n;
  const deltaF0 = options.deltaF0 ?? timing.deltaF0;
  // Genesis one period ago, so the first useful slot (period 1) is now rather than t0 later.
  const wantedGenesis = options.genesisTimestamp ?? Date.now() - t0;
  const log = options.log ?? logToStderr;
  const dataDirLock = options.dataDir ? await lockDataDir(options.dataDir) : null;
  if (options.dataDir && options.reset) ChainStore.reset(options.dataDir, log);
  const store = options.dataDir
    ? ChainStore.open(
        options.dataDir,
        { chainId: chainId.toString(), genesisTimestamp: wantedGenesis, t0, deltaF0, threadCount: NODE_CONSTANTS.threadCount },
        { log, ...(options.journalFs && { fs: options.journalFs }) },
      )
    : null;
  const poolLimits = {
    ...(options.maxOperationPoolSize !== undefined && { maxOperationPoolSize: positiveInteger('maxOperationPoolSize', options.maxOperationPoolSize) }),
    ...(options.maxOperationPoolBytes !== undefined && { maxOperationPoolBytes: positiveInteger('maxOperationPoolBytes', options.maxOperationPoolBytes) }),
  };
  const config = defaultChainConfig({
    chainId,
    t0,
    deltaF0,
    genesisTimestamp: store?.identity.genesisTimestamp ?? wantedGenesis,
    ...poolLimits,
    ...(maxExecutionMs !== undefined && { maxExecutionMs }),
  });
  const staker = devnetStakerKey();
  const accounts = Array.from({ length: options.accounts ?? 10 }, (_, i) => {
    const secretKey = devnetAccountKey(i);
    return { address: secretKey.publicKey.address().toString(), publicKey: secretKey.publicKey.toString(), secretKey };
  });
  const traces = createTraceStore(options.traces);
  const node = new DevnetNode(config, [staker], { journal: store, log, instant: options.instant ?? false, execution: options.execution, traces });
  node.setInitialState(initialState(options, accounts, staker));
  if (store) {
    restoreChain(node, store);
    const clock = store.readClock();
    if (clock !== null) node.advanceClockTo(clock);
  }
  const control = new StateControl(node, () => {
    if (!serving) throw new DevnetOptionError('MASON_DEVNET_STOPPED', { server: 'private' });
  });
  if (stateToLoad) await loadState(node, stateToLoad);
  const readOnlyWorker = new ReadOnlyWorker(node, { log, mode: options.execution });
  const readOnly = createReadOnlyExecutor(node, (job) => readOnlyWorker.run(job));

  const host = options.host ?? '127.0.0.1';
  const servers: Server[] = [];
  let serving = true;
  let stopping: Promise<void> | null = null;
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  void closed.then(() => dataDirLock?.release());
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      // Let operations already sent reach finality (bounded), so a clean stop loses none of them.
      await node.settle(Math.min(3_000, config.t0 * 2));
      await node.stop();
      try {
        if (options.dumpState) writeStateFile(options.dumpState, dumpState(node));
      } catch (error) {
        log(`cannot write the state to ${options.dumpState}: ${(error as Error).message}`);
      }
      await readOnlyWorker.close();
      try {
        store?.saveClock(node.now());
      } catch (error) {
        log(`cannot save the node's clock in ${options.dataDir}: ${(error as Error).message}; the next start begins at the last final block's slot`);
      }
      store?.close();
      subscriptions.close();
      serving = false;
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
      markClosed();
    })();
    return stopping;
  };

  const traceTable = traceMethods(traces, readOnly);
  // Contract ABIs (abi/): registered on the private port, read on the others.
  const abis = new AbiRegistry();
  const abiTable = abiReadMethods(abis);
  const publicTable = { ...publicMethods(node, readOnly, staker.publicKey.bytes), ...traceTable, ...abiTable };
  const privateTable = {
    ...privateMethods(node, readOnly, staker, () => void stop()),
    ...stateControlMethods(control, () => dumpState(node)),
    ...traceTable,
    ...abiRegistrationMethods(abis, () => node.candidateLedger),
  };
  const apiTable = { ...apiMethods(node), ...traceTable, ...abiTable };
  const listening: { privatePort?: number } = {};
  withPrivatePort(publicTable, () => listening.privatePort);
  const names = (table: MethodTable) => new Set(Object.keys(table));
  const serverOptions = (cors: CorsPolicy) => ({ limits, cors, guard: new ConnectionGuard(limits.maxConnections) });
  const dispatchers = {
    public: new JsonRpcDispatcher(publicTable, names(privateTable), limits.batchRequestLimit),
    private: new JsonRpcDispatcher(privateTable, names(publicTable), limits.batchRequestLimit),
    api: new JsonRpcDispatcher(apiTable, new Set(), limits.batchRequestLimit),
  };
  const publicServer = createJsonRpcHttpServer(dispatchers.public, serverOptions(ANY_ORIGIN));
  const privateServer = createJsonRpcHttpServer(dispatchers.private, serverOptions(privateCors));
  const apiOptions = serverOptions(ANY_ORIGIN);
  const apiServer = createJsonRpcHttpServer(dispatchers.api, apiOptions);
  attachExplorer(apiServer, publicServer);
  const subscriptions = attachSubscriptions(apiServer, node, dispatchers.api, apiOptions);
  servers.push(publicServer, privateServer, apiServer);

  try {
    const publicPort = await listen(publicServer, options.publicPort ?? 33035, host);
    const privatePort = await listen(privateServer, options.privatePort ?? 33034, '127.0.0.1');
    listening.privatePort = privatePort;
    const apiPort = await listen(apiServer, options.apiPort ?? 33036, host);
    node.start();
    const urlHost = host.includes(':') ? `[${host}]` : host;
    const devnet: Devnet = {
      urls: {
        public: `http://${urlHost}:${publicPort}`,
        private: `http://127.0.0.1:${privatePort}`,
        api: `http://${urlHost}:${apiPort}`,
        ws: `ws://${urlHost}:${apiPort}`,
        explorer: `http://${urlHost}:${apiPort}/explorer`,
      },
      accounts,
      config,
      ...devnetStateControl(node, control),
      execution: options.execution ?? 'workers',
      instant: node.instant,
      advanceSlots: (count) => node.advanceSlots(count),
      settle: (timeoutMs) => node.settle(timeoutMs),
      pauseProduction: () => node.stop(),
      resumeProduction: () => node.start(),
      stop,
      closed,
      async handleRequest(server, body) {
        if (!Object.hasOwn(dispatchers, server)) {
          throw new DevnetOptionError('MASON_DEVNET_INVALID_OPTION', { option: 'server', expected: '"public", "private" or "api"', value: String(server) });
        }
        if (!serving) throw new DevnetOptionError('MASON_DEVNET_STOPPED', { server });
        return answerInProcess(dispatchers[server], limits, body);
      },
      trace(id) {
        const json = traces?.get(id);
        return json === undefined ? null : (JSON.parse(json) as ExecutionTrace);
      },
    };
    attachNode(devnet, node);
    return devnet;
  } catch (error) {
    await stop();
    throw error;
  }
}
