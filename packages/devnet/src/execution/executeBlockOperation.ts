import { formatMas, NODE_CONSTANTS, type OperationContent, type SignedOperation } from '@mason/codec';
import { ExecutionTracer, formatMassaExecutionError, LedgerSourceError, TransferRefused, truncateUtf8, type ExecutionResult } from '@mason/vm';
import type { ChainConfig } from '../config.js';
import type { SCOutputEvent } from '../events/eventStore.js';
import { addEmittedMessages } from './asyncMessages.js';
import type { ExecutionEnvironment } from './ExecutionEnvironment.js';
import { moveCoins } from '../ledger/moveCoins.js';
import { coinOperationTrace, contractOperationTrace } from '../traces/operationTrace.js';
import { failureFrames, type FailureFrames } from './failureFrames.js';

export interface BlockOperationOutcome {
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
export function executeBlockOperation(signed: ExecutableOperation, env: ExecutionEnvironment): BlockOperationOutcome {
  const { ledger, journal } = env;
  const sender = signed.sender;
  const fee = signed.content.fee;
  try {
    moveCoins(ledger, sender, undefined, fee, env.vm.limits.ledgerEntryBaseCost);
  } catch (error) {
    if (!(error instanceof TransferRefused)) throw error;
    // execution.rs, prepare_operation_for_execution: `could not spend fees: {}` with the ExecutionError's Display.
    const data = truncateUtf8(`could not spend fees: Runtime error: ${error.message}`, NODE_CONSTANTS.maxEventSize);
    return { executed: false, success: false, fee: 0n, events: [event(env, signed.id, [sender], data)] };
  }
  const op = signed.content.op;
  const tracer = env.trace ? new ExecutionTracer() : undefined;
  if (op.type === 'ExecuteSC' || op.type === 'CallSC') {
    let result: ExecutionResult;
    try {
      const common = { tracer, caller: sender, maxGas: op.maxGas, operationId: signed.id, context: env.slot };
      result =
        op.type === 'ExecuteSC'
          ? env.vm.executeSC({ ...common, bytecode: op.bytecode, datastore: op.datastore, maxCoins: op.maxCoins })
          : env.vm.callSC({ ...common, target: op.target, function: op.func, param: op.param, coins: op.coins });
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
function sourceFailed(error: unknown, signed: ExecutableOperation, env: ExecutionEnvironment, fee: bigint): BlockOperationOutcome {
  if (!(error instanceof LedgerSourceError)) throw error;
  const data = formatMassaExecutionError(error.message, { operationId: signed.id });
  return { executed: true, success: false, fee, events: [event(env, signed.id, [signed.sender], data)] };
}

/** A coin move of an operation; a refusal becomes the operation's failure, in the node's words (`failure(text)`). */
function move(env: ExecutionEnvironment, from: string, to: string | undefined, amount: bigint, failure: (why: string) => string): void {
  try {
    moveCoins(env.ledger, from, to, amount, env.vm.limits.ledgerEntryBaseCost);
  } catch (error) {
    if (error instanceof TransferRefused) throw new OperationFailure(failure(error.message));
    throw error;
  }
}

function runCoinOperation(signed: ExecutableOperation, env: ExecutionEnvironment): void {
  const { ledger, config, slot } = env;
  const sender = signed.sender;
  const op = signed.content.op;
  switch (op.type) {
    case 'Transaction':
      // execution.rs execute_transaction_op: a TransactionError around transfer_coins's RuntimeError.
      move(
        env,
        sender,
        op.recipient,
        op.amount,
        (why) => `\`Transaction\` error: transfer of ${formatMas(op.amount)} coins from ${sender} to ${op.recipient} failed: Runtime error: ${why}`,
      );
      return;
    case 'RollBuy': {
      const cost = op.rollCount * config.rollPrice;
      move(env, sender, undefined, cost, (why) => `\`RollBuy\` error: ${sender} failed to buy ${op.rollCount} rolls: Runtime error: ${why}`);
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
