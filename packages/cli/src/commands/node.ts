import { resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { createClient, getAddresses } from '@mason/client';
import { formatMas, parseMas } from '@mason/codec';
import { readInitialLedgerFile, startDevnet, type Devnet } from '@mason/devnet';
import { choosePorts, DEFAULT_PORTS, explainListenError, MAX_PORT_OFFSET, type PortName } from '../nodePorts.js';
import { color, field } from '../output.js';

export const DEFAULT_DATA_DIR = '.mason/devnet';

const port = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('a port is an integer between 0 and 65535.');
  return n;
};
const positiveInt = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a non-negative integer.');
  return n;
};

const strictlyPositiveInt = (value: string): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer.');
  return n;
};

const portOffset = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > MAX_PORT_OFFSET) throw new InvalidArgumentError(`a port offset is an integer between 0 and ${MAX_PORT_OFFSET}.`);
  return n;
};

interface NodeOptions {
  host: string;
  publicPort: number;
  privatePort: number;
  apiPort: number;
  portOffset: number;
  dataDir: string;
  ephemeral?: boolean;
  reset?: boolean;
  initialLedger?: string;
  accounts: number;
  t0?: number;
  deltaF0?: number;
  mainnetTiming?: boolean;
  instant?: boolean;
  chainId: number;
  json?: boolean;
  privateCors?: string[];
  maxExecutionMs?: number;
  loadState?: string;
  dumpState?: string;
  traces: boolean;
  traceKeep?: number;
  traceMemory?: number;
  fork?: string;
  forkPeriod?: number;
}

/** `--no-traces`, `--trace-keep`, `--trace-memory` as the devnet's `traces` option. */
function nodeTraces(options: NodeOptions): { keep?: number; maxBytes?: number } | false {
  if (!options.traces) return false;
  return {
    ...(options.traceKeep !== undefined && { keep: options.traceKeep }),
    ...(options.traceMemory !== undefined && { maxBytes: options.traceMemory * 1024 * 1024 }),
  };
}

export function nodeCommand(): Command {
  return new Command('node')
    .description('run a local Massa-compatible node (devnet) with pre-funded accounts')
    .option('--host <address>', 'interface of the public and API servers (the private API is always 127.0.0.1)', '127.0.0.1')
    .option('--public-port <port>', 'public JSON-RPC port', port, DEFAULT_PORTS.publicPort)
    .option('--private-port <port>', 'private JSON-RPC port (loopback only)', port, DEFAULT_PORTS.privatePort)
    .option('--api-port <port>', 'API port: HTTP and WebSocket subscriptions', port, DEFAULT_PORTS.apiPort)
    .option('--port-offset <n>', 'shift the default ports by n (e.g. 10: 33045, 33044, 33046) to run a second node', portOffset, 0)
    .option('--data-dir <dir>', 'where final blocks and state persist across restarts', DEFAULT_DATA_DIR)
    .option('--ephemeral', 'keep nothing on disk')
    .option('--reset', "start a new chain: delete the data directory's chain (chain.json, final-blocks.jsonl) first")
    .option('--initial-ledger <file>', "extra genesis entries in the node's initial_ledger.json format")
    .option('--load-state <file>', 'start from the state in this file (written by --dump-state or mason_dump_state)')
    .option('--dump-state <file>', 'write the state to this file when the node stops')
    .option('--accounts <n>', 'number of pre-funded accounts', positiveInt, 10)
    .option('--t0 <ms>', 'period length in ms (a multiple of 32; one slot every t0/32)', positiveInt)
    .option('--delta-f0 <fitness>', 'finality threshold: descendants fitness a block needs to become final', positiveInt)
    .addOption(new Option('--mainnet-timing', 'mainnet timing: t0 16000, delta_f0 1088 (finality in ~33 s)').conflicts(['t0', 'deltaF0']))
    .option('--instant', "instant mode (for tests): each operation is included and final as soon as it arrives, the node's clock jumping ahead to its slots")
    .option('--chain-id <id>', 'chain id (77 is the sandbox id)', positiveInt, 77)
    .option('--json', 'print one JSON line with the URLs and accounts instead of the banner')
    .option('--private-cors <origin...>', 'web page origins allowed to call the private API (CORS); "*" allows any, as a node does')
    .option(
      '--max-execution-ms <ms>',
      'wall-clock limit of one execution (operation or read-only call); a longer one fails (default 30000)',
      strictlyPositiveInt,
    )
    .option('--trace-keep <n>', 'keep the execution traces of the latest n operations (default 1000; see `mason trace`)', positiveInt)
    .option('--trace-memory <MB>', 'memory the kept traces may take, in MB (default 64); the oldest go first', strictlyPositiveInt)
    .option('--no-traces', 'record no execution traces (nothing recorded, nothing paid)')
    .option('--fork <url>', "start from a node's state (its public API URL), reading each account from it at first use; keeps nothing on disk")
    .option('--fork-period <n>', "the remote's final period to fork at (default and only one a node serves: its latest)", positiveInt)
    .action(async (options: NodeOptions, command: Command) => {
      const given = (name: string) => command.getOptionValueSource(name) === 'cli';
      if (options.forkPeriod !== undefined && !options.fork) command.error("error: option '--fork-period <n>' needs --fork <url>");
      // A fork keeps nothing on disk unless asked (then startDevnet refuses, saying why), and takes the remote's chain id.
      const dataDir = options.ephemeral || (options.fork && !given('dataDir')) ? null : resolve(options.dataDir);
      const ports = choosePorts(options, (name: PortName) => command.getOptionValueSource(name) === 'cli', options.portOffset);
      const devnet = await startDevnet({
        host: options.host,
        ...ports,
        accounts: options.accounts,
        ...((!options.fork || given('chainId')) && { chainId: BigInt(options.chainId) }),
        ...(options.fork && { fork: { url: options.fork, ...(options.forkPeriod !== undefined && { period: options.forkPeriod }) } }),
        dataDir,
        ...(options.reset && { reset: true }),
        ...(options.initialLedger && { initialLedger: readInitialLedgerFile(options.initialLedger) }),
        ...(options.privateCors && { privateCors: options.privateCors }),
        ...(options.t0 !== undefined && { t0: options.t0 }),
        ...(options.deltaF0 !== undefined && { deltaF0: options.deltaF0 }),
        ...(options.mainnetTiming && { mainnetTiming: true }),
        ...(options.maxExecutionMs !== undefined && { maxExecutionMs: options.maxExecutionMs }),
        ...(options.instant && { instant: true }),
        ...(options.loadState && { loadState: resolve(options.loadState) }),
        ...(options.dumpState && { dumpState: resolve(options.dumpState) }),
        traces: nodeTraces(options),
      }).catch((error: unknown) => {
        throw explainListenError(error, ports, options.host, options.portOffset);
      });
      // Signal handlers first: a script may stop the node as soon as it reads the readiness line.
      const shutdown = waitForShutdown(devnet, options.json === true, dataDir);
      if (options.json) printJson(devnet, dataDir);
      else await printBanner(devnet, dataDir);
      await shutdown;
    });
}

