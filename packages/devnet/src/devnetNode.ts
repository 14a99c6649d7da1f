import { EventEmitter } from 'node:events';
import {
  blake3,
  compareSlots,
  concatBytes,
  encodeVarint,
  formatMas,
  MAX_AMOUNT,
  nextSlot,
  previousSlot,
  slotAt,
  slotTimestamp,
  verifyOperationInput,
  type SecretKey,
  type SendOperationInput,
  type Slot,
} from '@mason/codec';
import { ApiError } from './apiError.js';
import type { Block, Endorsement } from './chain/block.js';
import { BlockGraph, type BlockRecord } from './chain/blockGraph.js';
import { createBlock, createEndorsement } from './chain/createBlock.js';
import { genesisBlocks } from './chain/genesis.js';
import type { OperationRecord } from './chain/operationRecord.js';
import type { ChainConfig } from './config.js';
import { EventStore, type ScOutputEvent } from './events/eventStore.js';
import { executeOperation, maxSpending } from './execution/executeOperation.js';
import { JournaledLedger } from './ledger/journaledLedger.js';
import { LedgerState, type LedgerChange } from './ledger/ledgerState.js';
import { VmLedgerView } from './ledger/vmLedgerView.js';
import { admitOperations } from './pool/admitOperations.js';
import { OperationPool, declaredBlockGas } from './pool/operationPool.js';
import { SlotContext, Vm } from '@mason/vm';

/** Everything a block's finality makes permanent, in the order it happened. */
export interface FinalizedBlock {
  block: Block;
  operations: SendOperationInput[];
  changes: LedgerChange[];
  events: ScOutputEvent[];
  operationResults: Array<[id: string, success: boolean]>;
}

export interface DevnetNodeEvents {
  block: [Block];
  operation: [OperationRecord];
  final: [FinalizedBlock];
}

interface PendingBlock {
  changes: LedgerChange[];
  operationResults: Array<[string, boolean]>;
}

/**
 * The chain: produces blocks in 32 threads, executes them against the candidate ledger,
 * finalizes them by the fitness rule and applies their change sets to the final ledger.
 * It knows nothing of JSON-RPC.
 */
export class DevnetNode extends EventEmitter<DevnetNodeEvents> {
  readonly finalLedger = new LedgerState();
  readonly candidateLedger = new LedgerState();
  readonly #journal = new JournaledLedger(this.candidateLedger);
  readonly events = new EventStore();
  readonly pool: OperationPool;
  readonly operations = new Map<string, OperationRecord>();
  readonly endorsements = new Map<string, { endorsement: Endorsement; blockId: string }>();
  readonly graph: BlockGraph;
  /** Ids created by each address, in order (appended in place: O(1) per block or operation). */
  readonly createdBlocks = new Map<string, string[]>();
  readonly createdOperations = new Map<string, string[]>();
  readonly createdEndorsements = new Map<string, string[]>();
  /** Executed operation ids → expire period, for replay protection. */
  readonly #executed = new Map<string, number>();
  readonly #pendingBlocks = new Map<string, PendingBlock>();
  readonly #blocksAwaitingFinality = new Set<string>();
  readonly #finalizedAt: number[] = [];
  #finalExecutedOperations = 0;
  #lastProducedSlot: Slot;
  #timer: NodeJS.Timeout | null = null;
  /** The slot the timer will produce, until it is produced: execution has not passed it. */
  #scheduledSlot: Slot | null = null;
  /** Roll counts by address as they changed, with the cycle of the change (initial rolls: cycle -1). */
  readonly #rollHistory = new Map<string, Array<{ cycle: number; rolls: number }>>();
  #producing: Promise<void> = Promise.resolve();
  #stopped = false;
  readonly startedAt = Date.now();
  /** Failures of block production (a bug, never a contract's fault); the node keeps producing. */
  readonly productionErrors: Error[] = [];

  /** The one execution engine: blocks, read-only calls and gas estimation all run in it. */
  readonly vm: Vm;

