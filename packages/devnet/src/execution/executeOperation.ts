import { formatMas, type SignedOperation } from '@mason/codec';
import type { ChainConfig } from '../config.js';
import type { JournaledLedger } from '../ledger/journaledLedger.js';
import type { EmittedEvent, ExecutionSite, ScRuntime } from './scRuntime.js';

/** An address is created by a transfer only if the amount covers the ledger entry cost. */
export const LEDGER_ENTRY_BASE_COST = 1_000_000n;

export interface OperationOutcome {
  /** false when the fee could not be paid: the operation is skipped and not recorded as executed. */
  executed: boolean;
  success: boolean;
  fee: bigint;
  events: EmittedEvent[];
}

class OperationFailure extends Error {}

/** max_spending: what the sender may lose at most besides the fee. */
export function maxSpending(signed: SignedOperation, config: ChainConfig): bigint {
  const op = signed.content.op;
  switch (op.type) {
    case 'Transaction':
      return op.amount;
    case 'RollBuy':
      return op.rollCount * config.rollPrice;
    case 'RollSell':
      return 0n;
    case 'ExecuteSC':
      return op.maxCoins;
    case 'CallSC':
      return op.coins;
  }
}

/**
 * Executes one operation of a block as the node does (§7.1): debit the fee, checkpoint, run the
 * handler, check max_spending, and on failure roll back everything but the fee and emit the
 * node's error event.
 */
export async function executeOperation(
  signed: SignedOperation,
  ledger: JournaledLedger,
  runtime: ScRuntime,
  site: ExecutionSite,
  config: ChainConfig,
): Promise<OperationOutcome> {
  const sender = signed.creator.toString();
  const fee = signed.content.fee;
  const balance = ledger.state.balance(sender);
  if (balance < fee) {
    const data = `could not spend fees: failed to transfer ${formatMas(fee)} from spending address ${sender} due to insufficient balance ${formatMas(balance)}`;
    return { executed: false, success: false, fee: 0n, events: [{ data, callStack: [sender], isError: true }] };
  }
  const spendingLimit = balance - fee - maxSpending(signed, config);
  ledger.write({ kind: 'balance', address: sender, value: balance - fee });
  const mark = ledger.checkpoint();
  let events: EmittedEvent[] = [];
  let error: string | undefined;
  try {
    events = await runHandler(signed, ledger, runtime, site, config);
    const after = ledger.state.balance(sender);
    if (after < spendingLimit) {
      throw new OperationFailure(
        `the operation's sender ${sender} was expected to have at least ${formatMas(spendingLimit < 0n ? 0n : spendingLimit)} coins according to the operation's max spending, but has ${formatMas(after)}`,
      );
    }
  } catch (failure) {
    if (!(failure instanceof OperationFailure)) throw failure;
    error = failure.message;
    if (failure instanceof ScFailure) events = failure.events;
  }
  if (error === undefined) return { executed: true, success: true, fee, events };
  ledger.rollback(mark);
  const massaError = `Runtime error: runtime error when executing operation ${signed.id}: ${error}`;
  const failed = events.map((e) => ({ ...e, isError: true }));
  failed.push({ data: JSON.stringify({ massa_execution_error: massaError }), callStack: [sender], isError: true });
  return { executed: true, success: false, fee, events: failed };
}

async function runHandler(signed: SignedOperation, ledger: JournaledLedger, runtime: ScRuntime, site: ExecutionSite, config: ChainConfig): Promise<EmittedEvent[]> {
  const sender = signed.creator.toString();
  const op = signed.content.op;
  switch (op.type) {
    case 'Transaction': {
      transfer(ledger, sender, op.recipient, op.amount);
      return [];
    }
    case 'RollBuy': {
      const cost = op.rollCount * config.rollPrice;
      const balance = ledger.state.balance(sender);
      if (balance < cost) {
        throw new OperationFailure(
          `\`RollBuy\` error: ${sender} failed to buy ${op.rollCount} rolls: Runtime error: failed to transfer ${formatMas(cost)} from spending address ${sender} due to insufficient balance ${formatMas(balance)}`,
        );
      }
      ledger.write({ kind: 'balance', address: sender, value: balance - cost });
      ledger.write({ kind: 'rolls', address: sender, value: ledger.state.rollCount(sender) + Number(op.rollCount) });
      return [];
    }
    case 'RollSell': {
      const owned = ledger.state.rollCount(sender);
      if (BigInt(owned) < op.rollCount) {
        throw new OperationFailure(`\`RollSell\` error: ${sender} tried to sell ${op.rollCount} rolls but only has ${owned}`);
      }
      ledger.write({ kind: 'rolls', address: sender, value: owned - Number(op.rollCount) });
      const cycle = Math.floor(site.slot.period / config.periodsPerCycle);
      const creditSlot = { period: (cycle + 4) * config.periodsPerCycle - 1, thread: config.threadCount - 1 };
      const existing = ledger.state.deferredCredits.get(sender)?.get(`${creditSlot.period}:${creditSlot.thread}`) ?? 0n;
      ledger.write({ kind: 'deferred', address: sender, ...creditSlot, value: existing + op.rollCount * config.rollPrice });
      return [];
    }
    case 'ExecuteSC': {
      const outcome = await runtime.executeSC({ caller: sender, bytecode: op.bytecode, datastore: op.datastore, maxGas: op.maxGas, maxCoins: op.maxCoins }, ledger, site);
      if (!outcome.ok) throw new ScFailure(outcome.error ?? 'unknown error', outcome.events);
      return outcome.events;
    }
    case 'CallSC': {
      const outcome = await runtime.callSC({ caller: sender, target: op.target, func: op.func, param: op.param, coins: op.coins, maxGas: op.maxGas }, ledger, site);
      if (!outcome.ok) throw new ScFailure(outcome.error ?? 'unknown error', outcome.events);
      return outcome.events;
    }
  }
}

/** A failed contract execution: its events are kept (flagged is_error) before the error event. */
class ScFailure extends OperationFailure {
  constructor(
    message: string,
    readonly events: EmittedEvent[],
  ) {
    super(message);
  }
}

export function transfer(ledger: JournaledLedger, from: string, to: string, amount: bigint): void {
  const balance = ledger.state.balance(from);
  if (balance < amount) {
    throw new OperationFailure(
      `transfer of ${formatMas(amount)} coins from ${from} to ${to} failed: failed to transfer ${formatMas(amount)} from spending address ${from} due to insufficient balance ${formatMas(balance)}`,
    );
  }
  if (!ledger.state.has(to)) {
    if (to.startsWith('AS')) throw new OperationFailure(`transfer of ${formatMas(amount)} coins from ${from} to ${to} failed: the destination smart contract ${to} does not exist`);
    if (amount < LEDGER_ENTRY_BASE_COST) {
      throw new OperationFailure(
        `transfer of ${formatMas(amount)} coins from ${from} to ${to} failed: insufficient amount ${formatMas(amount)} to create the destination address (ledger entry base cost ${formatMas(LEDGER_ENTRY_BASE_COST)})`,
      );
    }
    ledger.write({ kind: 'balance', address: from, value: balance - amount });
    ledger.write({ kind: 'balance', address: to, value: amount - LEDGER_ENTRY_BASE_COST });
    return;
  }
  ledger.write({ kind: 'balance', address: from, value: balance - amount });
  ledger.write({ kind: 'balance', address: to, value: ledger.state.balance(to) + amount });
}
