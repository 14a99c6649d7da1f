import { Command } from 'commander';
import { getFilteredScOutputEvent, watchEvents, type Client, type SCOutputEvent } from '@mason/client';
import { compareSlots, type EventFilter } from '@mason/codec';
import { operationIdArgument } from '../chainIds.js';
import { resolveContract } from '../contractTarget.js';
import { eventLine } from '../eventLines.js';
import { clientFor, resolveNetwork } from '../network.js';
import { color } from '../output.js';

interface EventsOptions {
  address?: string;
  caller?: string;
  operation?: string;
  final?: boolean;
  errors?: boolean;
  follow?: boolean;
  network: string;
  json?: boolean;
}

/** The most events a node answers a query with (`max_event_per_query`). */
const NODE_MAX_EVENTS = 7000;

/** Prints new events until Ctrl-C (or SIGTERM), then stops watching and closes the client. */
function follow(client: Client, filter: Parameters<typeof watchEvents>[1], print: (event: SCOutputEvent) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let unwatch: (() => Promise<void>) | undefined;
    const end = (error?: unknown) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      void (unwatch?.() ?? Promise.resolve()).then(() => (error === undefined ? resolve() : reject(error)));
    };
    const onSignal = () => end();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    // The node went away: say so and end, rather than retry silently forever.
    unwatch = watchEvents(client, { ...filter, onError: (error) => end(error) }, print);
  });
}

export function eventsCommand(): Command {
  return new Command('events')
    .description('print smart-contract events, decoded; --follow prints new ones as they come')
    .option('--address <address>', 'events emitted by this address, or contract name from deployments/<network>.json')
    .option('--caller <address>', 'events of executions this address started (its operations), or a contract name')
    .option('--operation <id>', 'events of one operation (O1…)')
    .option('--final', 'final events only')
    .option('--errors', 'error events only')
    .option('--follow', 'after the events so far, print new ones as they are executed, until Ctrl-C')
    .option('--network <name>', 'local, buildnet, mainnet or a node URL', 'local')
    .option('--json', 'print events as the node returns them: one JSON array, or one JSON object a line with --follow')
    .action(async (options: EventsOptions) => {
      const network = resolveNetwork(options.network);
      const address = options.address === undefined ? undefined : resolveContract(options.address, network, 'events --address').address;
      const caller = options.caller === undefined ? undefined : resolveContract(options.caller, network, 'events --caller').address;
      const operationId = options.operation === undefined ? undefined : operationIdArgument(options.operation);
      const client = clientFor(network);
      const print = (event: SCOutputEvent) => console.log(options.json ? JSON.stringify(event) : eventLine(event));
      try {
        if (options.follow) {
          if (!options.json) console.error(color.dim(`Events on ${network.name} (${network.url}); Ctrl-C to stop`));
          await follow(
            client,
            {
              ...(address && { address }),
              ...(caller && { caller }),
              ...(operationId && { operationId }),
              ...(options.final && { final: true }),
              ...(options.errors && { isError: true }),
              fromSlot: { period: 0, thread: 0 },
              pollIntervalMs: network.isLocal ? 250 : 1_000,
            },
            print,
          );
          return;
        }
        const filter: EventFilter = {
          ...(address && { emitter_address: address }),
          ...(caller && { original_caller_address: caller }),
          ...(operationId && { original_operation_id: operationId }),
          ...(options.final && { is_final: true }),
          ...(options.errors && { is_error: true }),
        };
        const events = (await getFilteredScOutputEvent(client, filter)).sort(
          (a, b) => compareSlots(a.context.slot, b.context.slot) || a.context.index_in_slot - b.context.index_in_slot,
        );
        if (options.json) {
          console.log(JSON.stringify(events));
          return;
        }
        if (events.length === 0) console.log(color.dim('  no events'));
        for (const event of events) print(event);
        if (events.length >= NODE_MAX_EVENTS) {
          console.error(color.yellow(`  the node answers at most ${NODE_MAX_EVENTS} events: narrow the query with --address, --caller or --operation`));
        }
      } finally {
        await client.close();
      }
    });
}