  constructor(
    readonly config: ChainConfig,
    readonly stakers: SecretKey[],
  ) {
    super();
    this.pool = new OperationPool(config);
    this.vm = new Vm({ chainId: config.chainId, state: new VmLedgerView(this.#journal) });
    const genesis = genesisBlocks(config);
    this.graph = new BlockGraph(genesis, config.deltaF0);
    this.#lastProducedSlot = genesis[genesis.length - 1]!.slot;
  }

  /** Credits initial balances and rolls in both ledgers (genesis state, final by definition). */
  setInitialState(changes: LedgerChange[]): void {
    for (const change of changes) {
      this.finalLedger.apply(change);
      this.candidateLedger.apply(change);
    }
    this.#recordRolls(changes, -1);
  }

  get lastProducedSlot(): Slot {
    return this.#lastProducedSlot;
  }

  timing() {
    return { genesisTimestamp: this.config.genesisTimestamp, t0: this.config.t0, threadCount: this.config.threadCount };
  }

  /** The latest slot at the current time (the node's last_slot). */
  currentSlot(now = Date.now()): Slot {
    return slotAt(now, this.timing()) ?? { period: 0, thread: 0 };
  }

  // ---------------------------------------------------------------- operations in

  /**
   * send_operations: checks each operation as the node's API does (the first failure rejects the
   * whole call), then pools them and returns their ids in input order.
   */
  sendOperations(inputs: SendOperationInput[]): string[] {
    const current = this.currentSlot();
    const accepted = inputs.map((input) => this.#checkInput(input, current.period));
    const now = Date.now();
    const isKnown = (id: string) => this.#executed.has(id) || this.pool.has(id);
    for (const { signed, size } of admitOperations(accepted, { config: this.config, pool: this.pool, isKnown, now })) {
      const sender = signed.creator.toString();
      const thread = signed.creator.thread(this.config.threadCount);
      const record: OperationRecord = this.operations.get(signed.id) ?? {
        signed,
        thread,
        inPool: true,
        inBlocks: [],
        speculativeSuccess: null,
        finalSuccess: null,
      };
      record.inPool = true;
      this.operations.set(signed.id, record);
      appendTo(this.createdOperations, sender, signed.id);
      this.pool.add({ signed, thread, blockGas: declaredBlockGas(signed), size, addedAt: now });
      this.emit('operation', record);
    }
    this.#schedule();
    return accepted.map((signed) => signed.id);
  }

  #checkInput(input: SendOperationInput, currentPeriod: number) {
    let signed;
    try {
      signed = verifyOperationInput(input, this.config.chainId);
    } catch (error) {
      throw ApiError.models((error as Error).message);
    }
    const op = signed.content.op;
    const base = 800_000n;
    if (op.type === 'CallSC' || op.type === 'ExecuteSC') {
      const limit = this.config.maxGasPerBlock - base - (op.type === 'ExecuteSC' ? 314_000_000n : 0n);
      if (op.maxGas > limit) {
        throw ApiError.inconsistency(`Upper gas limit for ${op.type} operation is ${limit}. Your operation will never be included in a block.`);
      }
    }
    if (signed.content.expirePeriod < currentPeriod) {
      throw ApiError.inconsistency('Operation expire_period is lower than the current period of this node. Your operation will never be included in a block.');
    }
    if (signed.content.fee < this.config.minimalFees) {
      throw ApiError.badRequest(`fee is too low provided: ${formatMas(signed.content.fee)} , minimal_fees required: ${formatMas(this.config.minimalFees)}`);
    }
    return signed;
  }

  // ---------------------------------------------------------------- production

  /**
   * Whether a block must be produced: operations wait, or blocks holding operations wait for
   * finality. Empty blocks need no descendants, so an idle devnet produces nothing.
   */
  #hasWork(): boolean {
    return this.pool.size > 0 || this.#blocksAwaitingFinality.size > 0;
  }

  /** The next slot after the last produced one, at or after now, where a block is useful. */
  #nextUsefulSlot(): Slot | null {
    if (!this.#hasWork()) return null;
    const now = this.currentSlot();
    let from = compareSlots(now, this.#lastProducedSlot) > 0 ? now : nextSlot(this.#lastProducedSlot, this.config.threadCount);
    if (from.period === 0) from = { period: 1, thread: 0 };
    if (this.#blocksAwaitingFinality.size > 0) return from;
    return this.pool.nextInclusionSlot(from, this.config.operationValidityPeriods);
  }

  #schedule(): void {
    if (this.#stopped || this.#timer) return;
    const slot = this.#nextUsefulSlot();
    if (!slot) return;
    const delay = Math.max(0, slotTimestamp(slot, this.timing()) - Date.now());
    this.#scheduledSlot = slot;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#producing = this.#producing
        .then(() => this.#produceAt(slot))
        .catch((error: unknown) => {
          this.productionErrors.push(error instanceof Error ? error : new Error(String(error)));
          this.#schedule();
        });
    }, delay);
  }

  async #produceAt(slot: Slot): Promise<void> {
    if (this.#stopped) return;
    if (compareSlots(slot, this.#lastProducedSlot) > 0) await this.produceBlock(slot);
    this.#scheduledSlot = null;
    this.#schedule();
  }

  /**
   * The execution cursor: the latest slot whose execution is done. Slots without a block have
   * nothing to execute, so it follows the clock, except that it stays before a slot whose block
   * is due but not produced yet.
   */
  activeCursor(now = Date.now()): Slot {
    const current = slotAt(now, this.timing());
    if (!current) return this.graph.lastFinalSlot;
    const due = this.#scheduledSlot;
    if (due && compareSlots(due, current) <= 0) return previousSlot(due, this.config.threadCount) ?? this.graph.lastFinalSlot;
    return current;
  }

  /** Rolls that count for a cycle: those held at the end of cycle − 3 (the node's PoS lookback). */
  activeRolls(cycle: number): Array<[string, number]> {
    const out: Array<[string, number]> = [];
    for (const [address, history] of this.#rollHistory) {
      let rolls = 0;
      for (const entry of history) if (entry.cycle <= cycle - 3 || entry.cycle === -1) rolls = entry.rolls;
      if (rolls > 0) out.push([address, rolls]);
    }
    return out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  }

  #recordRolls(changes: LedgerChange[], cycle: number): void {
    for (const change of changes) {
      if (change.kind !== 'rolls') continue;
      const history = this.#rollHistory.get(change.address) ?? [];
      history.push({ cycle, rolls: change.value });
      this.#rollHistory.set(change.address, history);
    }
  }

  /** Produces, executes and integrates the block of a slot. Public for tests and tools. */
  async produceBlock(slot: Slot): Promise<Block> {
    const config = this.config;
    this.#pruneExpired(slot.period);
    const creator = this.#drawCreator(slot);
    const parents = [...this.graph.bestParents];
    const endorsed = parents[slot.thread]!;
    const endorsements = Array.from({ length: config.endorsementCount }, (_, index) =>
      createEndorsement(this.#drawEndorser(slot, index), slot, index, endorsed),
    );
    const chosen = this.pool.select(slot.period, slot.thread, {
      maxSize: config.maxBlockSize,
      maxGas: config.maxGasPerBlock,
      maxCount: config.maxOperationsPerBlock,
      validityPeriods: config.operationValidityPeriods,
    }, (op) => this.candidateLedger.balance(op.signed.creator.toString()) >= op.signed.content.fee + maxSpending(op.signed, config));
    for (const op of this.pool.dropped) this.#forget(op.signed.id);
    const block = createBlock(creator, { slot, parents, endorsements, operations: chosen.map((op) => ({ id: op.signed.id, hash: op.signed.hash, size: op.size })) });
    this.#lastProducedSlot = slot;
    for (const op of chosen) this.pool.remove(op.signed.id);
    this.#executeBlock(block);
    for (const e of endorsements) this.#recordEndorsement(e, block.id);
    appendTo(this.createdBlocks, block.creatorAddress, block.id);
    if (block.operations.length > 0) this.#blocksAwaitingFinality.add(block.id);
    const finalized = this.graph.add(block);
    this.emit('block', block);
    for (const record of finalized) this.#finalize(record);
    return block;
  }

  #recordEndorsement(endorsement: Endorsement, blockId: string): void {
    this.endorsements.set(endorsement.id, { endorsement, blockId });
    appendTo(this.createdEndorsements, endorsement.creatorAddress, endorsement.id);
  }

  /** A node forgets an operation its pool dropped without including it: get_operations omits it. */
  #forget(id: string): void {
    const record = this.operations.get(id);
    if (record && record.inBlocks.length === 0) this.operations.delete(id);
  }

  #drawCreator(slot: Slot): SecretKey {
    return this.stakers[(slot.period * this.config.threadCount + slot.thread) % this.stakers.length]!;
  }

  #drawEndorser(slot: Slot, index: number): SecretKey {
    return this.stakers[(slot.period * this.config.threadCount + slot.thread + index) % this.stakers.length]!;
  }

  #pruneExpired(period: number): void {
    for (const op of this.pool.pruneExpired(period)) this.#forget(op.signed.id);
    for (const [id, expire] of this.#executed) if (expire < period - this.config.operationValidityPeriods) this.#executed.delete(id);
  }

  #executeBlock(block: Block): void {
    const results: Array<[string, boolean]> = [];
    let fees = 0n;
    const slot = new SlotContext({
      slot: block.slot,
      timestamp: slotTimestamp(block.slot, this.timing()),
      blockId: block.id,
      executionTrailHash: blake3(concatBytes(new TextEncoder().encode(`mason devnet ${this.config.genesisTimestamp}`), encodeVarint(block.slot.period), Uint8Array.of(block.slot.thread))),
    });
    const env = { ledger: this.#journal, vm: this.vm, slot, config: this.config };
    this.#payDeferredCredits(block.slot);
    for (const id of block.operations) {
      const record = this.operations.get(id)!;
      record.inPool = false;
      record.inBlocks.push(block.id);
      const outcome = executeOperation(record.signed, env);
      this.events.addSpeculative(outcome.events);
      if (!outcome.executed) continue;
      fees += outcome.fee;
      record.speculativeSuccess = outcome.success;
      this.#executed.set(id, record.signed.content.expirePeriod);
      results.push([id, outcome.success]);
    }
    this.#payRewards(block, fees);
    const changes = this.#journal.take();
    this.#recordRolls(changes, Math.floor(block.slot.period / this.config.periodsPerCycle));
    this.#pendingBlocks.set(block.id, { changes, operationResults: results });
  }

  /** Block credits (reward + fees) split as the node does: 1/51 to each endorser and to the endorsed block's creator per endorsement, the rest to the producer. */
  #payRewards(block: Block, fees: bigint): void {
    const credits = this.config.blockReward + fees;
    const part = credits / BigInt(3 * (1 + this.config.endorsementCount));
    let remaining = credits;
    const endorsedCreator = this.graph.get(block.parents[block.slot.thread] ?? '')?.block.creatorAddress;
    // A credit that would overflow a balance (u64) is not given, as the node's failing transfer_coins.
    const credit = (address: string, amount: bigint) => {
      const value = this.candidateLedger.balance(address) + amount;
      if (value <= MAX_AMOUNT) this.#journal.write({ kind: 'balance', address, value });
    };
    for (const e of block.endorsements) {
      credit(e.creatorAddress, part);
      remaining -= part;
      if (endorsedCreator) {
        credit(endorsedCreator, part);
        remaining -= part;
      }
    }
    credit(block.creatorAddress, remaining);
  }

