import { formatMas, MAX_AMOUNT, NODE_CONSTANTS, type OperationContent, type SignedOperation } from '@mason/codec';
import { ExecutionTracer, formatMassaExecutionError, LedgerSourceError, truncateUtf8, type LedgerJournal, type SlotContext, type Vm } from '@mason/vm';
import type { ChainConfig } from '../config.js';
import type { SCOutputEvent } from '../events/eventStore.js';
import type { BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import { addEmittedMessages } from './asyncMessages.js';
import { coinOperationTrace, contractOperationTrace } from '../traces/operationTrace.js';
import { failureFrames, type FailureFrames } from './failureFrames.js';

/** An address is created by a transfer only if the amount covers the ledger entry cost. */
export const LEDGER_ENTRY_BASE_COST = NODE_CONSTANTS.ledgerEntryBaseCost;

export interface OperationOutcome {
  /** false when the fee could not be paid: the operation is skipped and not recorded as executed. */
  executed: boolean;
  success: boolean;
  fee: bigint;
  events: SCOutputEvent[];
  /** Gas the VM used (ExecuteSC and CallSC only). */
  gasUsed?: bigint;
  /** The execution's trace (JSON), when the environment records traces. */
  trace?: string;
  /** Where a failed ExecuteSC or CallSC stopped in the code. */
  failure?: FailureFrames;
}

/** A failure of a non-contract operation, with the node's ExecutionError text. */
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

/** What executing an operation needs of it: plain data, posted to the execution worker (its signature was checked on admission). */
export interface ExecutableOperation {
  id: string;
  /** The creator's address. */
  sender: string;
  content: OperationContent;
}

export interface ExecutionEnvironment {
  /** The candidate ledger, whose writes `journal` records. */
  ledger: DevnetLedger;
  journal: LedgerJournal<BlockChange>;
  vm: Vm;
  slot: SlotContext;
  config: ChainConfig;
  /** Record each operation's trace (see traces/). */
  trace?: boolean;
}

function event(env: ExecutionEnvironment, operationId: string, callStack: string[], data: string): SCOutputEvent {
  return {
    context: {
      slot: env.slot.slot,
      block: env.slot.blockId,
      read_only: false,
      index_in_slot: env.slot.eventIndex++,
      call_stack: callStack,
      origin_operation_id: operationId,
      is_final: false,
      is_error: true,
      deferred_call_id: null,
      async_msg_id: null,
    },
    data,
  };
}

/**
 * Executes one operation of a block as the node does (§7.1): debit the fee, then run the
 * operation; a failure rolls back everything but the fee and emits the node's error event.
 * Contract operations run in the VM, which does its own checkpointing and error events.
 */
export function executeOperation(signed: ExecutableOperation, env: ExecutionEnvironment): OperationOutcome {
  const { ledger, journal } = env;
  const sender = signed.sender;
  const fee = signed.content.fee;
  const balance = ledger.balance(sender);
  const feeError = !ledger.hasEntry(sender) ? `spending address ${sender} not found` : balance < fee ? insufficientBalance(fee, sender, balance) : undefined;
  if (feeError !== undefined) {
    // execution.rs, prepare_operation_for_execution: `could not spend fees: {}` with the ExecutionError's Display.
    const data = truncateUtf8(`could not spend fees: Runtime error: ${feeError}`, NODE_CONSTANTS.maxEventSize);
    return { executed: false, success: false, fee: 0n, events: [event(env, signed.id, [sender], data)] };
  }
  ledger.write({ kind: 'balance', address: sender, value: balance - fee });
  const op = signed.content.op;
  const tracer = env.trace ? new ExecutionTracer() : undefined;
  if (op.type === 'ExecuteSC') {
    let result: ReturnType<typeof env.vm.executeSC>;
    try {
      result = env.vm.executeSC({
        tracer,
        caller: sender,
        bytecode: op.bytecode,
        datastore: op.datastore,
        maxGas: op.maxGas,
        maxCoins: op.maxCoins,
        operationId: signed.id,
        context: env.slot,
      });
    } catch (error) {
      return sourceFailed(error, signed, env, fee);
    }
    addEmittedMessages(ledger, result.asyncMessages);
    const trace = tracer && contractOperationTrace(tracer, signed, env.slot);
    const failure = failureFrames(result.error);
    return {
      executed: true,
      success: result.ok,
      fee,
      events: result.events,
      gasUsed: result.gasUsed,
      ...(trace !== undefined && { trace }),
      ...(failure && { failure }),
    };
  }
  if (op.type === 'CallSC') {
    let result: ReturnType<typeof env.vm.callSC>;
    try {
      result = env.vm.callSC({
        tracer,
        caller: sender,
        target: op.target,
        function: op.func,
        param: op.param,
        coins: op.coins,
        maxGas: op.maxGas,
        operationId: signed.id,
        context: env.slot,
      });
    } catch (error) {
      return sourceFailed(error, signed, env, fee);
    }
    addEmittedMessages(ledger, result.asyncMessages);
    const trace = tracer && contractOperationTrace(tracer, signed, env.slot);
    const failure = failureFrames(result.error);
    return {
      executed: true,
      success: result.ok,
      fee,
      events: result.events,
      gasUsed: result.gasUsed,
      ...(trace !== undefined && { trace }),
      ...(failure && { failure }),
    };
  }
  const mark = journal.checkpoint();
  try {
    runCoinOperation(signed, env);
    return { executed: true, success: true, fee, events: [], ...(env.trace && { trace: coinOperationTrace(signed, env.slot, undefined) }) };
  } catch (failure) {
    // Fork mode: an account the remote node cannot serve fails the operation, not the slot.
    if (!(failure instanceof OperationFailure) && !(failure instanceof LedgerSourceError)) throw failure;
    journal.rollback(mark);
    const data = formatMassaExecutionError(failure.message, { operationId: signed.id });
    const trace = env.trace ? coinOperationTrace(signed, env.slot, failure.message) : undefined;
    return { executed: true, success: false, fee, events: [event(env, signed.id, [sender], data)], ...(trace !== undefined && { trace }) };
  }
}

/**
 * Fork mode: the remote node could not give an account the operation needs before its code ran
 * (a failure inside the code is the VM's): the operation fails, its fee paid, the reason in its event.
 */
function sourceFailed(error: unknown, signed: ExecutableOperation, env: ExecutionEnvironment, fee: bigint): OperationOutcome {
  if (!(error instanceof LedgerSourceError)) throw error;
  const data = formatMassaExecutionError(error.message, { operationId: signed.id });
  return { executed: true, success: false, fee, events: [event(env, signed.id, [signed.sender], data)] };
}

function runCoinOperation(signed: ExecutableOperation, { ledger, config, slot }: ExecutionEnvironment): void {
  const sender = signed.sender;
  const op = signed.content.op;
  switch (op.type) {
    case 'Transaction':
      transfer(ledger, sender, op.recipient, op.amount);
      return;
    case 'RollBuy': {
      const cost = op.rollCount * config.rollPrice;
      const balance = ledger.balance(sender);
      if (balance < cost) {
        throw new OperationFailure(
          `\`RollBuy\` error: ${sender} failed to buy ${op.rollCount} rolls: Runtime error: ${insufficientBalance(cost, sender, balance)}`,
        );
      }
      ledger.write({ kind: 'balance', address: sender, value: balance - cost });
      ledger.write({ kind: 'rolls', address: sender, value: ledger.rollCount(sender) + Number(op.rollCount) });
      return;
    }
    case 'RollSell': {
      const owned = ledger.rollCount(sender);
      if (BigInt(owned) < op.rollCount) {
        // execution.rs wraps speculative_roll_state.rs's RollSellError in a second one.
        throw new OperationFailure(
          `\`RollSell\` error: ${sender} failed to sell ${op.rollCount} rolls: \`RollSell\` error: ${sender} tried to sell ${op.rollCount} rolls but only has ${owned}`,
        );
      }
      ledger.write({ kind: 'rolls', address: sender, value: owned - Number(op.rollCount) });
      const cycle = Math.floor(slot.slot.period / config.periodsPerCycle);
      const creditSlot = { period: (cycle + 4) * config.periodsPerCycle - 1, thread: config.threadCount - 1 };
      const existing = ledger.deferredCredit(sender, creditSlot.period, creditSlot.thread);
      ledger.write({ kind: 'deferred', address: sender, ...creditSlot, value: existing + op.rollCount * config.rollPrice });
      return;
    }
    default:
      throw new Error(`${op.type} is a contract operation`);
  }
}

/** speculative_ledger.rs, transfer_coins: the spending side's error. */
function insufficientBalance(amount: bigint, from: string, balance: bigint): string {
  return `failed to transfer ${formatMas(amount)} coins from spending address ${from} due to insufficient balance ${formatMas(balance)}`;
}

/**
 * A Transaction's transfer. Its errors are the node's: execution.rs `execute_transaction_op`
 * (`transfer of {} coins from {} to {} failed: {}`, a TransactionError) around the Display of
 * speculative_ledger.rs `transfer_coins`'s RuntimeError.
 */
export function transfer(ledger: DevnetLedger, from: string, to: string, amount: bigint): void {
  const balance = ledger.balance(from);
  const failed = (why: string) =>
    new OperationFailure(`\`Transaction\` error: transfer of ${formatMas(amount)} coins from ${from} to ${to} failed: Runtime error: ${why}`);
  if (balance < amount) throw failed(insufficientBalance(amount, from, balance));
  const remaining = balance - amount;
  if (!ledger.hasEntry(to)) {
    if (to.startsWith('AS')) throw failed(`cannot transfer coins to non-existing smart contract address ${to}`);
    if (amount < LEDGER_ENTRY_BASE_COST) throw failed(`insufficient amount ${formatMas(amount)} to create credited address ${to}`);
    ledger.write({ kind: 'balance', address: from, value: remaining });
    ledger.write({ kind: 'balance', address: to, value: amount - LEDGER_ENTRY_BASE_COST });
    return;
  }
  const old = to === from ? remaining : ledger.balance(to);
  if (old + amount > MAX_AMOUNT) {
    throw failed(`overflow in crediting address ${to} balance ${formatMas(old)} due to adding ${formatMas(amount)} coins to balance`);
  }
  ledger.write({ kind: 'balance', address: from, value: remaining });
  ledger.write({ kind: 'balance', address: to, value: ledger.balance(to) + amount });
}
