import { EventEmitter } from 'node:events';
import {
  byteList,
  blake3,
  compareSlots,
  concatBytes,
  encodeVarint,
  formatMas,
  NODE_CONSTANTS,
  nextSlot,
  previousSlot,
  slotAt,
  slotTimestamp,
  verifyOperationInput,
  type SecretKey,
  type SendOperationInput,
  type SignedOperation,
  type Slot,
} from '@mason/codec';
import { ApiError } from './apiError.js';
import { appendTo } from './chain/appendTo.js';
import { OperationHistory } from './chain/OperationHistory.js';
import type { Block, Endorsement } from './chain/block.js';
import { BlockGraph, type BlockRecord } from './chain/blockGraph.js';
import { createBlock, createEndorsement } from './chain/createBlock.js';
import { EndorsementIndex } from './chain/EndorsementIndex.js';
import { genesisBlocks } from './chain/genesis.js';
import { NodeClock } from './chain/nodeClock.js';
import type { OperationRecord } from './chain/operationRecord.js';
import type { ChainConfig } from './config.js';
import { EventStore, type SCOutputEvent } from './events/eventStore.js';
import { MAX_ASYNC_GAS } from './asyncPool/asyncPoolState.js';
import { nextAsyncSlot } from './asyncPool/nextAsyncSlot.js';
import { earlierSlot, nextDeferredCallSlot } from './deferredCalls/nextDeferredCallSlot.js';
import { maxSpending } from './execution/executeOperation.js';
import type { SlotExecution, SlotExecutionInput } from './execution/executeSlot.js';
import { ExecutionWorker, SlotExecutionFailed } from './execution/ExecutionWorker.js';
import { DevnetLedger, type BlockChange } from './ledger/devnetLedger.js';
import { admitOperations } from './pool/admitOperations.js';
import { ExecutedOperations } from './pool/ExecutedOperations.js';
import { preverifyOperations } from './pool/preverifyOperations.js';
import { SignatureWorkers } from './pool/SignatureWorkers.js';
import { OperationPool, declaredBlockGas, type PooledOperation } from './pool/operationPool.js';
import type { ExecutionMode } from './workers/JobRunner.js';
import type { SharedModules } from './workers/SharedModules.js';

/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_DELAY = 2 ** 31 - 1;

/** Everything a block's finality makes permanent, in the order it happened. */
export interface FinalizedBlock {
  block: Block;
  operations: SendOperationInput[];
  changes: BlockChange[];
  events: SCOutputEvent[];
  operationResults: Array<[id: string, success: boolean]>;
}

export interface DevnetNodeEvents {
  block: [Block];
  operation: [OperationRecord];
  final: [FinalizedBlock];
  /** The candidate ledger changed by these writes (a block executed, genesis, a restored block), in order. */
  candidate: [readonly BlockChange[]];
}

/** Where final blocks are made durable (a ChainStore): append returns once the block is on disk. */
export interface FinalityJournal {
  append(entry: FinalizedBlock): void;
}

export interface DevnetNodeOptions {
  /** Each block is appended here before anything reports it final; a failure stops finality. */
  journal?: FinalityJournal | null;
  /** Where the node reports failures: block production errors, a write that stopped finality. */
  log?: (message: string) => void;
  /**
   * Instant mode: an arriving operation is included at once in the next slot of its thread and
   * the blocks that make it final follow immediately; the node's clock jumps forward to those
   * slots (see now()). Default false: blocks wait for their slot's real time.
   */
  instant?: boolean;
  /** Where blocks execute: on the execution worker (default) or inline, on the node's thread. */
  execution?: ExecutionMode;
}

/** The most slots advanceSlots moves the clock in one call (about 18.5 days of 16 ms slots). */
export const MAX_ADVANCE_SLOTS = 100_000_000;

/** In instant mode, consecutive blocks that included nothing before the node stops trying the pool's leftovers (a full period). */
const INSTANT_STALL_BLOCKS = 32;

/** How many block production failures the node keeps (the most recent ones) in productionErrors. */
export const MAX_KEPT_PRODUCTION_ERRORS = 20;

/** From this many operations, a send_operations call has its signatures checked on worker threads too. */
export const PARALLEL_SIGNATURE_CHECK_MIN = 16;

/** A block posted to the execution worker and not taken in yet. */
interface BlockInFlight {
  block: Block;
  endorsements: Endorsement[];
  /** Its operations as the pool held them (they go back there if the block is abandoned). */
  chosen: PooledOperation[];
  records: OperationRecord[];
  run: Promise<SlotExecution>;
  /** The last produced slot before this block's. */
  previousSlot: Slot;
  deadlineMs: number;
}

/** The best parents once `block` is in the graph: it becomes the best of its thread. */
function parentsWith(bestParents: readonly string[], block: Block): string[] {
  const parents = [...bestParents];
  parents[block.slot.thread] = block.id;
  return parents;
}