function printJson(devnet: Devnet, dataDir: string | null): void {
  console.log(
    JSON.stringify({
      ready: true,
      urls: devnet.urls,
      chainId: Number(devnet.config.chainId),
      instant: devnet.instant,
      dataDir,
      ...(devnet.config.fork && { fork: { url: devnet.config.fork.url, period: devnet.config.fork.period } }),
      accounts: devnet.accounts.map((a) => ({ address: a.address, publicKey: a.publicKey, secretKey: a.secretKey.reveal() })),
    }),
  );
}

async function printBanner(devnet: Devnet, dataDir: string | null): Promise<void> {
  const { config } = devnet;
  const balances = await accountBalances(devnet);
  console.log(color.bold('Mason devnet') + color.dim(` — chain id ${config.chainId}, ${config.version}`));
  console.log(field('public API', devnet.urls.public));
  console.log(field('private API', devnet.urls.private));
  console.log(field('API + WS', `${devnet.urls.api}  ${devnet.urls.ws}`));
  console.log(field('explorer', devnet.urls.explorer));
  if (config.fork) console.log(field('forked from', `${config.fork.url} at its final period ${config.fork.period}`));
  console.log(field('timing', `t0 ${config.t0} ms (a slot every ${config.t0 / 32} ms), delta_f0 ${config.deltaF0}`));
  if (devnet.instant) console.log(field('instant', 'operations are final as soon as they arrive; the clock jumps ahead (mason_advance_slots moves it on)'));
  console.log(field('data', dataDir ?? 'in memory (--ephemeral)'));
  if (devnet.urls.public !== `http://127.0.0.1:${DEFAULT_PORTS.publicPort}`) {
    console.log(field('other commands', `MASON_NODE_URL=${devnet.urls.public} MASON_NODE_WS_URL=${devnet.urls.ws} npx mason deploy`));
  }
  console.log('');
  console.log(color.yellow(color.bold('Accounts — publicly known keys: never use them on a real network')));
  devnet.accounts.forEach((account, i) => {
    const balance = formatMas(balances[i]!);
    console.log(`  (${i}) ${account.address}  ${color.dim(`${balance} MAS`)}`);
    console.log(color.dim(`      secret key ${account.secretKey.reveal()}`));
  });
  console.log('');
  console.log(color.green(`Mason devnet ready: ${devnet.urls.public}`));
}

/** The accounts' candidate balances, read through a client of the devnet's public API (in process, no socket). */
async function accountBalances(devnet: Devnet): Promise<bigint[]> {
  if (devnet.accounts.length === 0) return [];
  const client = createClient({ url: devnet.urls.public, inProcess: { public: (body) => devnet.handleRequest('public', body) } });
  try {
    const infos = await getAddresses(
      client,
      devnet.accounts.map((account) => account.address),
    );
    return infos.map((info) => parseMas(info.candidate_balance));
  } finally {
    await client.close();
  }
}

function waitForShutdown(devnet: Devnet, quiet: boolean, dataDir: string | null): Promise<void> {
  return new Promise((resolveShutdown) => {
    let stopping = false;
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      if (!quiet) console.log(color.dim(`\n${signal}: stopping, finalizing what was sent…`));
      void devnet.stop().then(() => {
        if (!quiet) console.log(color.dim(dataDir ? `devnet stopped; its final state is in ${dataDir}.` : 'devnet stopped.'));
        resolveShutdown();
      });
    };
    process.once('SIGINT', () => shutdown('SIGINT'));
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    void devnet.closed.then(() => {
      if (!stopping) {
        if (!quiet) console.log(color.dim('stopped by stop_node.'));
        resolveShutdown();
      }
    });
  });
}
