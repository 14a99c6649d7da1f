import { Command, Option } from 'commander';
import { DeploymentRecords, deployFromBuild, type DeployProgress } from '@mason/deployer';
import { formatMas } from '@mason/codec';
import { explainShortConstructorArgs } from '../argsShortfall.js';
import { encodeContractArgs } from '../contractArgs.js';
import { CliError } from '../errors.js';
import { withFailureLocation } from '../failureLocation.js';
import { argsStringArray, rawEventBytes } from '@mason/codec/base';
import { clientFor, resolveNetwork, signerFor, type SignerOptions } from '../network.js';
import { withSignerFlags } from '../signerFlags.js';
import { gasAmount, masAmount, periodToLive } from '../optionParsers.js';
import { color, field, printEvents, type PrintableEvent } from '../output.js';
import { enterProject } from '../project.js';
import { registerDeployedAbi } from '../registerDeployedAbi.js';
import { runBuild } from './build.js';

interface DeployOptions extends SignerOptions {
  network: string;
  args: string[];
  coins: bigint;
  fee?: bigint;
  maxGas?: bigint;
  periodToLive?: number;
  fresh?: boolean;
  json?: boolean;
  // Deployment scripts (deployScript.ts).
  script?: string;
  reset?: string[];
  replan?: boolean;
  dryRun?: boolean;
}

function describe(progress: DeployProgress): string {
  switch (progress.stage) {
    case 'checked':
      return `checked: balance ${formatMas(progress.balance)} MAS covers ${formatMas(progress.needed)} MAS; dry run passed (gas ${progress.maxGas})`;
    case 'discarded':
      return `discarded the pending deployment ${progress.operationId} (sent ${progress.sentAt}); a node may still execute it until period ${progress.expirePeriod}, creating a contract of its own`;
    case 'resuming':
      return `resuming the deployment sent earlier: ${progress.operationId}`;
    case 'sent':
      return `sent ${progress.operationId}`;
    case 'executed':
      return 'executed (speculative); waiting for finality';
    case 'final':
      return 'final';
  }
}

/** The deployer's closing raw event repeats the address in base64: people read the text event instead. */
function withoutDeployerRawEvent(events: readonly PrintableEvent[], address: string): PrintableEvent[] {
  return events.filter((event) => {
    const raw = event.context.call_stack.length === 1 ? rawEventBytes(event.data) : null;
    return !(raw && argsStringArray(raw)?.includes(address));
  });
}

/**
 * Ctrl-C (or SIGTERM) while deploying: the signed operation is recorded before it is sent, so
 * running the command again resumes it rather than deploying twice.
 */
