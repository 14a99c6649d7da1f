import { Command } from 'commander';
import { readOnlyCall } from '@mason/client';
import { parseMas, toHex } from '@mason/codec';
import { encodeContractArgs } from '../contractArgs.js';
import { accountFor, clientFor, resolveNetwork } from '../network.js';
import { color, field, printEvents } from '../output.js';

interface ReadOptions {
  args: string[];
  coins?: string;
  maxGas?: string;
  network: string;
  json?: boolean;
}

/** Shows returned bytes as text when they are printable UTF-8, else as hex. */
function describeBytes(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (!/[\u0000-\u0008\u000e-\u001f]/.test(text)) return `"${text}"`;
  } catch {
    // not UTF-8
  }
  return `0x${toHex(bytes)}`;
}

export function readCommand(): Command {
  return new Command('read')
    .description('call a function read-only: nothing is sent, nothing is spent')
    .argument('<address>', 'the contract (AS…)')
    .argument('<function>', 'the exported function')
    .option('--args <values...>', 'arguments as type:value (i32:2 string:Mason …)', [])
    .option('--coins <MAS>', 'coins the call pretends to send')
    .option('--max-gas <gas>', 'gas limit')
    .option('--network <name>', 'local, buildnet, mainnet or a node URL', 'local')
    .option('--json', 'print one JSON object')
    .action(async (address: string, func: string, options: ReadOptions) => {
      const network = resolveNetwork(options.network);
      const client = clientFor(network);
      try {
        const account = accountFor(network);
        const result = await readOnlyCall(client, {
          target: address,
          func,
          parameter: encodeContractArgs(options.args),
          caller: account.address.toString(),
          ...(options.coins && { coins: parseMas(options.coins) }),
          ...(options.maxGas && { maxGas: BigInt(options.maxGas) }),
        });
        if (options.json) {
          console.log(JSON.stringify({ value: Array.from(result.value), text: describeBytes(result.value), gasCost: result.gasCost, events: result.events }));
          return;
        }
        console.log(field('result', color.bold(describeBytes(result.value))));
        console.log(field('gas cost', String(result.gasCost)));
        printEvents(result.events);
      } finally {
        await client.close();
      }
    });
}
