import { Command } from 'commander';
import { getAddresses } from '@mason/client';
import { resolveContract } from '../contractTarget.js';
import { clientFor, resolveNetwork } from '../network.js';
import { color, field } from '../output.js';

interface BalanceOptions {
  network: string;
  json?: boolean;
}

export function balanceCommand(): Command {
  return new Command('balance')
    .description('print the candidate and final balance of an address (in MAS)')
    .argument('<address>', 'an address (AU… or AS…), or a contract name from deployments/<network>.json')
    .option('--network <name>', 'local, buildnet, mainnet or a node URL', 'local')
    .option('--json', 'print one JSON object (balances as decimal strings of MAS)')
    .action(async (target: string, options: BalanceOptions) => {
      const network = resolveNetwork(options.network);
      const { address, name } = resolveContract(target, network, 'balance');
      const client = clientFor(network);
      try {
        const [info] = await getAddresses(client, [address]);
        const candidate = info?.candidate_balance ?? '0';
        const final = info?.final_balance ?? '0';
        if (options.json) {
          console.log(JSON.stringify({ address, ...(name && { name }), candidate, final }));
          return;
        }
        console.log(field('address', name ? `${address} (${name})` : address));
        console.log(field('candidate', `${color.bold(candidate)} MAS`));
        const same = candidate === final;
        console.log(field('final', `${final} MAS${same ? '' : color.yellow('  (operations not final yet change it)')}`));
      } finally {
        await client.close();
      }
    });
}
