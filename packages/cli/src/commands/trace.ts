import { Command } from 'commander';
import { decodeTraceCalls } from '../decodeTrace.js';
import { clientFor, resolveNetwork } from '../network.js';
import { fetchTrace, printTrace } from '../traceOutput.js';

interface TraceOptions {
  network: string;
  json?: boolean;
}

export function traceCommand(): Command {
  return new Command('trace')
    .description(
      'print the execution trace of an operation (or of an asynchronous message, ASC…) on a Mason devnet: its call tree, storage, coins, events, failure',
    )
    .argument('<id>', 'the operation id (O…) or asynchronous message id (ASC…)')
    .option('--network <name>', 'local or a Mason devnet URL', 'local')
    .option('--json', 'print the trace as JSON (docs/debugging.md describes its fields)')
    .action(async (id: string, options: TraceOptions) => {
      const network = resolveNetwork(options.network);
      const client = clientFor(network);
      try {
        const trace = await fetchTrace(client, id);
        await decodeTraceCalls(client, network, trace);
        if (options.json) console.log(JSON.stringify(trace));
        else printTrace(trace, network);
      } finally {
        await client.close();
      }
    });
}