/** The default log of the devnet: one line on stderr per message. */
export const logToStderr = (message: string): void => void process.stderr.write(`mason devnet: ${message}\n`);

interface PendingBlock {
  changes: BlockChange[];
  operationResults: Array<[string, boolean]>;
}

/**
 * The chain: produces blocks in 32 threads, executes them against the candidate ledger,
 * finalizes them by the fitness rule and applies their change sets to the final ledger.
 * It knows nothing of JSON-RPC.
 */
export class DevnetNode extends EventEmitter<DevnetNodeEvents> {
  readonly finalLedger = new DevnetLedger();
  /** Written only with each executed block's change set (blocks execute on the execution worker). */
  readonly candidateLedger = new DevnetLedger();
  readonly events = new EventStore();
  readonly pool: OperationPool;
  readonly operations = new Map<string, OperationRecord>();
  /** Every operation id in arrival order, for `mason_list_operations`. */
  readonly operationHistory = new OperationHistory();
  readonly endorsements = new EndorsementIndex();
  readonly graph: BlockGraph;
  /** Ids created by each address, in order (appended in place: O(1) per block or operation). */
  readonly createdBlocks = new Map<string, string[]>();
  readonly createdOperations = new Map<string, string[]>();
  /** Executed operation ids, for replay protection. */
  readonly #executed = new ExecutedOperations();
  readonly #pendingBlocks = new Map<string, PendingBlock>();
  readonly #blocksAwaitingFinality = new Set<string>();
  readonly #finalizedAt: number[] = [];
  #finalExecutedOperations = 0;
  #lastProducedSlot: Slot;
  #timer: NodeJS.Timeout | null = null;
  /** The slot the pending timer is for (also a far slot the timer only comes back to look at). */
  #timerSlot: Slot | null = null;
  /** The slot the timer will produce, until it is produced: execution has not passed it. */
  #scheduledSlot: Slot | null = null;
  /** Roll counts by address as they changed, with the cycle of the change (initial rolls: cycle -1). */
  readonly #rollHistory = new Map<string, Array<{ cycle: number; rolls: number }>>();
  #producing: Promise<void> = Promise.resolve();
  #stopped = false;
  readonly startedAt = Date.now();
  /** The most recent failures of block production (a bug, never a contract's fault), each also logged; the node keeps producing. */
  readonly productionErrors: Error[] = [];
  #failuresInARow = 0;
  /** A slot whose production failed: the next attempt is at a later slot, not a hot retry. */
  #failedSlot: Slot | null = null;
  readonly #finalityJournal: FinalityJournal | null;
  readonly #log: (message: string) => void;
  /** Why finality stopped (a journal write failed); null while the node finalizes. */
  #halted: Error | null = null;
  readonly instant: boolean;
  /** Inline execution: the compiled modules the execution and read-only VMs share (see SharedModules). */
  readonly inlineModules: SharedModules = {};
  readonly #clock = new NodeClock();
  /** Instant mode: a mining run is queued or running; the run it belongs to settles when it ends. */
  #mineRun: Promise<void> | null = null;
  /** Forgets operations waiting for their sender to pay once they expire, when no block would (see #watchWaitingExpiry). */
  #expiryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Instant mode: a full period of blocks included nothing of what is left in the pool; retried when something new arrives. */
  #poolStalled = false;
  readonly #signatureWorkers = new SignatureWorkers();
  /** The last submitted call's admission: calls are admitted in arrival order. */
  #admission: Promise<unknown> = Promise.resolve();

  /** Where blocks execute (read-only calls have a worker of their own, see ReadOnlyWorker). */
  readonly #executionWorker: ExecutionWorker;
  /** Blocks being executed (on the worker): their operations are neither pooled nor settled. */
  #executing = 0;
  /** The slots of the blocks being executed, oldest first: execution has not passed the first. */
  readonly #executingSlots: Slot[] = [];

