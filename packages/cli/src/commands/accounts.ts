import { Command, InvalidArgumentError } from 'commander';
import { getAddresses, type AddressInfo } from '@mason/client';
import { devnetAccountKey } from '@mason/devnet';
import { CliError } from '../errors.js';
import { clientFor, resolveNetwork } from '../network.js';
import { color } from '../output.js';

interface AccountsOptions {
  count?: number;
  network: string;
  json?: boolean;
}

/** Addresses asked for in one get_addresses call while looking for the end of the funded accounts. */
const BATCH = 10;
/** No devnet is started with more (a page of get_addresses is 128; `mason node --accounts` takes any number, this bounds the scan). */
const MAX_SCAN = 10_000;

function count(value: string): number {
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_SCAN) throw new InvalidArgumentError(`give a whole number of accounts from 1 to ${MAX_SCAN}`);
  return n;
}

const addressOf = (index: number) => devnetAccountKey(index).publicKey.address().toString();
const isEmpty = (info: AddressInfo | undefined) => !info || (info.final_balance === '0' && info.candidate_balance === '0');

/**
 * The devnet's development accounts (`mason node --accounts <n>`, 10 by default) with their
 * balances. A node does not say how many it funded: the list ends before the first account that
 * holds nothing, unless --count says how many to show.
 */
export function accountsCommand(): Command {
  return new Command('accounts')
    .description("list the local devnet's development accounts with their balances (their keys are printed by mason node)")
    .option('--count <n>', 'how many to list (default: up to the first account holding nothing)', count)
    .option('--network <name>', 'local, or the URL of a devnet on this machine', 'local')
    .option('--json', 'print one JSON array')
    .action(async (options: AccountsOptions) => {
      const network = resolveNetwork(options.network);
      if (!network.isLocal) throw new CliError('MASON_CLI_DEVNET_ONLY', { command: 'accounts', network: network.name });
      const client = clientFor(network);
      try {
        const rows: { index: number; address: string; candidate: string; final: string }[] = [];
        for (let start = 0; rows.length === start && start < (options.count ?? MAX_SCAN); start += BATCH) {
          const indexes = Array.from({ length: Math.min(BATCH, (options.count ?? MAX_SCAN) - start) }, (_, i) => start + i);
          const infos = await getAddresses(client, indexes.map(addressOf));
          for (const [i, index] of indexes.entries()) {
            const info = infos[i];
            if (options.count === undefined && isEmpty(info)) break;
            rows.push({ index, address: addressOf(index), candidate: info?.candidate_balance ?? '0', final: info?.final_balance ?? '0' });
          }
        }
        if (options.json) {
          console.log(JSON.stringify(rows));
          return;
        }
        if (rows.length === 0) {
          console.log(color.dim('  no funded development account: is this a Mason devnet (mason node)?'));
          return;
        }
        console.log(color.dim(`  ${'#'.padEnd(4)}${'address'.padEnd(54)}balance (MAS, candidate / final)`));
        for (const row of rows) {
          const balance = row.candidate === row.final ? row.final : `${row.candidate} / ${row.final}`;
          console.log(`  ${String(row.index).padEnd(4)}${row.address.padEnd(54)}${balance}`);
        }
        console.log(color.dim('  the secret keys are public (mason node prints them; devnetAccountKey(i) in @mason/devnet): --from <#> signs with one'));
      } finally {
        await client.close();
      }
    });
}
