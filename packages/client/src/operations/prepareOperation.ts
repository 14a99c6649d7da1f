import {
  type AddressInfo,
  formatMas,
  type NodeStatus,
  type Operation as OperationPayload,
  parseMas,
  type SendOperationInput,
  toSendOperationInput,
} from '@mason/codec';
import type { Account } from '../account/Account.js';
import { getAddresses } from '../actions/getAddresses.js';
import { getChainId } from '../actions/getChainId.js';
import { getStatus } from '../actions/getStatus.js';
import type { Client } from '../client.js';
import { ClientError } from '../errors.js';
import { checkAmount, checkPeriodToLive } from '../internal/checks.js';
import { PERIOD_TO_LIVE_DEFAULT, PERIOD_TO_LIVE_MAX } from './gasLimits.js';
import type { OperationInit } from './Operation.js';

/** Options every operation helper takes. */
export type OperationOptions = {
  /** nanoMAS; default and minimum: the node's minimal_fees. */
  fee?: bigint;
  /** Periods after the node's last slot during which the operation may be included (1…9, default 9). */
  periodToLive?: number;
};

/** What `build` is given: the node's status, the sender's entry, and the fee the checks settled on. */
export type OperationDraft = {
  status: NodeStatus;
  sender: AddressInfo;
  fee: bigint;
};

/** What `build` returns: what the operation may spend besides the fee, and how to make its payload once that is covered. */
export type OperationBuild = {
  /** nanoMAS the operation may spend besides the fee (amount, coins, maxCoins, roll price). */
  spending: bigint;
  /** Called only after the balance check passed; may dry-run the operation (e.g. to estimate gas). */
  payload: () => Promise<OperationPayload> | OperationPayload;
};

/** A checked, signed operation not yet sent: `sendPreparedOperation` sends it. */
export type PreparedOperation = OperationInit & {
  /** The signed bytes as `send_operations` takes them. Sending them again cannot execute the operation twice: the id is their hash. */
  input: SendOperationInput;
  /** The signed payload (for ExecuteSC and CallSC, with the max_gas chosen). */
  operation: OperationPayload;
  fee: bigint;
  /** The fee plus what the operation may spend: the balance the check required. */
  cost: bigint;
  /** The sender's candidate balance the check saw. */
  balance: bigint;
};

/**
 * The one send pipeline of every operation helper, up to the signature: reads the node's status
 * and the sender's candidate balance, checks the fee (at least the node's minimal fee) and the
 * balance (fee + spending), lets `build` finish the operation, sets the expire period (last slot +
 * periodToLive) and signs with the node's chain id. Throws before anything is signed when a check
 * fails; nothing is sent (see `sendPreparedOperation`).
 */
export async function prepareOperation(
  client: Client,
  account: Account,
  options: OperationOptions,
  build: (draft: OperationDraft) => OperationBuild,
): Promise<PreparedOperation> {
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
  const cost = fee + spending;
  if (balance < cost) {
    throw new ClientError('MASON_CLIENT_INSUFFICIENT_BALANCE', { address, balance: sender.candidate_balance, required: formatMas(cost) });
  }
  const operation = await payload();
  const lastPeriod = status.last_slot?.period ?? status.next_slot.period;
  const expirePeriod = lastPeriod + periodToLive;
  const signed = account.signOperation({ fee, expirePeriod, op: operation }, await getChainId(client));
  return { id: signed.id, type: operation.type, expirePeriod, creator: address, input: toSendOperationInput(signed), operation, fee, cost, balance };
}