  #payDeferredCredits(slot: Slot): void {
    for (const [address, credits] of this.candidateLedger.deferredCredits) {
      for (const [key, amount] of credits) {
        const [period, thread] = key.split(':').map(Number) as [number, number];
        if (compareSlots({ period, thread }, slot) > 0) continue;
        this.#journal.write({ kind: 'deferred', address, period, thread, value: 0n });
        // The node takes the credit, then its transfer fails if the balance would overflow u64.
        const value = this.candidateLedger.balance(address) + amount;
        if (value <= MAX_AMOUNT) this.#journal.write({ kind: 'balance', address, value });
      }
    }
  }

  #finalize(record: BlockRecord): void {
    const block = record.block;
    const pending = this.#pendingBlocks.get(block.id)!;
    this.#pendingBlocks.delete(block.id);
    this.#blocksAwaitingFinality.delete(block.id);
    for (const change of pending.changes) this.finalLedger.apply(change);
    const events = this.events.finalizeBlock(block.id);
    for (const [id, success] of pending.operationResults) {
      this.operations.get(id)!.finalSuccess = success;
      this.#finalExecutedOperations++;
    }
    this.#finalizedAt.push(Date.now());
    this.emit('final', {
      block,
      operations: block.operations.map((id) => {
        const signed = this.operations.get(id)!.signed;
        return { serialized_content: Array.from(signed.contentBytes), creator_public_key: signed.publicKey.toString(), signature: signed.signature.toString() };
      }),
      changes: pending.changes,
      events,
      operationResults: pending.operationResults,
    });
  }

  /** Restores a finalized block read back from disk: state, events and operation statuses, without re-executing. */
  restoreFinalized(entry: FinalizedBlock): void {
    for (const change of entry.changes) {
      this.finalLedger.apply(change);
      this.candidateLedger.apply(change);
    }
    this.#recordRolls(entry.changes, Math.floor(entry.block.slot.period / this.config.periodsPerCycle));
    this.graph.restoreFinal(entry.block);
    this.#lastProducedSlot = entry.block.slot;
    this.events.addFinal(entry.events);
    const results = new Map(entry.operationResults);
    for (const input of entry.operations) {
      const signed = verifyOperationInput(input, this.config.chainId);
      const success = results.get(signed.id);
      this.operations.set(signed.id, {
        signed,
        thread: signed.creator.thread(this.config.threadCount),
        inPool: false,
        inBlocks: [entry.block.id],
        speculativeSuccess: success ?? null,
        finalSuccess: success ?? null,
      });
      if (success !== undefined) {
        this.#executed.set(signed.id, signed.content.expirePeriod);
        this.#finalExecutedOperations++;
      }
      appendTo(this.createdOperations, signed.creator.toString(), signed.id);
    }
    for (const e of entry.block.endorsements) this.#recordEndorsement(e, entry.block.id);
    appendTo(this.createdBlocks, entry.block.creatorAddress, entry.block.id);
  }

  // ---------------------------------------------------------------- stats and lifecycle

  finalizedWithin(windowMs: number, now = Date.now()): number {
    while (this.#finalizedAt.length > 0 && this.#finalizedAt[0]! < now - windowMs) this.#finalizedAt.shift();
    return this.#finalizedAt.length;
  }

  get finalExecutedOperations(): number {
    return this.#finalExecutedOperations;
  }

  /** Whether every produced block is final and no operation waits. */
  get isSettled(): boolean {
    return !this.#hasWork();
  }

  /** Waits until the chain has nothing left to finalize (bounded by the caller). */
  async settle(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.isSettled && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(5, this.config.t0 / this.config.threadCount)));
    }
    return this.isSettled;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    // A stopped staker misses its slots: nothing is due any more, execution moves on with the clock.
    this.#scheduledSlot = null;
    await this.#producing;
  }

  start(): void {
    this.#stopped = false;
    this.#schedule();
  }
}

function appendTo(map: Map<string, string[]>, key: string, id: string): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}
