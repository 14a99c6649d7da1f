import { type AddressInfo, formatMas, type NodeStatus, type Operation as OperationPayload, parseMas, toSendOperationInput } from '@mason/codec';
import type { Account } from '../account/Account.js';
import { getAddresses } from '../actions/getAddresses.js';
import { getChainId } from '../actions/getChainId.js';
import { getStatus } from '../actions/getStatus.js';
import { sendOperations } from '../actions/sendOperations.js';
import type { Client } from '../client.js';
import { ClientError } from '../errors.js';
import { Operation } from '../operations/Operation.js';
import { PERIOD_TO_LIVE_DEFAULT, PERIOD_TO_LIVE_MAX } from '../operations/gasLimits.js';
import { checkAmount, checkPeriodToLive } from './checks.js';

/** Options every operation helper takes. */
export type OperationOptions = {
  /** nanoMAS; default and minimum: the node's minimal_fees. */
  fee?: bigint;
  /** Periods after the node's last slot during which the operation may be included (1…9, default 9). */
  periodToLive?: number;
};

export type Prepared = {
  status: NodeStatus;
  sender: AddressInfo;
  fee: bigint;
};

/**
 * The common path of every operation helper: read the node's status and the sender's candidate
 * balance, check fee and balance, let `build` finish the operation (it may dry-run it to estimate
 * gas), sign with the node's chain id and send. Nothing is sent when a check fails.
 */
export async function sendOperation(
  client: Client,
  account: Account,
  options: OperationOptions,
  build: (prepared: Prepared) => { spending: bigint; payload: () => Promise<OperationPayload> | OperationPayload },
): Promise<Operation> {
  const periodToLive = checkPeriodToLive(options.periodToLive ?? PERIOD_TO_LIVE_DEFAULT, PERIOD_TO_LIVE_MAX);
  if (options.fee !== undefined) checkAmount('fee', options.fee);
  const address = account.address.toString();
  const [status, [sender]] = await Promise.all([getStatus(client), getAddresses(client, [address])]);
  if (!sender) {
    throw new ClientError('MASON_CLIENT_INVALID_RESPONSE', { url: client.url, method: 'get_addresses', reason: `no entry for ${address}` });
  }
  client.cache.chainId ??= Promise.resolve(BigInt(status.chain_id));

  const minimalFees = parseMas(status.minimal_fees);
  const fee = options.fee ?? minimalFees;
  if (fee < minimalFees) {
    throw new ClientError('MASON_CLIENT_FEE_TOO_LOW', { fee: formatMas(fee), minimalFees: status.minimal_fees });
  }
  const { spending, payload } = build({ status, sender, fee });
  const balance = parseMas(sender.candidate_balance);
  if (balance < fee + spending) {
    throw new ClientError('MASON_CLIENT_INSUFFICIENT_BALANCE', {
      address,
      balance: sender.candidate_balance,
      required: formatMas(fee + spending),
    });
  }
  const op = await payload();
  const lastPeriod = status.last_slot?.period ?? status.next_slot.period;
  const expirePeriod = lastPeriod + periodToLive;
  const signed = account.signOperation({ fee, expirePeriod, op }, await getChainId(client));
  const [id] = await sendOperations(client, [toSendOperationInput(signed)]);
  if (id !== signed.id) {
    throw new ClientError('MASON_CLIENT_OPERATION_REJECTED', { expected: signed.id, received: String(id) });
  }
  return new Operation(client, { id: signed.id, type: op.type, expirePeriod, creator: address });
}
