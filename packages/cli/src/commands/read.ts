import { decodeTraceCalls } from '../decodeTrace.js';
import { Command } from 'commander';
import { readOnlyCall } from '@mason/client';
import { Address, isMasonError, toHex, type ExecutionTrace } from '@mason/codec';
import { explainShortArgs } from '../argsShortfall.js';
import { withFailureLocation } from '../failureLocation.js';
import { callArguments } from '../callArguments.js';
import { encodeContractArgs } from '../contractArgs.js';
import { checkFunctionExists } from '../contractExports.js';
import { resolveContract } from '../contractTarget.js';
import { decodeAbiResult, returnsText } from '../abiResult.js';
import { decodeReturn, returnType, RETURN_TYPES, type ReturnType } from '../decodeReturn.js';
import { CliError } from '../errors.js';
import { printableText } from '@mason/codec/base';
import { clientFor, defaultReadCaller, resolveNetwork } from '../network.js';
import { gasAmount, masAmount } from '../optionParsers.js';
import { color, field, printEvents } from '../output.js';
import { isMethodNotFound } from '../isMethodNotFound.js';
import { printTrace } from '../traceOutput.js';

interface ReadOptions {
  args: string[];
  coins?: bigint;
  maxGas?: bigint;
  caller?: string;
  returns?: ReturnType;
  network: string;
  json?: boolean;
  trace?: boolean;
}

function callerAddress(value: string): string {
  try {
    return Address.fromString(value).toString();
  } catch (error) {
    throw new CliError('MASON_CLI_INVALID_ADDRESS', { value, reason: isMasonError(error) ? error.shortMessage : (error as Error).message });
  }
}

export function readCommand(): Command {
  return new Command('read')
    .description('call a function read-only: nothing is sent, nothing is spent, no secret key is needed')
    .argument('<contract>', 'the contract: its address (AS…), or its name in deployments/<network>.json')
    .argument('<function>', 'the exported function')
    .argument('[values...]', "the function's arguments as plain values, checked against its ABI (build/<name>.abi.json)")
    .option('--args <values...>', 'arguments as type:value (i32:2 string:Mason …)', [])
    .option('--returns <type>', `decode what the function returns: ${RETURN_TYPES.join('|')}`, returnType)
    .option('--coins <MAS>', 'coins the call pretends to send', masAmount)
    .option('--max-gas <gas>', 'gas limit', gasAmount)
    .option('--caller <address>', 'the caller the contract sees (default: devnet account 0 on local, a stand-in address elsewhere)')
    .option('--network <name>', 'local, buildnet, mainnet or a node URL', 'local')
    .option('--json', 'print one JSON object: the returned bytes in hex and their decoded value')
    .option('--trace', "print the execution trace after the result (a Mason devnet's mason_execute_read_only_call)")
    .action(async (target: string, func: string, values: string[], options: ReadOptions) => {
      if (options.args.length > 0) encodeContractArgs(options.args);
      const network = resolveNetwork(options.network);
      const contract = resolveContract(target, network, 'read');
      const caller = options.caller !== undefined ? callerAddress(options.caller) : defaultReadCaller(network);
      const client = clientFor(network);
      try {
        await checkFunctionExists(client, contract.address, func, network.name);
        const { parameter, abi, fn } = await callArguments(client, contract, func, values, options.args);
        const result = await readOnlyCall(client, {
          target: contract.address,
          func,
          parameter,
          caller,
          ...(options.coins !== undefined && { coins: options.coins }),
          ...(options.maxGas !== undefined && { maxGas: options.maxGas }),
          ...(options.trace && { trace: true }),
        }).catch(async (error: unknown) => {
          if (options.trace && isMethodNotFound(error)) throw new CliError('MASON_CLI_NO_TRACES', { url: client.url });
          // The trace of a failed call is what explains it: shown before the error.
          const failedTrace = (error as { context?: { trace?: ExecutionTrace | null } }).context?.trace;
          if (failedTrace) {
            if (options.json) console.log(JSON.stringify({ address: contract.address, function: func, trace: failedTrace }));
            else printTrace(failedTrace, network);
          }
          const explained = await explainShortArgs(error, {
            client,
            target: contract.address,
            func,
            parameter,
            args: options.args,
            caller,
            ...(options.coins !== undefined && { coins: options.coins }),
          });
          throw await withFailureLocation(error, client, caller, explained);
        });
        const fromAbi = !options.returns && fn && abi ? decodeAbiResult(result.value, fn, abi.abi.structs) : null;
        const decoded = options.returns ? decodeReturn(result.value, options.returns) : fromAbi;
        const text = decoded ? null : printableText(result.value);
        if (options.json) {
          const value = decoded ? decoded.json : text;
          console.log(
            JSON.stringify({
              address: contract.address,
              function: func,
              hex: toHex(result.value),
              returns: options.returns ?? (fromAbi && fn?.returns ? returnsText(fn.returns) : null),
              value,
              gasCost: result.gasCost,
              events: result.events,
              ...(result.trace && { trace: result.trace }),
            }),
          );
          return;
        }
        const shown = decoded ? decoded.text : text !== null ? `"${text}"` : `0x${toHex(result.value)}`;
        console.log(field('result', color.bold(shown)));
        if (!decoded && text === null && result.value.length > 0) {
          console.log(
            color.dim(
              `  ${''.padEnd(14)} raw bytes; decode them with --returns u64 (or ${RETURN_TYPES.filter((t) => t !== 'u64')
                .slice(0, 6)
                .join(', ')}, …)`,
            ),
          );
        }
        console.log(field('gas cost', String(result.gasCost)));
        printEvents(result.events);
        if (result.trace) {
          console.log(field('trace', ''));
          await decodeTraceCalls(client, network, result.trace);
          printTrace(result.trace, network);
        }
      } finally {
        await client.close();
      }
    });
}
