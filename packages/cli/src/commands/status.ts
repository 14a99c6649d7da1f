import { Command } from 'commander';
import { getStatus, type Slot } from '@mason/client';
import { clientFor, resolveNetwork } from '../network.js';
import { color, field } from '../output.js';

interface StatusOptions {
  network: string;
  json?: boolean;
}

const slotText = (slot: Slot | null) => (slot ? `period ${slot.period}, thread ${slot.thread}` : color.dim('none yet'));

export function statusCommand(): Command {
  return new Command('status')
    .description("print the node's status: version, chain id, clock, execution cursors, pool, fees and timing")
    .option('--network <name>', 'local, buildnet, mainnet or a node URL', 'local')
    .option('--json', "print the node's get_status answer as it is")
    .action(async (options: StatusOptions) => {
      const network = resolveNetwork(options.network);
      const client = clientFor(network);
      try {
        const status = await getStatus(client);
        if (options.json) {
          console.log(JSON.stringify({ network: network.name, url: network.url, ...status }));
          return;
        }
        const { config, execution_stats: execution, consensus_stats: consensus } = status;
        console.log(field('network', `${network.name} (${network.url})`));
        console.log(field('version', status.version));
        console.log(field('chain id', String(status.chain_id)));
        console.log(field('node time', new Date(status.current_time).toISOString()));
        console.log(field('last slot', slotText(status.last_slot)));
        console.log(field('executed', `${slotText(execution.active_cursor)} (candidate)`));
        console.log(field('final', slotText(execution.final_cursor)));
        console.log(
          field(
            'final blocks',
            `${consensus.final_block_count.toLocaleString('en-US')} in the last ${Math.round((consensus.end_timespan - consensus.start_timespan) / 1000)} s`,
          ),
        );
        console.log(field('pool', `${status.pool_stats[0]} operation(s), ${status.pool_stats[1]} endorsement(s)`));
        console.log(field('minimal fee', `${status.minimal_fees} MAS`));
        console.log(
          field('timing', `t0 ${config.t0} ms, ${config.thread_count} threads, delta_f0 ${config.delta_f0}, ${config.periods_per_cycle} periods a cycle`),
        );
        console.log(field('genesis', new Date(config.genesis_timestamp).toISOString()));
      } finally {
        await client.close();
      }
    });
}
