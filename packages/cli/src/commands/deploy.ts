import { Command } from 'commander';
import { deployFromBuild, type DeployProgress } from '@mason/deployer';
import { formatMas, parseMas } from '@mason/codec';
import { encodeContractArgs } from '../contractArgs.js';
import { accountFor, clientFor, resolveNetwork } from '../network.js';
import { color, field, printEvents } from '../output.js';
import { runBuild } from './build.js';

interface DeployOptions {
  network: string;
  args: string[];
  coins: string;
  fee?: string;
  maxGas?: string;
  json?: boolean;
}

function describe(progress: DeployProgress): string {
  switch (progress.stage) {
    case 'checked':
      return `checked: balance ${formatMas(progress.balance)} MAS covers ${formatMas(progress.needed)} MAS; dry run passed (gas ${progress.maxGas})`;
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

export function deployCommand(): Command {
  return new Command('deploy')
    .description('build, then deploy a contract and wait until it is final (default network: the local devnet)')
    .argument('[contract]', 'the contract to deploy, by its name in build/manifest.json (default: the only one, or main)')
    .option('--network <name>', 'local, buildnet, mainnet or a node URL', 'local')
    .option('--args <values...>', 'constructor arguments as type:value (string:Mason i32:2 …)', [])
    .option('--coins <MAS>', 'coins sent to the constructor (the contract pays its storage with them)', '0.1')
    .option('--fee <MAS>', "fee (default: the node's minimal fee)")
    .option('--max-gas <gas>', 'gas limit (default: measured by a dry run, +20 %)')
    .option('--json', 'print one JSON object')
    .action(async (contract: string | undefined, options: DeployOptions) => {
      const quiet = options.json === true;
      const built = await runBuild({}, quiet);
      const names = Object.keys(built.manifest.contracts);
      const name = contract ?? (names.length === 1 ? names[0]! : names.includes('main') ? 'main' : undefined);
      if (!name) throw new Error(`several contracts were built (${names.join(', ')}): name the one to deploy, e.g. mason deploy ${names[0]}`);
      const network = resolveNetwork(options.network);
      const client = clientFor(network);
      try {
        const account = accountFor(network);
        if (!quiet) console.log(`\nDeploying ${color.bold(name)} to ${network.name} (${network.url}) from ${account.address.toString()}`);
        const started = Date.now();
        const result = await deployFromBuild({
          client,
          account,
          contract: name,
          root: process.cwd(),
          network: network.name,
          args: encodeContractArgs(options.args),
          coins: parseMas(options.coins),
          ...(options.fee && { fee: parseMas(options.fee) }),
          ...(options.maxGas && { maxGas: BigInt(options.maxGas) }),
          pollIntervalMs: network.isLocal ? 20 : 1_000,
          onProgress: (progress) => {
            if (!quiet) console.log(color.dim(`  • ${describe(progress)}`));
          },
        });
        if (quiet) {
          console.log(JSON.stringify({ contract: name, network: network.name, address: result.address, operationId: result.operationId, events: result.events, record: result.recordsPath }));
          return;
        }
        console.log(`\n${color.green('✔')} ${color.bold(name)} deployed in ${((Date.now() - started) / 1000).toFixed(2)} s`);
        console.log(field('address', color.bold(result.address)));
        console.log(field('operation', result.operationId));
        printEvents(result.events);
        console.log(field('recorded in', result.recordsPath));
      } finally {
        await client.close();
      }
    });
}
