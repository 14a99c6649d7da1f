import type { Server } from 'node:http';
import { NODE_CONSTANTS, parseMas, type SecretKey, type Slot } from '@mason/codec';
import { devnetAccountKey, devnetStakerKey } from './accounts.js';
import { defaultChainConfig, type ChainConfig } from './config.js';
import { lockDataDir } from './dataDirLock.js';
import { DevnetOptionError } from './devnetOptionError.js';
import { DevnetNode } from './devnetNode.js';
import { attachExplorer } from './explorer/serveExplorer.js';
import { connectFork } from './fork/connectFork.js';
import { forkStart } from './fork/forkStart.js';
import { attachNode } from './internal.js';
import type { BlockChange } from './ledger/devnetLedger.js';
import { resolveDevnetConfig, type DevnetConfig } from './resolveDevnetConfig.js';
import { ChainStore } from './persistence/chainStore.js';
import { restoreChain } from './persistence/restoreChain.js';
import { createReadOnlyExecutor } from './readOnly/readOnlyExecutor.js';
import { ReadOnlyWorker } from './readOnly/ReadOnlyWorker.js';
import { apiMethods } from './rpc/apiMethods.js';
import { ANY_ORIGIN, type CorsPolicy } from './rpc/cors.js';
import { answerInProcess } from './rpc/answerInProcess.js';
import { AbiRegistry } from './abi/AbiRegistry.js';
import { abiReadMethods, abiRegistrationMethods } from './abi/abiMethods.js';
import { createJsonRpcHttpServer, JsonRpcDispatcher, listen, type MethodTable } from './rpc/jsonRpcServer.js';
import { privateMethods } from './rpc/privateMethods.js';
import { publicMethods } from './rpc/publicMethods.js';
import { ConnectionGuard } from './rpc/serverLimits.js';
import { attachSubscriptions } from './rpc/subscriptions.js';
import type { ExecutionMode } from './workers/JobRunner.js';
import { devnetStateControl, type DevnetStateControl } from './stateControl/devnetStateControl.js';
import { StateControl } from './stateControl/StateControl.js';
import { stateControlMethods } from './stateControl/stateControlMethods.js';
import { snapshotMethods } from './snapshots/snapshotMethods.js';
import { dumpState, loadState, readStateFile, writeStateFile } from './stateControl/stateDump.js';
import type { ExecutionTrace } from '@mason/vm';
import { createTraceStore } from './traces/createTraceStore.js';
import { traceMethods } from './traces/traceMethods.js';

export type { InitialLedgerEntry } from './initialLedger.js';

import type { DevnetOptions } from './DevnetOptions.js';

export type { DevnetOptions };

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

function initialState(genesis: DevnetConfig['genesis'], accounts: DevnetAccount[], staker: SecretKey): BlockChange[] {
  const changes: BlockChange[] = [];
  for (const account of accounts) changes.push({ kind: 'balance', address: account.address, value: genesis.accountBalance });
  const stakerAddress = staker.publicKey.address().toString();
  changes.push({ kind: 'balance', address: stakerAddress, value: 0n }, { kind: 'rolls', address: stakerAddress, value: 100 });
  for (const [address, entry] of Object.entries(genesis.initialLedger)) {
    changes.push({ kind: 'balance', address, value: parseMas(entry.balance) });
    if (entry.bytecode && entry.bytecode.length > 0) changes.push({ kind: 'bytecode', address, value: Uint8Array.from(entry.bytecode) });
    for (const [key, value] of entry.datastore ?? []) changes.push({ kind: 'data', address, key: Uint8Array.from(key), value: Uint8Array.from(value) });
  }
  return changes;
}

