import { EventEmitter } from 'node:events';
import { compareSlots, previousSlot, slotAt, type SecretKey, type SendOperationInput, type SignedOperation, type Slot } from '@mason/codec';
import type { Block } from './chain/block.js';
import { BlockGraph } from './chain/blockGraph.js';
import { ChainIndex } from './chain/ChainIndex.js';
import { Finalizer, type FinalityJournal, type FinalizedBlock } from './chain/Finalizer.js';
import { genesisBlocks } from './chain/genesis.js';
import { remoteAccountsFor } from './fork/remoteAccountsFor.js';
import { NodeClock } from './chain/nodeClock.js';
import type { OperationRecord } from './chain/operationRecord.js';
import type { ChainConfig } from './config.js';
import { DevnetLedger, type BlockChange } from './ledger/devnetLedger.js';
import { InstantMiner } from './mining/InstantMiner.js';
import type { Miner } from './mining/Miner.js';
import { SlotTimedMiner } from './mining/SlotTimedMiner.js';
import { Mempool } from './pool/Mempool.js';
import { BlockProducer } from './production/BlockProducer.js';
import type { ExecutionMode } from './workers/JobRunner.js';
import type { SharedModules } from './workers/SharedModules.js';
import type { TraceStore } from './traces/TraceStore.js';
import { Impersonation } from './stateControl/Impersonation.js';
import type { StateChangeRecord } from './stateControl/StateChangeRecord.js';
import { Snapshots } from './snapshots/Snapshots.js';
import { logToStderr } from './logToStderr.js';

export interface DevnetNodeEvents {
  block: [Block];
  operation: [OperationRecord];
  final: [FinalizedBlock];
  /** The candidate ledger changed by these writes (a block executed, genesis, a restored block), in order. */
  candidate: [readonly BlockChange[]];
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
  /** Where the traces of executed operations go; none recorded without it. */
  traces?: TraceStore | null;
}

/**
 * The chain, assembled from units with one job each (docs/architecture.md, "The devnet's units"):
 * the Mempool (operations in), a Miner (when blocks are made: slot-timed or instant), the
 * BlockProducer (making and executing blocks), the Finalizer (finality and its journal) and the
 * ChainIndex (what the API reports). This class owns the ledgers, the graph and the clock, wires
 * the units, and is the one surface that changes the chain: RPC methods and views read it through
 * ChainReader and change it through the commands of ChainCommands (chainAccess.ts). It knows
 * nothing of JSON-RPC.
 */
export class DevnetNode extends EventEmitter<DevnetNodeEvents> {
  readonly finalLedger = new DevnetLedger();
  /** Written only with each executed block's change set (blocks execute on the execution worker). */
  readonly candidateLedger = new DevnetLedger();
  readonly graph: BlockGraph;
  readonly index = new ChainIndex();
  readonly mempool: Mempool;
  readonly producer: BlockProducer;
  readonly finalizer: Finalizer;
  readonly miner: Miner;
  readonly startedAt = Date.now();
  readonly instant: boolean;
  /** Inline execution: the compiled modules the execution and read-only VMs share (see SharedModules). */
  readonly inlineModules: SharedModules = {};
  readonly #clock = new NodeClock();
  readonly #log: (message: string) => void;
  #stopped = false;
  /** Addresses whose operations are accepted without a valid signature (mason_impersonate). */
  readonly impersonation = new Impersonation();
  /** How many state-control writes were applied (get_status' Mason extension: a page sees state change without a block). */
  stateWrites = 0;
  /** Devnet-wide snapshots (mason_snapshot / mason_revert). */
  readonly snapshots = new Snapshots(this);