  constructor(
    readonly config: ChainConfig,
    readonly stakers: SecretKey[],
    options: DevnetNodeOptions = {},
  ) {
    super();
    this.#finalityJournal = options.journal ?? null;
    this.#log = options.log ?? logToStderr;
    this.instant = options.instant ?? false;
    this.pool = new OperationPool(config);
    this.#executionWorker = new ExecutionWorker(config, this.candidateLedger, {
      mode: options.execution,
      log: this.#log,
      shared: this.inlineModules,
    });
    const genesis = genesisBlocks(config);
    this.graph = new BlockGraph(genesis, config.deltaF0);
    this.#lastProducedSlot = genesis[genesis.length - 1]!.slot;
  }

  /** Credits initial balances and rolls in both ledgers (genesis state, final by definition). */
  setInitialState(changes: BlockChange[]): void {
    for (const change of changes) {
      this.finalLedger.apply(change);
      this.candidateLedger.apply(change);
    }
    this.#recordRolls(changes, -1);
    this.#executionWorker.reset();
    this.emit('candidate', changes);
  }

  get lastProducedSlot(): Slot {
    return this.#lastProducedSlot;
  }

  /** The slot a block will be produced at next (or looked at again, when far), or null when idle. */
  get nextProductionSlot(): Slot | null {
    return this.#timerSlot;
  }

  timing() {
    return { genesisTimestamp: this.config.genesisTimestamp, t0: this.config.t0, threadCount: this.config.threadCount };
  }

  /**
   * The node's time (ms since the epoch, see NodeClock). Everything the chain reports
   * (current_time, last_slot, the execution cursor) is read from it, so it never moves backwards.
   */
  now(): number {
    return this.#clock.now();
  }

  /** Moves the node's clock forward to `timestamp` (never backwards): instant blocks, a restart. */
  advanceClockTo(timestamp: number): void {
    this.#clock.advanceTo(timestamp);
  }

  /** How far the node's clock is ahead of the wall clock, in ms. */
  get clockOffset(): number {
    return this.#clock.offset;
  }

  /** The latest slot at the current time (the node's last_slot). */
  currentSlot(now = this.now()): Slot {
    return slotAt(now, this.timing()) ?? { period: 0, thread: 0 };
  }

  // ---------------------------------------------------------------- operations in

  /**
   * send_operations: checks each operation as the node's API does (the first failure rejects the
   * whole call), then pools them and returns their ids in input order. `verified` holds inputs
   * already decoded with a valid signature (see submitOperations); the others are checked here.
   */
  sendOperations(inputs: SendOperationInput[], verified?: ReadonlyMap<SendOperationInput, SignedOperation>): string[] {
    if (this.#halted) throw new ApiError(-32001, `Internal server error: ${this.#halted.message}`);
    const current = this.currentSlot();
    const accepted = inputs.map((input) => this.#checkInput(input, current.period, verified?.get(input)));
    const now = this.now();
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
      this.operationHistory.append(signed.id);
      appendTo(this.createdOperations, sender, signed.id);
      this.pool.add({ signed, thread, blockGas: declaredBlockGas(signed), size, addedAt: now });
      this.emit('operation', record);
      this.#poolStalled = false;
    }
    this.#schedule();
    return accepted.map((signed) => signed.id);
  }

  /**
   * send_operations as the JSON-RPC API runs it: a call of many operations has its signatures
   * checked on worker threads first (see preverifyOperations), then calls are admitted by
   * `sendOperations` one after the other, in arrival order.
   */
  submitOperations(inputs: SendOperationInput[]): Promise<string[]> {
    const checked =
      inputs.length >= PARALLEL_SIGNATURE_CHECK_MIN
        ? preverifyOperations(inputs, this.config.chainId, this.#signatureWorkers).catch(() => undefined)
        : undefined;
    const turn = this.#admission.then(() => checked).then((verified) => this.sendOperations(inputs, verified));
    this.#admission = turn.catch(() => undefined);
    return turn;
  }

  #checkInput(input: SendOperationInput, currentPeriod: number, verified: SignedOperation | undefined) {
    let signed = verified;
    try {
      signed ??= verifyOperationInput(input, this.config.chainId);
    } catch (error) {
      throw ApiError.models((error as Error).message);
    }
    const op = signed.content.op;
    if (op.type === 'CallSC' || op.type === 'ExecuteSC') {
      const limit = this.config.maxGasPerBlock - NODE_CONSTANTS.baseOperationGasCost - (op.type === 'ExecuteSC' ? NODE_CONSTANTS.spCompilationGasCost : 0n);
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
    return this.pool.includableCount > 0 || this.#blocksAwaitingFinality.size > 0 || this.#executing > 0;
  }

  /**
   * The next slot after the last produced one where a block is useful: at or after now for
   * operations and finality, possibly earlier for an asynchronous message the devnet is late for.
   */
  #nextUsefulSlot(): Slot | null {
    if (!this.#hasWork() && this.candidateLedger.asyncPool.size === 0 && this.candidateLedger.deferredCalls.size === 0) return null;
    const now = this.currentSlot();
    let from = compareSlots(now, this.#lastProducedSlot) > 0 ? now : nextSlot(this.#lastProducedSlot, this.config.threadCount);
    if (from.period === 0) from = { period: 1, thread: 0 };
    if (this.#failedSlot && compareSlots(from, this.#failedSlot) <= 0) from = nextSlot(this.#failedSlot, this.config.threadCount);
    // A node executes every slot: asynchronous messages run in the slot they become valid, and
    // expire in the slot after their validity end, even when the devnet runs late.
    const asyncSlot = this.#nextAsyncSlot();
    const inclusion = this.pool.nextInclusionSlot(from, this.config.operationValidityPeriods);
    // Instant mode: the next operation's block is the descendant the waiting ones need; no empty block before it.
    const finalizing = this.instant && inclusion && !this.#poolStalled ? inclusion : from;
    if (this.#blocksAwaitingFinality.size > 0) return asyncSlot && compareSlots(asyncSlot, finalizing) < 0 ? asyncSlot : finalizing;
    if (!inclusion) return asyncSlot;
    return asyncSlot && compareSlots(asyncSlot, inclusion) < 0 ? asyncSlot : inclusion;
  }

  #nextAsyncSlot(): Slot | null {
    let from = nextSlot(this.#lastProducedSlot, this.config.threadCount);
    if (from.period === 0) from = { period: 1, thread: 0 };
    // A slot whose production failed is not tried again: the messages run in the next one.
    if (this.#failedSlot && compareSlots(from, this.#failedSlot) <= 0) from = nextSlot(this.#failedSlot, this.config.threadCount);
    const message = nextAsyncSlot(this.candidateLedger.asyncPool, from, this.config.threadCount, MAX_ASYNC_GAS + this.config.maxGasPerBlock);
    return earlierSlot(message, nextDeferredCallSlot(this.candidateLedger.deferredCalls, from));
  }

  #schedule(): void {
    if (this.#stopped || this.#halted) return;
    if (this.instant) return this.#scheduleInstant();
    const slot = this.#nextUsefulSlot();
    if (this.#timer) {
      // A new operation or message can be due before the slot the timer waits for.
      if (!slot || !this.#timerSlot || compareSlots(slot, this.#timerSlot) >= 0) return;
      clearTimeout(this.#timer);
      this.#timer = null;
      this.#scheduledSlot = null;
    }
    if (!slot) return;
    const delay = Math.max(0, slotTimestamp(slot, this.timing()) - this.now());
    this.#timerSlot = slot;
    if (delay > MAX_TIMER_DELAY) {
      // setTimeout cannot wait longer (a message valid weeks from now): come back and look again.
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.#timerSlot = null;
        this.#schedule();
      }, MAX_TIMER_DELAY);
      return;
    }
    this.#scheduledSlot = slot;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#timerSlot = null;
      this.#producing = this.#producing
        .then(() => this.#produceAt(slot))
        .catch((error: unknown) => {
          this.#productionFailed(slot, error);
          this.#schedule();
        });
    }, delay);
  }

  // ---------------------------------------------------------------- instant mode

  /** Whether an instant mining run has something to do now (not later: future messages wait for their time). */
  #hasInstantWork(): boolean {
    if (this.#blocksAwaitingFinality.size > 0 || (this.pool.includableCount > 0 && !this.#poolStalled)) return true;
    const due = this.#nextAsyncSlot();
    return due !== null && slotTimestamp(due, this.timing()) <= this.now();
  }

  /**
   * Instant mode: mines now if anything is to do; otherwise, if an asynchronous message waits for
   * a future slot, a timer comes back at that slot's time (the clock still follows the wall clock).
   */
  #scheduleInstant(): void {
    if (this.#hasInstantWork()) {
      this.#requestMine();
      return;
    }
    if (this.#mineRun) return;
    const due = this.#nextAsyncSlot();
    if (this.#timer) {
      if (due && this.#timerSlot && compareSlots(due, this.#timerSlot) >= 0) return;
      clearTimeout(this.#timer);
      this.#timer = null;
      this.#timerSlot = null;
    }
    if (!due) return;
    this.#timerSlot = due;
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        this.#timerSlot = null;
        this.#schedule();
      },
      Math.min(MAX_TIMER_DELAY, Math.max(0, slotTimestamp(due, this.timing()) - this.now())),
    );
  }

  /**
   * Queues a mining run after the current event-loop turn, so operations sent together share
   * blocks and send_operations answers first. A run already queued or running picks new work up.
   */
  #requestMine(): Promise<void> {
    if (this.#mineRun) return this.#mineRun;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#timerSlot = null;
    const run = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      const mined = this.#producing.then(() => this.#mine());
      this.#producing = mined.catch(() => {});
      return mined;
    });
    this.#mineRun = run.finally(() => {
      this.#mineRun = null;
      this.#schedule();
    });
    return this.#mineRun;
  }

  /**
   * Produces blocks one after the other, the clock jumping to each one's slot, until the pool is
   * included and every block holding something is final. The event loop turns between blocks, so
   * the servers keep answering (and clients see speculative, then final). While the worker
   * executes a block, the block of the very next slot (another thread: operations are in their
   * sender's thread, so that block does not depend on this one's execution) is built and posted
   * behind it, and the worker goes from one to the other without waiting for this thread.
   */
  async #mine(): Promise<void> {
    let emptyInARow = 0;
    let flight: BlockInFlight | null = null;
    /** Lands a block; false when its production failed. */
    const land = async (landing: BlockInFlight): Promise<boolean> => {
      try {
        const block = await this.#landBlock(landing);
        this.#failuresInARow = 0;
        const awaited = this.#blocksAwaitingFinality.has(block.id);
        emptyInARow = block.operations.length > 0 || awaited ? 0 : emptyInARow + 1;
        return true;
      } catch (error) {
        this.#productionFailed(landing.block.slot, error);
        emptyInARow++;
        return false;
      }
    };
    /** Launches a block; null when its production failed before it was posted. */
    const launch = (slot: Slot, parents: string[], queuedBehindMs = 0): BlockInFlight | null => {
      try {
        return this.#launchBlock(slot, parents, queuedBehindMs);
      } catch (error) {
        this.#productionFailed(slot, error);
        emptyInARow++;
        return null;
      }
    };
    try {
      while (!this.#stopped && !this.#halted && (flight !== null || this.#hasInstantWork())) {
        const slot = this.#dueInstantSlot();
        if (flight !== null && (slot === null || !this.#canLaunchBehind(flight, slot))) {
          await land(flight);
          flight = null;
        } else if (slot === null) {
          break;
        } else {
          this.advanceClockTo(slotTimestamp(slot, this.timing()));
          if (flight === null) flight = launch(slot, [...this.graph.bestParents]);
          else {
            const next = launch(slot, parentsWith(this.graph.bestParents, flight.block), flight.deadlineMs);
            const landed = await land(flight);
            flight = next;
            if (!landed && next !== null) {
              await this.#abandonBlock(next);
              flight = null;
            }
          }
        }
        // A full period of empty blocks: what is left in the pool cannot be included now; stop trying.
        if (emptyInARow >= INSTANT_STALL_BLOCKS && this.#blocksAwaitingFinality.size === 0) this.#poolStalled = this.pool.includableCount > 0;
        if (emptyInARow >= INSTANT_STALL_BLOCKS * 4) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      if (flight !== null) await land(flight);
    }
  }

  /** The slot of the next block to produce now, or null: nothing to do, or only a message of a future slot (it waits for its time). */
  #dueInstantSlot(): Slot | null {
    const slot = this.#hasInstantWork() ? this.#nextUsefulSlot() : null;
    if (!slot) return null;
    // Only operations and finality pull the clock forward.
    if (this.#blocksAwaitingFinality.size > 0 || (this.pool.includableCount > 0 && !this.#poolStalled)) return slot;
    return slotTimestamp(slot, this.timing()) <= this.now() ? slot : null;
  }

  /**
   * Whether the block of `slot` may be posted before the one in flight is taken in: only on an
   * execution worker, for operations waiting in the pool (whether a block is needed for finality
   * is known once the one in flight is in), for the very next slot (no slot in between whose
   * asynchronous messages the one in flight could make due), in another thread.
   */
  #canLaunchBehind(flight: BlockInFlight, slot: Slot): boolean {
    if (this.#executionWorker.inline || this.pool.includableCount === 0 || this.#poolStalled) return false;
    return compareSlots(slot, nextSlot(flight.block.slot, this.config.threadCount)) === 0 && slot.thread !== flight.block.slot.thread;
  }

  /**
   * Moves the node's clock forward by `count` slots, as time passing would: asynchronous
   * messages that become due run, operations whose validity starts are included, and (instant
   * mode) everything produced is final when the returned promise settles. Returns the new last slot.
   */
  async advanceSlots(count: number): Promise<Slot> {
    if (!Number.isSafeInteger(count) || count <= 0 || count > MAX_ADVANCE_SLOTS) {
      throw new RangeError(`a slot count is an integer from 1 to ${MAX_ADVANCE_SLOTS}, got ${count}`);
    }
    if (this.#halted) throw new ApiError(-32001, `Internal server error: ${this.#halted.message}`);
    const current = this.currentSlot();
    const absolute = current.period * this.config.threadCount + current.thread + count;
    const target = { period: Math.floor(absolute / this.config.threadCount), thread: absolute % this.config.threadCount };
    this.advanceClockTo(slotTimestamp(target, this.timing()));
    this.#poolStalled = false;
    // Operations waiting for their sender to pay that expired meanwhile are dropped, as by a pool refresh.
    if (this.pool.earliestUnaffordableExpiry() !== null) this.#pruneExpired(this.currentSlot().period);
    if (this.instant) {
      // A run ending as the clock moved may leave the newly due work to the next one: wait for it too.
      do await this.#requestMine();
      while (!this.#stopped && !this.#halted && this.#hasInstantWork());
    } else if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
      this.#timerSlot = null;
      this.#scheduledSlot = null;
      this.#schedule();
    } else this.#schedule();
    return this.currentSlot();
  }

  async #produceAt(slot: Slot): Promise<void> {
    if (this.#stopped || this.#halted) return;
    if (compareSlots(slot, this.#lastProducedSlot) > 0) await this.produceBlock(slot);
    if (this.#scheduledSlot && compareSlots(this.#scheduledSlot, slot) === 0) this.#scheduledSlot = null;
    this.#failuresInARow = 0;
    this.#schedule();
  }

  /**
   * The execution cursor: the latest slot whose execution is done. Slots without a block have
   * nothing to execute, so it follows the clock, except that it stays before a slot whose block
   * is due but not produced yet.
   */
  activeCursor(now = this.now()): Slot {
    const current = slotAt(now, this.timing());
    if (!current) return this.graph.lastFinalSlot;
    // The block being executed comes first: a timer set meanwhile is for a later slot.
    const due = this.#executingSlots[0] ?? this.#scheduledSlot;
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

  #recordRolls(changes: BlockChange[], cycle: number): void {
    for (const change of changes) {
      if (change.kind !== 'rolls') continue;
      const history = this.#rollHistory.get(change.address) ?? [];
      history.push({ cycle, rolls: change.value });
      this.#rollHistory.set(change.address, history);
    }
  }

  /** Produces, executes and integrates the block of a slot. Public for tests and tools. */
  async produceBlock(slot: Slot): Promise<Block> {
    return this.#landBlock(this.#launchBlock(slot, [...this.graph.bestParents]));
  }

  /**
   * The first half of producing a block: chooses its operations, builds it on `parents` and posts
   * its slot to the execution worker. `queuedBehindMs`: the deadline of a block already in flight,
   * which the worker runs first.
   */
  #launchBlock(slot: Slot, parents: string[], queuedBehindMs = 0): BlockInFlight {
    const config = this.config;
    this.#pruneExpired(slot.period);
    const creator = this.#drawCreator(slot);
    const endorsed = parents[slot.thread]!;
    const endorsements = Array.from({ length: config.endorsementCount }, (_, index) =>
      createEndorsement(this.#drawEndorser(slot, index), slot, index, endorsed),
    );
    const chosen = this.pool.select(
      slot.period,
      slot.thread,
      {
        maxSize: config.maxBlockSize,
        maxGas: config.maxGasPerBlock,
        maxCount: config.maxOperationsPerBlock,
        validityPeriods: config.operationValidityPeriods,
      },
      (op) => this.candidateLedger.balance(op.signed.creator.toString()) >= op.signed.content.fee + maxSpending(op.signed, config),
    );
    const block = createBlock(creator, {
      slot,
      parents,
      endorsements,
      operations: chosen.map((op) => ({ id: op.signed.id, hash: op.signed.hash, size: op.size })),
    });
    const previousSlot = this.#lastProducedSlot;
    this.#lastProducedSlot = slot;
    for (const op of chosen) this.pool.remove(op.signed.id);
    this.#watchWaitingExpiry();
    this.#executing++;
    this.#executingSlots.push(slot);
    const records = this.#markIncluded(block);
    const input = this.#executionInput(block, records);
    const run = this.#executionWorker.execute(input, this.candidateLedger.asyncPool.size, queuedBehindMs);
    // Awaited when the block lands; a failure before then must not be reported as unhandled.
    run.catch(() => {});
    return {
      block,
      endorsements,
      chosen,
      records,
      run,
      previousSlot,
      deadlineMs: this.#executionWorker.deadlineMs(input, this.candidateLedger.asyncPool.size),
    };
  }

  /** The second half: takes the block's execution in, adds it to the graph and finalizes what that makes final. */
  async #landBlock(flight: BlockInFlight): Promise<Block> {
    const { block, endorsements, records } = flight;
    let changedAsyncPool: boolean;
    try {
      let execution: SlotExecution;
      try {
        execution = await flight.run;
      } catch (error) {
        for (const record of records) {
          this.#unmarkIncluded(record);
          this.#forget(record.signed.id);
        }
        throw error;
      }
      changedAsyncPool = this.#takeExecution(block, records, execution);
    } finally {
      this.#executing--;
      this.#executingSlots.shift();
    }
    for (const e of endorsements) this.endorsements.add(e, block.id);
    appendTo(this.createdBlocks, block.creatorAddress, block.id);
    if (block.operations.length > 0 || changedAsyncPool) this.#blocksAwaitingFinality.add(block.id);
    const finalized = this.graph.add(block);
    this.emit('block', block);
    for (const record of finalized) if (!this.#finalize(record)) break;
    return block;
  }

  /**
   * A block launched behind one whose production then failed: its parent will never exist, so it
   * is not produced either. Its operations go back to the pool, its slot may be produced again, and
   * the worker starts again from the node's candidate ledger (it may have executed the block).
   */
  async #abandonBlock(flight: BlockInFlight): Promise<void> {
    try {
      await flight.run;
    } catch {
      // failed as well: nothing more to undo
    } finally {
      this.#executing--;
      this.#executingSlots.shift();
    }
    this.#executionWorker.reset();
    for (const record of flight.records) this.#unmarkIncluded(record);
    for (const op of flight.chosen) {
      const record = this.operations.get(op.signed.id);
      if (record) {
        record.inPool = true;
        this.pool.add(op);
      }
    }
    this.#lastProducedSlot = flight.previousSlot;
  }

  /**
   * An operation waiting for its sender to pay makes no block, so no block may come to drop it
   * once expired: a timer does, at the first slot after the earliest expiry (as the node's pool
   * refresh drops expired operations).
   */
  #watchWaitingExpiry(): void {
    if (this.#expiryTimer || this.#stopped) return;
    const expire = this.pool.earliestUnaffordableExpiry();
    if (expire === null) return;
    const at = slotTimestamp({ period: expire + 1, thread: 0 }, this.timing());
    this.#expiryTimer = setTimeout(
      () => {
        this.#expiryTimer = null;
        if (this.#stopped) return;
        const period = this.currentSlot().period;
        // A timer may fire a little early: prune only once the expiry is past, else look again.
        if (period > expire) this.#pruneExpired(period);
        this.#watchWaitingExpiry();
      },
      Math.min(MAX_TIMER_DELAY, Math.max(0, at - this.now())),
    );
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
    this.#executed.forgetExpiredBefore(period - this.config.operationValidityPeriods);
  }

  /** The block's operations leave the pool: known as executed while the worker runs them, so the same operation sent again meanwhile is a replay. */
  #markIncluded(block: Block): OperationRecord[] {
    const records = block.operations.map((id) => this.operations.get(id)!);
    for (const record of records) {
      record.inPool = false;
      record.inBlocks.push(block.id);
      this.#executed.add(record.signed.id, record.signed.content.expirePeriod);
    }
    return records;
  }

  #unmarkIncluded(record: OperationRecord): void {
    this.#executed.delete(record.signed.id);
    record.inBlocks.pop();
  }

  /** What the execution worker needs to execute a block's slot as the node does (§7.1). */
  #executionInput(block: Block, records: OperationRecord[]): SlotExecutionInput {
    return {
      context: {
        slot: block.slot,
        timestamp: slotTimestamp(block.slot, this.timing()),
        blockId: block.id,
        executionTrailHash: blake3(
          concatBytes(
            new TextEncoder().encode(`mason devnet ${this.config.genesisTimestamp}`),
            encodeVarint(block.slot.period),
            Uint8Array.of(block.slot.thread),
          ),
        ),
      },
      operations: records.map(({ signed }) => ({ id: signed.id, sender: signed.creator.toString(), contentBytes: signed.contentBytes })),
      producer: block.creatorAddress,
      endorsers: block.endorsements.map((e) => e.creatorAddress),
      endorsedCreator: this.graph.get(block.parents[block.slot.thread] ?? '')?.block.creatorAddress ?? null,
    };
  }

  /**
   * Takes a block's execution in: operation statuses, speculative events, the change set applied
   * to the candidate ledger. Returns whether the async pool changed.
   */
  #takeExecution(block: Block, records: OperationRecord[], execution: SlotExecution): boolean {
    const results: Array<[string, boolean]> = [];
    this.events.addSpeculative(execution.deferredEvents);
    execution.operations.forEach((outcome, index) => {
      const record = records[index]!;
      this.events.addSpeculative(outcome.events);
      if (!outcome.executed) {
        this.#executed.delete(record.signed.id);
        return;
      }
      record.speculativeSuccess = outcome.success;
      if (outcome.gasUsed !== undefined) record.gasUsed = outcome.gasUsed;
      results.push([record.signed.id, outcome.success]);
    });
    this.events.addSpeculative(execution.asyncEvents);
    const changes = execution.changes;
    for (const change of changes) this.candidateLedger.apply(change);
    this.#reconsiderWaiting(changes);
    this.emit('candidate', changes);
    this.#recordRolls(changes, Math.floor(block.slot.period / this.config.periodsPerCycle));
    this.#pendingBlocks.set(block.id, { changes, operationResults: results });
    return changes.some((change) => change.kind === 'asyncMessage' || change.kind === 'deferredCall');
  }

  /** Operations waiting for their sender to be able to pay are candidates again once its balance changed. */
  #reconsiderWaiting(changes: BlockChange[]): void {
    if (this.pool.includableCount === this.pool.size) return;
    const credited = new Set<string>();
    for (const change of changes) if (change.kind === 'balance') credited.add(change.address);
    // A stalled instant run tries again: these may fit a block now.
    if (this.pool.reconsiderSenders(credited)) this.#poolStalled = false;
  }

  /**
   * Makes a block final: durable in the journal first, then visible (final ledger, final events,
   * operation statuses, the 'final' event). If it cannot be persisted, finality stops here and
   * nothing of this block is reported final; returns false.
   */
  #finalize(record: BlockRecord): boolean {
    if (this.#halted) return false;
    const block = record.block;
    const pending = this.#pendingBlocks.get(block.id)!;
    const entry: FinalizedBlock = {
      block,
      operations: block.operations.map((id) => {
        const signed = this.operations.get(id)!.signed;
        return { serialized_content: byteList(signed.contentBytes), creator_public_key: signed.publicKey.toString(), signature: signed.signature.toString() };
      }),
      changes: pending.changes,
      events: this.events.ofBlock(block.id),
      operationResults: pending.operationResults,
    };
    try {
      this.#finalityJournal?.append(entry);
    } catch (error) {
      this.#halt(error);
      return false;
    }
    this.graph.markFinal(record);
    this.#pendingBlocks.delete(block.id);
    this.#blocksAwaitingFinality.delete(block.id);
    for (const change of pending.changes) this.finalLedger.apply(change);
    this.events.finalizeBlock(block.id);
    for (const [id, success] of pending.operationResults) {
      this.operations.get(id)!.finalSuccess = success;
      this.#finalExecutedOperations++;
    }
    this.#finalizedAt.push(this.now());
    this.emit('final', entry);
    return true;
  }

  /** A journal write failed: stop producing and finalizing, refuse operations, say so loudly. */
  #halt(error: unknown): void {
    this.#halted = error instanceof Error ? error : new Error(String(error));
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#timerSlot = null;
    this.#scheduledSlot = null;
    this.#log(`FINALITY STOPPED: ${this.#halted.message}`);
  }

  /** Why finality stopped (a journal write failed), or null while the node finalizes. */
  get halted(): Error | null {
    return this.#halted;
  }

  /** Logs a production failure (repeats of the same one at the 2nd, 4th, 8th… time) and keeps the most recent ones. */
  #productionFailed(slot: Slot, error: unknown): void {
    // The node stopping ended the block's execution: nothing failed.
    if (this.#stopped && error instanceof SlotExecutionFailed) return;
    const failure = error instanceof Error ? error : new Error(String(error));
    const previous = this.productionErrors[this.productionErrors.length - 1];
    this.#failuresInARow = previous?.message === failure.message ? this.#failuresInARow + 1 : 1;
    this.#failedSlot = slot;
    this.productionErrors.push(failure);
    if (this.productionErrors.length > MAX_KEPT_PRODUCTION_ERRORS) this.productionErrors.shift();
    const n = this.#failuresInARow;
    if (n === 1)
      this.#log(`block production failed at slot ${slot.period}.${slot.thread}; the node goes on with the next slot: ${failure.stack ?? failure.message}`);
    else if ((n & (n - 1)) === 0) this.#log(`block production failed again at slot ${slot.period}.${slot.thread} (${n} failures in a row): ${failure.message}`);
  }

  /** Restores a finalized block read back from disk: state, events and operation statuses, without re-executing. */
  restoreFinalized(entry: FinalizedBlock): void {
    for (const change of entry.changes) {
      this.finalLedger.apply(change);
      this.candidateLedger.apply(change);
    }
    this.#executionWorker.reset();
    this.emit('candidate', entry.changes);
    this.#recordRolls(entry.changes, Math.floor(entry.block.slot.period / this.config.periodsPerCycle));
    this.graph.restoreFinal(entry.block);
    this.#lastProducedSlot = entry.block.slot;
    // The clock never goes back before a block it produced (one made ahead of time in instant mode).
    this.advanceClockTo(slotTimestamp(entry.block.slot, this.timing()));
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
        this.#executed.add(signed.id, signed.content.expirePeriod);
        this.#finalExecutedOperations++;
      }
      this.operationHistory.append(signed.id);
      appendTo(this.createdOperations, signed.creator.toString(), signed.id);
    }
    for (const e of entry.block.endorsements) this.endorsements.add(e, entry.block.id);
    appendTo(this.createdBlocks, entry.block.creatorAddress, entry.block.id);
  }

  // ---------------------------------------------------------------- stats and lifecycle

  finalizedWithin(windowMs: number, now = this.now()): number {
    while (this.#finalizedAt.length > 0 && this.#finalizedAt[0]! < now - windowMs) this.#finalizedAt.shift();
    return this.#finalizedAt.length;
  }

  get finalExecutedOperations(): number {
    return this.#finalExecutedOperations;
  }

  /**
   * Whether every produced block is final and no operation waits (instant mode: that no mining
   * run is under way and nothing it could include waits).
   */
  get isSettled(): boolean {
    if (this.#executing > 0) return false;
    if (this.instant) return this.#mineRun === null && !this.#hasInstantWork();
    return !this.#hasWork();
  }

  /** Waits until the chain has nothing left to finalize (bounded by the caller). */
  async settle(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.isSettled && !this.#halted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, this.instant ? 1 : Math.max(5, this.config.t0 / this.config.threadCount)));
    }
    return this.isSettled;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#expiryTimer) clearTimeout(this.#expiryTimer);
    this.#expiryTimer = null;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#timerSlot = null;
    // A stopped staker misses its slots: nothing is due any more, execution moves on with the clock.
    this.#scheduledSlot = null;
    // A block executing now is not produced: its worker ends at once, not after the execution.
    const workerStopped = this.#executionWorker.stop();
    await this.#mineRun;
    await this.#producing;
    await this.#signatureWorkers.close();
    await workerStopped;
  }

  start(): void {
    this.#stopped = false;
    this.#executionWorker.warm();
    // A node running contracts on workers is long-lived (`mason node`): a burst's first call then finds its checks' workers up.
    if (!this.#executionWorker.inline) this.#signatureWorkers.warm();
    this.#schedule();
  }
}
