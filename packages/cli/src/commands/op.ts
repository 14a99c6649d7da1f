import { Command } from 'commander';
import { getOperationEvents, getOperations, type OperationInfo, type SCOutputEvent } from '@mason/client';
import { operationIdArgument } from '../chainIds.js';
import { CliError } from '../errors.js';
import { eventLine } from '../eventLines.js';
import { clientFor, resolveNetwork } from '../network.js';
import { gasText, type OperationGas } from '../operationGas.js';
import { color, field } from '../output.js';
import { type OperationStage, outcomeOf, stageOf } from '../operationStage.js';
import { printTrace, traceIfKept } from '../traceOutput.js';
import { decodedOperationCall } from '../decodedOperationCall.js';
import { argumentsText, returnedText } from '../decodeCall.js';

interface OpOptions {
  network: string;
  json?: boolean;
}

/** What the operation does, in a line. */
function describe(info: OperationInfo): string {
  const op = info.operation.content.op;
  if ('Transaction' in op) return `transfer ${op.Transaction.amount} MAS to ${op.Transaction.recipient_address}`;
  if ('CallSC' in op)
    return `call ${op.CallSC.target_addr}.${op.CallSC.target_func} with ${op.CallSC.coins} MAS (${op.CallSC.param.length} bytes of arguments)`;
  if ('ExecuteSC' in op) return `execute ${op.ExecuteSC.data.length} bytes of bytecode (max coins ${op.ExecuteSC.max_coins} MAS)`;
  if ('RollBuy' in op) return `buy ${op.RollBuy.roll_count} roll(s)`;
  return `sell ${op.RollSell.roll_count} roll(s)`;
}

const STAGE_TEXT: Record<OperationStage, string> = {
  pool: 'in the pool, waiting for a block',
  included: 'in a block, not executed yet',
  candidate: 'executed (candidate), not final yet',
  final: 'final',
};

export function opCommand(): Command {
  return new Command('op')
    .description(
      'print an operation: where it is (pool, candidate, final), whether it succeeded, its block, gas, events and (on a Mason devnet) its execution trace',
    )
    .argument('<id>', 'the operation id (O1…)')
    .option('--network <name>', 'local, buildnet, mainnet or a node URL', 'local')
    .option('--json', 'print one JSON object')
    .action(async (idText: string, options: OpOptions) => {
      const id = operationIdArgument(idText);
      const network = resolveNetwork(options.network);
      const client = clientFor(network);
      try {
        const [info] = (await getOperations(client, [id])).filter((entry) => entry.id === id);
        if (!info) throw new CliError('MASON_CLI_UNKNOWN_OPERATION', { url: network.url, id });
        const events: SCOutputEvent[] = info.op_exec_status === null ? [] : await getOperationEvents(client, id);
        const op = info.operation.content.op;
        const gas: OperationGas = {
          used: info.gas_used ?? null,
          max: 'CallSC' in op ? op.CallSC.max_gas : 'ExecuteSC' in op ? op.ExecuteSC.max_gas : null,
        };
        const stage = stageOf(info);
        const outcome = outcomeOf(info);
        // Executed operations have a trace on a Mason devnet; a Massa node keeps none.
        const trace = outcome !== null ? await traceIfKept(client, id) : null;
        const call = await decodedOperationCall(client, network, info, trace);
        if (options.json) {
          console.log(
            JSON.stringify({
              id,
              stage,
              outcome,
              block: info.in_blocks[0] ?? null,
              from: info.operation.content_creator_address,
              fee: info.operation.content.fee,
              expirePeriod: info.operation.content.expire_period,
              thread: info.thread,
              operation: op,
              gasUsed: gas.used,
              maxGas: gas.max,
              events,
              call,
              trace,
            }),
          );
          return;
        }
        console.log(field('operation', id));
        console.log(field('status', `${STAGE_TEXT[stage]}${outcome ? `, ${outcome === 'success' ? color.green('success') : color.red('failure')}` : ''}`));
        console.log(field('block', info.in_blocks[0] ?? color.dim('none yet')));
        console.log(field('from', info.operation.content_creator_address));
        console.log(field('what', describe(info)));
        if (call?.args && call.args.length > 0) console.log(field('call', `${call.function}${argumentsText(call.args)}`));
        if (call?.returned) console.log(field('returned', returnedText(call.returned)));
        console.log(field('fee', `${info.operation.content.fee} MAS`));
        console.log(field('expires', `after period ${info.operation.content.expire_period} (thread ${info.thread})`));
        if (gas.max !== null && outcome !== null) console.log(field('gas used', gasText(gas)));
        if (events.length === 0) console.log(field('events', color.dim('none')));
        else {
          console.log(field('events', ''));
          for (const event of events) console.log(`  ${eventLine(event)}`);
        }
        if (trace) {
          console.log(field('trace', ''));
          printTrace(trace, network);
        }
      } finally {
        await client.close();
      }
    });
}
