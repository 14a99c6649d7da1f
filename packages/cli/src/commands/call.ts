import { decodeTraceCalls } from '../decodeTrace.js';
import { Command, Option } from 'commander';
import { callSC, final, speculative, timeout, waitForOperation, getOperationEvents, type SCOutputEvent } from '@mason/client';
import { explainShortArgs } from '../argsShortfall.js';
import { locateOperationFailure, withFailureLocation } from '../failureLocation.js';
import { callArguments } from '../callArguments.js';
import { encodeContractArgs } from '../contractArgs.js';
import { checkFunctionExists } from '../contractExports.js';
import { resolveContract } from '../contractTarget.js';
import { eventText } from '@mason/codec/base';
import { clientFor, resolveNetwork, signerFor, type SignerOptions } from '../network.js';
import { withSignerFlags } from '../signerFlags.js';
import { gasText, operationGas } from '../operationGas.js';
import { gasAmount, masAmount, periodToLive } from '../optionParsers.js';
import { color, field, printEvents } from '../output.js';
import { fetchTrace, printTrace } from '../traceOutput.js';

interface CallOptions extends SignerOptions {
  args: string[];
  coins: bigint;
  maxGas?: bigint;
  fee?: bigint;
  periodToLive?: number;
  network: string;
  wait: 'executed' | 'final';
  json?: boolean;
  trace?: boolean;
}

export function callCommand(): Command {
  return withSignerFlags(new Command('call'))
    .description('call a function of a deployed contract (a CallSC operation) and print its events')
    .argument('<contract>', 'the contract: its address (AS…), or its name in deployments/<network>.json')
    .argument('<function>', 'the exported function to call')
    .argument('[values...]', "the function's arguments as plain values, checked against its ABI (build/<name>.abi.json)")
    .option('--args <values...>', 'arguments as type:value (i32:2 string:Mason bytes:0a0b …)', [])
    .addOption(new Option('--coins <MAS>', 'coins sent with the call').argParser(masAmount).default(0n, '0'))
    .option('--max-gas <gas>', 'gas limit (default: estimated by a read-only call, +20 %)', gasAmount)
    .option('--fee <MAS>', "fee (default: the node's minimal fee)", masAmount)
    .option('--period-to-live <periods>', 'periods after the last slot during which the operation may be included (1–9, default 9)', periodToLive)
    .option('--network <name>', 'local, buildnet, mainnet or a node URL', 'local')
    .addOption(new Option('--wait <stage>', 'return once executed, or once final').choices(['executed', 'final']).default('final'))
    .option('--json', 'print one JSON object')
    .option('--trace', 'print the execution trace after the result (a Mason devnet records it)')
    .action(async (target: string, func: string, values: string[], options: CallOptions) => {
      if (options.args.length > 0) encodeContractArgs(options.args);
      const network = resolveNetwork(options.network);
      const contract = resolveContract(target, network, 'call');
      const client = clientFor(network);
      try {
        await checkFunctionExists(client, contract.address, func, network.name);
        const { parameter } = await callArguments(client, contract, func, values, options.args);
        const account = await signerFor(network, options);
        const operation = await callSC(client, account, {
          target: contract.address,
          func,
          parameter,
          coins: options.coins,
          ...(options.maxGas !== undefined && { maxGas: options.maxGas }),
          ...(options.fee !== undefined && { fee: options.fee }),
          ...(options.periodToLive !== undefined && { periodToLive: options.periodToLive }),
        }).catch(async (error: unknown) => {
          const caller = account.address.toString();
          const explained = await explainShortArgs(error, {
            client,
            target: contract.address,
            func,
            parameter,
            args: options.args,
            caller,
            coins: options.coins,
          });
          throw await withFailureLocation(error, client, caller, explained);
        });
        if (!options.json) console.log(field('operation', operation.id));
        const strategies = options.wait === 'final' ? [final(), timeout(120_000)] : [speculative(), timeout(120_000)];
        const result = await waitForOperation(client, operation.id, strategies, { pollIntervalMs: network.isLocal ? 50 : 1_000 });
        const events: SCOutputEvent[] = await getOperationEvents(client, operation.id);
        const failed = 'status' in result && /Error/.test(String(result.status));
        const gas = await operationGas(client, operation.id);
        const trace = options.trace && result.stage !== 'timeout' ? await fetchTrace(client, operation.id) : undefined;
        const located = failed ? await locateOperationFailure(client, operation.id) : undefined;
        if (options.json) {
          console.log(
            JSON.stringify({
              address: contract.address,
              function: func,
              operationId: operation.id,
              stage: result.stage,
              status: result.status,
              gasUsed: gas.used,
              maxGas: gas.max,
              events,
              ...(trace && { trace }),
              ...(located && {
                location: { file: located.location.file, line: located.location.line, column: located.location.column, contract: located.location.contract },
              }),
            }),
          );
        } else {
          console.log(field('status', failed ? color.red(String(result.status)) : color.green(String(result.status))));
          if (result.stage !== 'timeout') console.log(field('gas used', gasText(gas)));
          printEvents(events);
          if (trace) {
            console.log(field('trace', ''));
            await decodeTraceCalls(client, network, trace);
            printTrace(trace, network);
          }
        }
        if (result.stage === 'timeout') {
          console.error(
            `${color.red('error')} operation ${operation.id} was not ${options.wait} within 120 s (last status: ${result.status}); it may still be: look it up later with its id.`,
          );
          process.exitCode = 1;
        } else if (failed) {
          const reason = [...events].reverse().find((e) => e.context.is_error);
          console.error(`${color.red('error')} the call failed on chain (${result.status}; the fee is spent)${reason ? `: ${eventText(reason.data)}` : ''}`);
          if (located) console.error(located.text);
          process.exitCode = 1;
        }
      } finally {
        await client.close();
      }
    });
}