  constructor(
    readonly config: ChainConfig,
    /** The keys drawn to create blocks and endorsements; change them with addStaker/removeStaker. */
    readonly stakers: SecretKey[],
    options: DevnetNodeOptions = {},
  ) {
    super();
    const log = options.log ?? logToStderr;
    this.#log = log;
    this.instant = options.instant ?? false;
    if (config.fork) {
      // Fork mode: entries absent here are read from the remote node (docs/devnet.md, "Fork mode").
      const remote = remoteAccountsFor(config.fork);
      this.finalLedger.useSource(remote);
      this.candidateLedger.useSource(remote);
    }
    const genesis = genesisBlocks(config);
    this.graph = new BlockGraph(genesis, config.deltaF0);
    const stopped = () => this.#stopped;
    const now = () => this.now();
    this.finalizer = new Finalizer({
      graph: this.graph,
      finalLedger: this.finalLedger,
      index: this.index,
      journal: options.journal ?? null,
      now,
      log,
      finalized: (entry) => this.emit('final', entry),
      halted: () => this.miner.halt(),
    });
    this.mempool = new Mempool({
      config,
      index: this.index,
      now,
      currentSlot: () => this.currentSlot(),
      halted: () => this.finalizer.halted,
      stopped,
      verify: (input) => this.impersonation.verify(input, config.chainId),
      admitted: (record) => this.emit('operation', record),
      arrived: () => this.miner.schedule(),
    });
    this.producer = new BlockProducer(this, genesis[genesis.length - 1]!.slot, {
      execution: options.execution,
      shared: this.inlineModules,
      traces: options.traces ?? null,
    });
    const minerHost = {
      config,
      graph: this.graph,
      candidateLedger: this.candidateLedger,
      mempool: this.mempool,
      producer: this.producer,
      finalizer: this.finalizer,
      now,
      currentSlot: () => this.currentSlot(),
      advanceClockTo: (timestamp: number) => this.advanceClockTo(timestamp),
      stopped,
      // Through the node, so that a benchmark wrapping produceBlock times every slot-timed block.
      produceBlock: (slot: Slot) => this.produceBlock(slot),
    };
    this.miner = this.instant ? new InstantMiner(minerHost) : new SlotTimedMiner(minerHost);
  }

  // ---------------------------------------------------------------- what the units report (ProducerHost)

  log(message: string): void {
    this.#log(message);
  }

  stopped(): boolean {
    return this.#stopped;
  }

  candidateChanged(changes: readonly BlockChange[]): void {
    this.emit('candidate', changes);
  }

  blockAdded(block: Block): void {
    this.emit('block', block);
  }

  // ---------------------------------------------------------------- reads

  get events() {
    return this.index.events;
  }

  get pool() {
    return this.mempool.pool;
  }

  get operations() {
    return this.index.operations;
  }

  get operationHistory() {
    return this.index.operationHistory;
  }

  get endorsements() {
    return this.index.endorsements;
  }

  get createdBlocks() {
    return this.index.createdBlocks;
  }

  get createdOperations() {
    return this.index.createdOperations;
  }

  get productionErrors(): Error[] {
    return this.producer.productionErrors;
  }

  get lastProducedSlot(): Slot {
    return this.producer.lastProducedSlot;
  }

  /** The slot a block will be produced at next (or looked at again, when far), or null when idle. */
  get nextProductionSlot(): Slot | null {
    return this.miner.nextProductionSlot;
  }

  /** Why finality stopped (a journal write failed), or null while the node finalizes. */
  get halted(): Error | null {
    return this.finalizer.halted;
  }

  timing() {
    return { genesisTimestamp: this.config.genesisTimestamp, t0: this.config.t0, threadCount: this.config.threadCount };
  }

  /**
   * The node's time (ms since the epoch, see NodeClock). Everything the chain reports
   * (current_time, last_slot, the execution cursor) is read from it, so it never moves backwards
   * (but on a revert to a snapshot).
   */
  now(): number {
    return this.#clock.now();
  }

  /** How far the node's clock is ahead of the wall clock, in ms. */
  get clockOffset(): number {
    return this.#clock.offset;
  }

  /** The latest slot at the current time (the node's last_slot). */
  currentSlot(now = this.now()): Slot {
    return slotAt(now, this.timing()) ?? { period: 0, thread: 0 };
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
    const due = this.producer.executingSlot ?? this.miner.scheduledSlot;
    if (due && compareSlots(due, current) <= 0) return previousSlot(due, this.config.threadCount) ?? this.graph.lastFinalSlot;
    return current;
  }

  /** Rolls that count for a cycle: those held at the end of cycle − 3 (the node's PoS lookback). */
  activeRolls(cycle: number): Array<[string, number]> {
    return this.index.activeRolls(cycle);
  }

  finalizedWithin(windowMs: number, now = this.now()): number {
    return this.finalizer.finalizedWithin(windowMs, now);
  }

  get finalExecutedOperations(): number {
    return this.finalizer.finalExecutedOperations;
  }

  /**
   * Whether every produced block is final and no operation waits (instant mode: that no mining
   * run is under way and nothing it could include waits).
   */
  get isSettled(): boolean {
    return this.producer.executing === 0 && this.miner.isIdle;
  }

