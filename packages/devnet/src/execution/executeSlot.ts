import { compareSlots, deserializeOperationContent, type Slot } from '@mason/codec';
import { type LedgerJournal, SlotContext, type SlotContextInit, type Vm } from '@mason/vm';
import { MAX_ASYNC_GAS } from '../asyncPool/asyncPoolState.js';
import type { ChainConfig } from '../config.js';
import type { SCOutputEvent } from '../events/eventStore.js';
import type { BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import { creditIfAccepted } from '../ledger/moveCoins.js';
import { declaredBlockGas } from '../pool/operationPool.js';
import { executeAsyncMessages, settleAsyncPool } from './asyncMessages.js';
import { executeDueDeferredCalls } from '../deferredCalls/executeDueDeferredCalls.js';
import { type ExecutableOperation, executeBlockOperation } from './executeBlockOperation.js';
import type { FailureFrames } from './failureFrames.js';

/**
 * An operation of a block as posted to the execution worker: its serialized content (one byte
 * array clones far faster than the decoded object tree), decoded again there without the hashing
 * and signature check done on admission.
 */
export interface SlotOperation {
  id: string;
  /** The creator's address. */
  sender: string;
  contentBytes: Uint8Array;
}

/** Everything a slot's execution needs besides the state: plain data, posted to the execution worker. */
export interface SlotExecutionInput {
  context: SlotContextInit & { blockId: string };
  operations: SlotOperation[];
  producer: string;
  /** The creator of each endorsement. */
  endorsers: string[];
  /** The creator of the endorsed block (the parent in the block's thread), if known. */
  endorsedCreator: string | null;
  /** Record the trace of each operation and asynchronous message. */
  trace?: boolean;
}

export interface OperationExecution {
  /** false when the fee could not be paid: the operation is skipped and not recorded as executed. */
  executed: boolean;
  success: boolean;
  events: SCOutputEvent[];
  gasUsed?: bigint;
  /** The operation's trace (JSON), when the input asked for traces. */
  trace?: string;
  /** Where a failed contract operation stopped in the code. */
  failure?: FailureFrames;
}

export interface SlotExecution {
  /** The slot's writes, absolute and in order: the block's change set. */
  changes: BlockChange[];
  operations: OperationExecution[];
  /** Events of the deferred calls run at the start of the slot. */
  deferredEvents: SCOutputEvent[];
  /** Events of the asynchronous messages run at the end of the slot. */
  asyncEvents: SCOutputEvent[];
  /** The traces (id, JSON) of the asynchronous messages run, when the input asked for traces. */
  asyncTraces?: Array<[string, string]>;
}

/** The candidate ledger (journaling its writes into `journal`) and the VM running on it. */
export interface SlotEngine {
  ledger: DevnetLedger;
  journal: LedgerJournal<BlockChange>;
  vm: Vm;
  config: ChainConfig;
}

/**
 * Executes a block's slot as the node does (§7.1): the slot's deferred calls, deferred credits,
 * the operations in order, the block's rewards, then the asynchronous messages that fit the gas left, then the pool's expiries
 * and triggers. Writes go through `ledger`; `journal` is taken as the slot's change set. On an
 * exception (a bug, never a contract's fault) the slot's writes are rolled back.
 */
export function executeSlot(engine: SlotEngine, input: SlotExecutionInput): SlotExecution {
  const { ledger, journal, config } = engine;
  const mark = journal.checkpoint();
  try {
    const slot = new SlotContext(input.context);
    const env = { ...engine, slot, trace: input.trace === true };
    const deferred = executeDueDeferredCalls(env);
    payDeferredCredits(ledger, input.context.slot, env.vm.limits.ledgerEntryBaseCost);
    let fees = 0n;
    let blockGas = 0n;
    const operations = input.operations.map(({ id, sender, contentBytes }): OperationExecution => {
      const signed: ExecutableOperation = { id, sender, content: deserializeOperationContent(contentBytes) };
      const outcome = executeBlockOperation(signed, env);
      if (!outcome.executed) return { executed: false, success: false, events: outcome.events };
      fees += outcome.fee;
      blockGas += declaredBlockGas(signed);
      return {
        executed: true,
        success: outcome.success,
        events: outcome.events,
        ...(outcome.gasUsed !== undefined && { gasUsed: outcome.gasUsed }),
        ...(outcome.trace !== undefined && { trace: outcome.trace }),
        ...(outcome.failure && { failure: outcome.failure }),
      };
    });
    payRewards(ledger, config, input, fees, env.vm.limits.ledgerEntryBaseCost);
    const asyncTraces: Array<[string, string]> | undefined = input.trace ? [] : undefined;
    // The node's async gas: max_async_gas − the slot's deferred-call gas + the gas the block left unused.
    const asyncGas = (MAX_ASYNC_GAS > deferred.bookedGas ? MAX_ASYNC_GAS - deferred.bookedGas : 0n) + config.maxGasPerBlock - blockGas;
    const asyncEvents = executeAsyncMessages(env, asyncGas, asyncTraces);
    settleAsyncPool(env);
    return { changes: journal.take(), operations, deferredEvents: deferred.events, asyncEvents, ...(asyncTraces && { asyncTraces }) };
  } catch (error) {
    journal.rollback(mark);
    journal.take();
    throw error;
  }
}

/** Block credits (reward + fees) split as the node does: 1/51 to each endorser and to the endorsed block's creator per endorsement, the rest to the producer. */
function payRewards(ledger: DevnetLedger, config: ChainConfig, input: SlotExecutionInput, fees: bigint, entryCost: bigint): void {
  const credits = config.blockReward + fees;
  const part = credits / BigInt(3 * (1 + config.endorsementCount));
  let remaining = credits;
  const credit = (address: string, amount: bigint) => creditIfAccepted(ledger, address, amount, entryCost);
  for (const endorser of input.endorsers) {
    credit(endorser, part);
    remaining -= part;
    if (input.endorsedCreator) {
      credit(input.endorsedCreator, part);
      remaining -= part;
    }
  }
  credit(input.producer, remaining);
}

function payDeferredCredits(ledger: DevnetLedger, slot: Slot, entryCost: bigint): void {
  for (const [address, credits] of ledger.deferredCredits) {
    for (const [key, amount] of credits) {
      const [period, thread] = key.split(':').map(Number) as [number, number];
      if (compareSlots({ period, thread }, slot) > 0) continue;
      ledger.write({ kind: 'deferred', address, period, thread, value: 0n });
      // The node takes the credit, then gives it by transfer_coins, which may refuse it (a u64 overflow).
      creditIfAccepted(ledger, address, amount, entryCost);
    }
  }
}