function onInterrupt(records: DeploymentRecords, state: { contract: string | null }): () => void {
  const handler = (signal: NodeJS.Signals) => {
    let pending: string | undefined;
    try {
      pending = state.contract ? records.pending(state.contract)?.operationId : undefined;
    } catch {
      // the records file cannot be read: say nothing about it
    }
    const what = pending ? `operation ${pending} is recorded as pending in ${records.path}` : 'nothing was sent';
    console.error(`\n${color.yellow('interrupted')} — run the same command again to resume (${what}).`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

export function deployCommand(): Command {
  return withSignerFlags(new Command('deploy'))
    .description('build, then deploy a contract and wait until it is final (default network: the local devnet)')
    .argument('[contract]', 'the contract to deploy, by its name in build/manifest.json (default: the only one, or main)')
    .option('--network <name>', 'local, buildnet, mainnet or a node URL', 'local')
    .option('--args <values...>', 'constructor arguments as type:value (string:Mason i32:2 …)', [])
    .addOption(
      new Option('--coins <MAS>', 'coins sent to the constructor (the contract pays its storage with them)')
        .argParser(masAmount)
        .default(masAmount('0.1'), '0.1'),
    )
    .option('--fee <MAS>', "fee (default: the node's minimal fee)", masAmount)
    .option('--max-gas <gas>', 'gas limit (default: measured by a dry run, +20 %)', gasAmount)
    .option('--period-to-live <periods>', 'periods after the last slot during which the operation may be included (1–9, default 9)', periodToLive)
    .option('--fresh', 'discard a deployment an interrupted run left pending, and deploy anew')
    .option('--json', 'print one JSON object')
    .option('--script <name>', 'deploy what deploy/<name>.ts declares (buildModule), step by step, resuming an interrupted run')
    .option('--reset <steps...>', 'with --script: redo these steps (and the steps that use them)')
    .option('--replan', 'with --script: redo every step whose inputs changed since it was recorded (and the steps that use them)')
    .option('--dry-run', 'with --script: print the plan, send nothing')
    .action(async (contract: string | undefined, options: DeployOptions) => {
      if (options.script !== undefined || options.reset || options.replan || options.dryRun) {
        if (options.script === undefined) throw new CliError('MASON_CLI_BAD_ARGS', { problems: '--reset, --replan and --dry-run go with --script <name>' });
        if (contract !== undefined || options.args.length > 0 || options.fresh) {
          throw new CliError('MASON_CLI_BAD_ARGS', { problems: '--script deploys what the script declares: give no contract name, --args or --fresh with it' });
        }
        const network = resolveNetwork(options.network);
        const root = enterProject('deploy');
        const account = await signerFor(network, options);
        const { deployScript } = await import('./deployScript.js');
        return deployScript(root, network, account, { ...options, script: options.script });
      }
      const args = encodeContractArgs(options.args);
      const network = resolveNetwork(options.network);
      const root = enterProject('deploy');
      const state = { contract: null as string | null };
      // The password is asked before the build: a wrong one stops the run at once.
      const account = await signerFor(network, options);
      const stopListening = onInterrupt(new DeploymentRecords(root, network.name), state);
      try {
        const quiet = options.json === true;
        const built = await runBuild({}, quiet);
        const names = Object.keys(built.manifest.contracts);
        const name = contract ?? (names.length === 1 ? names[0]! : names.includes('main') ? 'main' : undefined);
        if (!name) throw new CliError('MASON_CLI_WHICH_CONTRACT', { names: names.join(', '), first: names[0] ?? 'main' });
        state.contract = name;
        const client = clientFor(network);
        try {
          if (!quiet) console.log(`\nDeploying ${color.bold(name)} to ${network.name} (${network.url}) from ${account.address.toString()}`);
          const started = Date.now();
          const result = await deployFromBuild({
            client,
            account,
            contract: name,
            root,
            network: network.name,
            args,
            coins: options.coins,
            ...(options.fee !== undefined && { fee: options.fee }),
            ...(options.maxGas !== undefined && { maxGas: options.maxGas }),
            ...(options.periodToLive !== undefined && { periodToLive: options.periodToLive }),
            ...(options.fresh && { fresh: true }),
            pollIntervalMs: network.isLocal ? 20 : 1_000,
            onProgress: (progress) => {
              if (!quiet) console.log(color.dim(`  • ${describe(progress)}`));
            },
          }).catch(async (error: unknown) => {
            throw await withFailureLocation(error, client, account.address.toString(), explainShortConstructorArgs(error, name, args, options.args));
          });
          const abi = await registerDeployedAbi(client, network, root, built.manifest, name, result.address);
          if (quiet) {
            console.log(
              JSON.stringify({
                abi,
                contract: name,
                network: network.name,
                address: result.address,
                operationId: result.operationId,
                resumed: result.resumed,
                events: result.events,
                record: result.recordsPath,
              }),
            );
            return;
          }
          console.log(`\n${color.green('✔')} ${color.bold(name)} deployed in ${((Date.now() - started) / 1000).toFixed(2)} s`);
          console.log(field('address', color.bold(result.address)));
          console.log(field('operation', result.operationId));
          printEvents(withoutDeployerRawEvent(result.events, result.address));
          console.log(field('recorded in', result.recordsPath));
          if (abi.registered) console.log(field('ABI', 'registered on the devnet (mason op, mason trace and the explorer decode its calls)'));
          else if (abi.reason !== 'not a Mason devnet') console.log(field('ABI', color.yellow(`not registered on the devnet: ${abi.reason}`)));
        } finally {
          await client.close();
        }
      } finally {
        stopListening();
      }
    });
}