/** Starts a devnet in this process: the chain and its three JSON-RPC servers. */
export async function startDevnet(options: DevnetOptions): Promise<Devnet> {
  const resolved = resolveDevnetConfig(options);
  const { servers: serverConfig, persistence, log } = resolved;
  const fork = resolved.fork ? await connectFork(forkStart.check(options)) : null;
  const stateToLoad = persistence.loadState ? readStateFile(persistence.loadState) : null;
  const { maxOperationPoolSize, maxOperationPoolBytes, maxExecutionMs, ...chain } = fork
    ? { ...resolved.chain, chainId: fork.chainId, t0: fork.t0, genesisTimestamp: fork.genesisTimestamp }
    : resolved.chain;
  const dataDirLock = persistence.dataDir ? await lockDataDir(persistence.dataDir) : null;
  if (persistence.dataDir && persistence.reset) ChainStore.reset(persistence.dataDir, log);
  const store = persistence.dataDir
    ? ChainStore.open(
        persistence.dataDir,
        // chain.json's fields, in its order.
        {
          chainId: chain.chainId.toString(),
          genesisTimestamp: chain.genesisTimestamp,
          t0: chain.t0,
          deltaF0: chain.deltaF0,
          threadCount: NODE_CONSTANTS.threadCount,
        },
        { log, ...(persistence.journalFs && { fs: persistence.journalFs }) },
      )
    : null;
  const config = defaultChainConfig({
    ...chain,
    genesisTimestamp: store?.identity.genesisTimestamp ?? chain.genesisTimestamp,
    ...(fork && forkStart.config(fork)),
    ...(maxOperationPoolSize !== undefined && { maxOperationPoolSize }),
    ...(maxOperationPoolBytes !== undefined && { maxOperationPoolBytes }),
    ...(maxExecutionMs !== undefined && { maxExecutionMs }),
  });
  const staker = devnetStakerKey();
  const accounts = Array.from({ length: resolved.genesis.accounts }, (_, i) => {
    const secretKey = devnetAccountKey(i);
    return { address: secretKey.publicKey.address().toString(), publicKey: secretKey.publicKey.toString(), secretKey };
  });
  const traces = createTraceStore(resolved.execution.traces);
  const node = new DevnetNode(config, [staker], { journal: store, log, instant: resolved.execution.instant, execution: resolved.execution.mode, traces });
  if (fork) forkStart.prepare(node, fork, [...accounts.map((account) => account.address), staker.publicKey.address().toString()]);
  node.setInitialState(initialState(resolved.genesis, accounts, staker));
  if (store) {
    restoreChain(node, store);
    const clock = store.readClock();
    if (clock !== null) node.advanceClockTo(clock);
  }
  const control = new StateControl(node, () => {
    if (!serving) throw new DevnetOptionError('MASON_DEVNET_STOPPED', { server: 'private' });
  });
  if (stateToLoad) await loadState(node, stateToLoad);
  const readOnlyWorker = new ReadOnlyWorker(node, { log, mode: resolved.execution.mode });
  const readOnly = createReadOnlyExecutor(node, (job) => readOnlyWorker.run(job));

  const { host, limits, privateCors } = serverConfig;
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
        if (persistence.dumpState) writeStateFile(persistence.dumpState, dumpState(node));
      } catch (error) {
        log(`cannot write the state to ${persistence.dumpState}: ${(error as Error).message}`);
      }
      await readOnlyWorker.close();
      try {
        store?.saveClock(node.now());
      } catch (error) {
        log(`cannot save the node's clock in ${persistence.dataDir}: ${(error as Error).message}; the next start begins at the last final block's slot`);
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
  const abis = new AbiRegistry((address) => node.candidateLedger.getBytecode(address));
  const abiTable = abiReadMethods(abis);
  const listening: { privatePort?: number } = {};
  const publicTable = { ...publicMethods(node, readOnly, staker.publicKey.bytes, () => listening.privatePort), ...traceTable, ...abiTable };
  const privateTable = {
    ...privateMethods(node, readOnly, staker, () => void stop()),
    ...stateControlMethods(control, () => dumpState(node)),
    ...snapshotMethods(node),
    ...traceTable,
    ...abiRegistrationMethods(abis),
  };
  const apiTable = { ...apiMethods(node), ...traceTable, ...abiTable };
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
    const publicPort = await listen(publicServer, serverConfig.publicPort, host);
    const privatePort = await listen(privateServer, serverConfig.privatePort, '127.0.0.1');
    listening.privatePort = privatePort;
    const apiPort = await listen(apiServer, serverConfig.apiPort, host);
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
      execution: resolved.execution.mode,
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
