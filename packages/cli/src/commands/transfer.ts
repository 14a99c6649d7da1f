import { Command, Option } from 'commander';
import { final, getAddresses, getOperationEvents, isClientError, speculative, timeout, transfer, waitForOperation } from '@mason/client';
import { formatMas, NODE_CONSTANTS } from '@mason/codec';
import { eventText } from '@mason/codec/base';
import { amountArgument } from '../amountArgument.js';
import { resolveContract } from '../contractTarget.js';
import { CliError } from '../errors.js';
import { fromAccount } from '../fromAccount.js';
import { clientFor, resolveNetwork, type SignerOptions } from '../network.js';
import { withSignerFlags } from '../signerFlags.js';
import { masAmount, periodToLive } from '../optionParsers.js';
import { color, field } from '../output.js';

interface TransferOptions extends SignerOptions {
  from?: string;
  fee?: bigint;
  periodToLive?: number;
  network: string;
  wait: 'executed' | 'final';
  json?: boolean;
}

const WAIT_MS = 120_000;

export function transferCommand(): Command {
  return withSignerFlags(new Command('transfer'))
    .description('send MAS to an address and wait until the transfer is final')
    .argument('<to>', 'the recipient: an address (AU… or AS…), or a contract name from deployments/<network>.json')
    .argument('<amount>', 'MAS to send, e.g. 1.5 (at most 9 decimals)')
    .option(
      '--from <account>',
      'who pays: a local devnet account number (0, 1, …) or a variable of the environment or .env holding a secret key (default: --account, else PRIVATE_KEY)',
    )
    .option('--fee <MAS>', "fee (default: the node's minimal fee)", masAmount)
    .option('--period-to-live <periods>', 'periods after the last slot during which the transfer may be included (1–9, default 9)', periodToLive)
    .option('--network <name>', 'local, buildnet, mainnet or a node URL', 'local')
    .addOption(new Option('--wait <stage>', 'return once executed, or once final').choices(['executed', 'final']).default('final'))
    .option('--json', 'print one JSON object')
    .action(async (to: string, amountText: string, options: TransferOptions) => {
      const amount = amountArgument(amountText);
      const network = resolveNetwork(options.network);
      const recipient = resolveContract(to, network, 'transfer');
      const account = await fromAccount(options.from, network, options);
      const from = account.address.toString();
      const quiet = options.json === true;
      const client = clientFor(network);
      try {
        const [recipientInfo] = await getAddresses(client, [recipient.address]);
        const isNew = recipient.address.startsWith('AU') && recipientInfo?.final_balance === '0' && recipientInfo.candidate_balance === '0';
        const operation = await transfer(client, account, {
          to: recipient.address,
          amount,
          ...(options.fee !== undefined && { fee: options.fee }),
          ...(options.periodToLive !== undefined && { periodToLive: options.periodToLive }),
        }).catch((error: unknown) => {
          if (!isClientError(error, 'MASON_CLIENT_INSUFFICIENT_BALANCE')) throw error;
          const { balance, required } = error.context as { balance: string; required: string };
          throw new CliError('MASON_CLI_CANNOT_AFFORD', { from, balance, amount: formatMas(amount), cost: required });
        });
        const progress = (text: string) => {
          if (!quiet) console.log(color.dim(`  • ${text}`));
        };
        if (!quiet)
          console.log(
            `Sending ${color.bold(formatMas(amount))} MAS from ${from} to ${recipient.address}${recipient.name ? ` (${recipient.name})` : ''} on ${network.name}`,
          );
        if (isNew)
          progress(`${recipient.address} holds nothing yet: ${formatMas(NODE_CONSTANTS.ledgerEntryBaseCost)} MAS of the amount pays for its ledger entry`);
        progress(`sent ${operation.id}`);
        const poll = { pollIntervalMs: network.isLocal ? 20 : 1_000 };
        let result = await waitForOperation(client, operation.id, [speculative(), timeout(WAIT_MS)], poll);
        if (result.stage !== 'timeout' && options.wait === 'final' && result.stage !== 'final') {
          progress('executed (speculative); waiting for finality');
          result = await waitForOperation(client, operation.id, [final(), timeout(WAIT_MS)], poll);
        }
        const failed = /Error/.test(String(result.status));
        if (result.stage !== 'timeout' && !failed) progress(result.stage === 'final' ? 'final' : 'executed');
        if (quiet) {
          console.log(
            JSON.stringify({ operationId: operation.id, from, to: recipient.address, amount: formatMas(amount), stage: result.stage, status: result.status }),
          );
        } else {
          console.log(field('operation', operation.id));
          console.log(field('status', failed ? color.red(String(result.status)) : color.green(String(result.status))));
        }
        if (result.stage === 'timeout') {
          console.error(
            `${color.red('error')} transfer ${operation.id} was not ${options.wait} within ${WAIT_MS / 1000} s (last status: ${result.status}); it may still be: look it up later with \`mason op ${operation.id}\`.`,
          );
          process.exitCode = 1;
        } else if (failed) {
          const reason = (await getOperationEvents(client, operation.id)).findLast((event) => event.context.is_error);
          console.error(
            `${color.red('error')} the transfer failed on chain (${result.status}; the fee is spent)${reason ? `: ${eventText(reason.data)}` : ''}`,
          );
          process.exitCode = 1;
        }
      } finally {
        await client.close();
      }
    });
}