  /** Waits until the chain has nothing left to finalize (bounded by the caller). */
  async settle(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.isSettled && !this.halted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, this.instant ? 1 : Math.max(5, this.config.t0 / this.config.threadCount)));
    }
    return this.isSettled;
  }

  // ---------------------------------------------------------------- commands

  /** Credits initial balances and rolls in both ledgers (genesis state, final by definition). */
  setInitialState(changes: BlockChange[]): void {
    this.applyFinal(changes, -1);
  }

  /** Moves the node's clock forward to `timestamp` (never backwards): instant blocks, a restart. */
  advanceClockTo(timestamp: number): void {
    this.#clock.advanceTo(timestamp);
  }

  /** send_operations, checked and pooled at once (see Mempool.sendOperations). */
  sendOperations(inputs: SendOperationInput[], verified?: ReadonlyMap<SendOperationInput, SignedOperation>): string[] {
    return this.mempool.sendOperations(inputs, verified);
  }

  /** send_operations as the JSON-RPC API runs it (see Mempool.submitOperations). */
  submitOperations(inputs: SendOperationInput[]): Promise<string[]> {
    return this.mempool.submitOperations(inputs);
  }

  /** add_staking_secret_keys: a key not staking yet joins the draw. */
  addStaker(key: SecretKey): void {
    if (!this.stakers.some((s) => s.publicKey.toString() === key.publicKey.toString())) this.stakers.push(key);
  }

  /** remove_staking_addresses: the address leaves the draw, unless it is the last staker. */
  removeStaker(address: string): void {
    const index = this.stakers.findIndex((s) => s.publicKey.address().toString() === address);
    if (index >= 0 && this.stakers.length > 1) this.stakers.splice(index, 1);
  }

  /**
   * Moves the node's clock forward by `count` slots, as time passing would: asynchronous
   * messages that become due run, operations whose validity starts are included, and (instant
   * mode) everything produced is final when the returned promise settles. Returns the new last slot.
   */
  advanceSlots(count: number): Promise<Slot> {
    return this.miner.advanceSlots(count);
  }

  /** Produces, executes and integrates the block of a slot. Public for tests and tools. */
  async produceBlock(slot: Slot): Promise<Block> {
    return this.producer.land(this.producer.launch(slot, [...this.graph.bestParents]));
  }

  /**
   * State control (stateControl/): writes made outside any block, after the block being produced,
   * final at once. Durable first; then they override what non-final blocks wrote to the same keys.
   */
  applyStateChanges(record: StateChangeRecord): Promise<void> {
    return this.miner
      .between(() => {
        this.finalizer.stateWritten(record);
        this.#takeStateChanges(record);
        this.producer.worker.post(record.changes);
        this.mempool.reconsiderWaiting(record.changes);
      })
      .finally(() => this.miner.schedule());
  }

  /** State-control writes read back from disk (between the final blocks they came after). */
  restoreStateChanges(record: StateChangeRecord): void {
    this.#takeStateChanges(record);
    this.producer.worker.reset();
  }

  #takeStateChanges(record: StateChangeRecord): void {
    this.stateWrites++;
    if (record.impersonate) this.impersonation.set(record.impersonate.address, record.impersonate.enabled);
    for (const change of record.changes) {
      this.finalLedger.apply(change);
      this.candidateLedger.apply(change);
    }
    this.index.recordRolls(record.changes, record.cycle);
    this.emit('candidate', record.changes);
  }

  /** Changes final by definition (genesis, a restored block): both ledgers, the worker's copy, the roll history. */
  applyFinal(changes: BlockChange[], cycle: number): void {
    for (const change of changes) {
      this.finalLedger.apply(change);
      this.candidateLedger.apply(change);
    }
    this.producer.worker.reset();
    this.emit('candidate', changes);
    this.index.recordRolls(changes, cycle);
  }

  // ---------------------------------------------------------------- snapshots (snapshots/Snapshots.ts)

  /** The clock goes back to `timestamp` (a revert only) and runs on from there. */
  rewindClockTo(timestamp: number): void {
    this.#clock.rewindTo(timestamp);
  }

  // ---------------------------------------------------------------- lifecycle

  async stop(): Promise<void> {
    this.#stopped = true;
    this.mempool.stopWatching();
    this.miner.halt();
    // A block executing now is not produced: its worker ends at once, not after the execution.
    const workerStopped = this.producer.worker.stop();
    await this.miner.idle();
    await this.mempool.close();
    await workerStopped;
  }

  start(): void {
    this.#stopped = false;
    this.producer.worker.warm();
    // A node running contracts on workers is long-lived (`mason node`): a burst's first call then finds its checks' workers up.
    if (!this.producer.worker.inline) this.mempool.warm();
    this.miner.schedule();
  }
}
