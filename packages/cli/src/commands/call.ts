import { Command, Option } from 'commander';
import { callSC, final, speculative, timeout, waitForOperation, getOperationEvents, type SCOutputEvent } from '@mason/client';
import { parseMas } from '@mason/codec';
import { encodeContractArgs } from '../contractArgs.js';
import { accountFor, clientFor, resolveNetwork } from '../network.js';
import { color, field, printEvents } from '../output.js';

interface CallOptions {
  args: string[];
  coins: string;
  maxGas?: string;
  fee?: string;
  network: string;
  wait: 'executed' | 'final';
  json?: boolean;
}

export function callCommand(): Command {
  return new Command('call')
    .description('call a function of a deployed contract (a CallSC operation) and print its events')
    .argument('<address>', 'the contract (AS…)')
    .argument('<function>', 'the exported function to call')
    .option('--args <values...>', 'arguments as type:value (i32:2 string:Mason bytes:0a0b …)', [])
    .option('--coins <MAS>', 'coins sent with the call', '0')
    .option('--max-gas <gas>', 'gas limit (default: estimated by a read-only call, +20 %)')
    .option('--fee <MAS>', "fee (default: the node's minimal fee)")
    .option('--network <name>', 'local, buildnet, mainnet or a node URL', 'local')
    .addOption(new Option('--wait <stage>', 'return once executed, or once final').choices(['executed', 'final']).default('final'))
    .option('--json', 'print one JSON object')
    .action(async (address: string, func: string, options: CallOptions) => {
      const network = resolveNetwork(options.network);
      const client = clientFor(network);
      try {
        const account = accountFor(network);
        const operation = await callSC(client, account, {
          target: address,
          func,
          parameter: encodeContractArgs(options.args),
          coins: parseMas(options.coins),
          ...(options.maxGas && { maxGas: BigInt(options.maxGas) }),
          ...(options.fee && { fee: parseMas(options.fee) }),
        });
        if (!options.json) console.log(field('operation', operation.id));
        const strategies = options.wait === 'final' ? [final(), timeout(120_000)] : [speculative(), timeout(120_000)];
        const result = await waitForOperation(client, operation.id, strategies, { pollIntervalMs: network.isLocal ? 50 : 1_000 });
        const events: SCOutputEvent[] = await getOperationEvents(client, operation.id);
        const failed = 'status' in result && /Error/.test(String(result.status));
        if (options.json) {
          console.log(JSON.stringify({ operationId: operation.id, stage: result.stage, status: result.status, events }));
        } else {
          console.log(field('status', failed ? color.red(String(result.status)) : color.green(String(result.status))));
          printEvents(events);
        }
        if (failed || result.stage === 'timeout') process.exitCode = 1;
      } finally {
        await client.close();
      }
    });
}
