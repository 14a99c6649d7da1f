import type { Slot } from '@mason/codec';
import type { Block } from '../chain/block.js';
import type { GraphMark } from '../chain/blockGraph.js';
import type { FinalizerMark } from '../chain/Finalizer.js';
import type { OperationRecord } from '../chain/operationRecord.js';
import type { EventMark } from '../events/eventStore.js';
import type { BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import type { PooledOperation } from '../pool/operationPool.js';
import type { SnapshotHost } from './SnapshotHost.js';

type RecordFields = Pick<OperationRecord, 'inPool' | 'inBlocks' | 'speculativeSuccess' | 'finalSuccess' | 'gasUsed' | 'failure'>;

/**
 * One live snapshot: positions in the undo logs, and copies of what is small by nature (the
 * pool, the blocks not final yet, the best parents), never of the ledger or the chain's history.
 */
interface SnapshotMark {
  id: string;
  finalUndo: number;
  candidateUndo: number;
  rollLog: number;
  traceLog: number;
  blocks: number;
  operationHistory: number;
  graph: GraphMark;
  events: EventMark;
  finalizer: FinalizerMark;
  pool: PooledOperation[];
  unaffordable: string[];
  records: Array<[OperationRecord, RecordFields]>;
  lastProducedSlot: Slot;
  failedSlot: Slot | null;
  now: number;
  impersonated: string[];
}

/**
 * Devnet-wide snapshots (anvil's evm_snapshot / evm_revert). While at least one is live, every
 * write to the ledgers records the change that undoes it, and every block added is listed; a
 * revert applies those undo changes backwards and removes those blocks, so it costs what changed
 * since the snapshot, not the state's size. With no snapshot live nothing is recorded.
 * Reverting to a snapshot removes it and every later one. Both run between two productions.
 */
export class Snapshots {
  readonly #marks: SnapshotMark[] = [];
  /** Blocks added while a snapshot is live, in order. */
  readonly #blocks: Block[] = [];
  #next = 1;
  readonly #onBlock = (block: Block) => void this.#blocks.push(block);

  constructor(private readonly node: SnapshotHost) {}

  /** Takes a snapshot of the chain as it is now (between two productions); resolves to its id. */
  take(): Promise<string> {
    return this.node.miner.between(() => {
      if (this.#marks.length === 0) this.#record(true);
      const mark = this.#mark(`0x${(this.#next++).toString(16)}`);
      this.#marks.push(mark);
      return mark.id;
    });
  }

  /**
   * Brings the whole chain back to snapshot `id`; false (and nothing changes) when no live
   * snapshot has that id: unknown, or removed by a revert.
   */
  revert(id: string): Promise<boolean> {
    const { miner } = this.node;
    return miner
      .between(() => {
        const at = this.#marks.findIndex((mark) => mark.id === id);
        if (at < 0) return false;
        this.#revert(this.#marks[at]!);
        this.#marks.length = at;
        if (at === 0) this.#record(false);
        return true;
      })
      .finally(() => {
        // What the miner waited for may be gone, or due again: it plans from the reverted chain.
        miner.halt();
        miner.schedule();
      });
  }

  #record(on: boolean): void {
    const { finalLedger, candidateLedger, index } = this.node;
    finalLedger.undoLog = on ? [] : null;
    candidateLedger.undoLog = on ? [] : null;
    index.rollLog = on ? [] : null;
    if (this.node.producer.traces) this.node.producer.traces.log = on ? [] : null;
    this.#blocks.length = 0;
    if (on) this.node.on('block', this.#onBlock);
    else this.node.off('block', this.#onBlock);
  }

  #mark(id: string): SnapshotMark {
    const { node } = this;
    const { graph, index, mempool, producer } = node;
    const graphMark = graph.mark();
    const pool = mempool.pool.all();
    const live = new Set(pool.map((op) => op.signed.id));
    for (const blockId of graphMark.pending) for (const op of graph.get(blockId)!.block.operations) live.add(op);
    const records: SnapshotMark['records'] = [];
    for (const opId of live) {
      const record = index.operations.get(opId);
      if (record) records.push([record, fieldsOf(record)]);
    }
    return {
      id,
      finalUndo: node.finalLedger.undoLog!.length,
      candidateUndo: node.candidateLedger.undoLog!.length,
      rollLog: index.rollLog!.length,
      traceLog: producer.traces?.log?.length ?? 0,
      blocks: this.#blocks.length,
      operationHistory: index.operationHistory.length,
      graph: graphMark,
      events: index.events.mark(),
      finalizer: node.finalizer.mark(),
      pool,
      unaffordable: pool.filter((op) => mempool.pool.isUnaffordable(op.signed.id)).map((op) => op.signed.id),
      records,
      lastProducedSlot: producer.lastProducedSlot,
      failedSlot: producer.failedSlot,
      now: node.now(),
      impersonated: node.impersonation.addresses,
    };
  }

  #revert(mark: SnapshotMark): void {
    const { node } = this;
    const { graph, index, mempool, producer, finalizer } = node;
    // Durable first: the journal loses what became final since, or nothing changes.
    finalizer.cutJournalBack(mark.finalizer);
    undo(node.finalLedger, mark.finalUndo);
    const candidate = undo(node.candidateLedger, mark.candidateUndo);
    index.revertRolls(mark.rollLog);

    const removed = this.#blocks.splice(mark.blocks);
    const included: string[] = [];
    for (const block of [...removed].reverse()) {
      index.blockRemoved(block);
      included.push(...block.operations);
    }
    graph.revert(mark.graph, removed);
    const arrived = index.forgetSince(mark.operationHistory).map((record) => record.signed.id);
    for (const [record, fields] of mark.records) {
      restoreFields(record, fields);
      index.operations.set(record.signed.id, record);
    }
    index.events.revert(mark.events);
    finalizer.revert(mark.finalizer);
    mempool.restore(mark.pool, mark.unaffordable, [...included, ...arrived]);
    producer.revertTo(mark.lastProducedSlot, mark.failedSlot);
    const traces = producer.traces;
    for (const traceId of traces?.log?.splice(mark.traceLog) ?? []) traces!.delete(traceId);

    const impersonated = new Set(mark.impersonated);
    for (const address of node.impersonation.addresses) if (!impersonated.has(address)) node.impersonation.set(address, false);
    for (const address of impersonated) node.impersonation.set(address, true);
    node.rewindClockTo(mark.now);
    // The execution and read-only workers' copies of the candidate ledger take the same undo changes.
    producer.worker.post(candidate);
    node.candidateChanged(candidate);
    node.stateWrites++;
  }
}

/** Applies, latest first, the undo changes recorded after `mark`, and forgets them; returns them in the order applied. */
function undo(ledger: DevnetLedger, mark: number): BlockChange[] {
  const log = ledger.undoLog!;
  const changes = log.splice(mark).reverse();
  ledger.undoLog = null;
  try {
    for (const change of changes) ledger.apply(change);
  } finally {
    ledger.undoLog = log;
  }
  return changes;
}

function fieldsOf(record: OperationRecord): RecordFields {
  const { inPool, inBlocks, speculativeSuccess, finalSuccess, gasUsed, failure } = record;
  return { inPool, inBlocks: [...inBlocks], speculativeSuccess, finalSuccess, gasUsed, failure };
}

function restoreFields(record: OperationRecord, fields: RecordFields): void {
  record.inPool = fields.inPool;
  record.inBlocks = [...fields.inBlocks];
  record.speculativeSuccess = fields.speculativeSuccess;
  record.finalSuccess = fields.finalSuccess;
  if (fields.gasUsed === undefined) delete record.gasUsed;
  else record.gasUsed = fields.gasUsed;
  if (fields.failure === undefined) delete record.failure;
  else record.failure = fields.failure;
}
