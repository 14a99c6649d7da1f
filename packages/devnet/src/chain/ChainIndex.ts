import type { SignedOperation } from '@mason/codec';
import { EventStore } from '../events/eventStore.js';
import type { BlockChange } from '../ledger/devnetLedger.js';
import { appendTo } from './appendTo.js';
import type { Block, Endorsement } from './block.js';
import { EndorsementIndex } from './EndorsementIndex.js';
import { OperationHistory } from './OperationHistory.js';
import type { OperationRecord } from './operationRecord.js';

/**
 * What the chain remembers for its API: operations and their statuses, what each address
 * created, endorsements, roll history and events. The node's units write it (admission, block
 * production, finality, restore); views and RPC methods only read it.
 */
export class ChainIndex {
  readonly operations = new Map<string, OperationRecord>();
  /** Every operation id in arrival order, for `mason_list_operations`. */
  readonly operationHistory = new OperationHistory();
  readonly endorsements = new EndorsementIndex();
  /** Ids created by each address, in order (appended in place: O(1) per block or operation). */
  readonly createdBlocks = new Map<string, string[]>();
  readonly createdOperations = new Map<string, string[]>();
  readonly events = new EventStore();
  /** Roll counts by address as they changed, with the cycle of the change (initial rolls: cycle -1). */
  readonly #rollHistory = new Map<string, Array<{ cycle: number; rolls: number }>>();
  /** While a snapshot is live: the address of each roll-history entry added, in order (see revertRolls). */
  rollLog: string[] | null = null;

  /** An operation enters the pool: its record (the same one if it was known), in the history. */
  admitted(signed: SignedOperation, thread: number): OperationRecord {
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
    appendTo(this.createdOperations, signed.creator.toString(), signed.id);
    return record;
  }

  /** A final operation read back from disk. */
  restored(signed: SignedOperation, thread: number, blockId: string, success: boolean | undefined): void {
    this.operations.set(signed.id, {
      signed,
      thread,
      inPool: false,
      inBlocks: [blockId],
      speculativeSuccess: success ?? null,
      finalSuccess: success ?? null,
    });
    this.operationHistory.append(signed.id);
    appendTo(this.createdOperations, signed.creator.toString(), signed.id);
  }

  /** A node forgets an operation its pool dropped without including it: get_operations omits it. */
  forget(id: string): void {
    const record = this.operations.get(id);
    if (record && record.inBlocks.length === 0) this.operations.delete(id);
  }

  /** A block joined the chain: its endorsements and its creator's list. */
  blockAdded(block: Block, endorsements: readonly Endorsement[]): void {
    for (const e of endorsements) this.endorsements.add(e, block.id);
    appendTo(this.createdBlocks, block.creatorAddress, block.id);
  }

  recordRolls(changes: readonly BlockChange[], cycle: number): void {
    for (const change of changes) {
      if (change.kind !== 'rolls') continue;
      const history = this.#rollHistory.get(change.address) ?? [];
      history.push({ cycle, rolls: change.value });
      this.#rollHistory.set(change.address, history);
      this.rollLog?.push(change.address);
    }
  }

  /** A revert to a snapshot: the roll-history entries added after the first `length` of rollLog go. */
  revertRolls(length: number): void {
    const log = this.rollLog;
    if (!log) return;
    for (const address of log.splice(length).reverse()) {
      const history = this.#rollHistory.get(address)!;
      history.pop();
      if (history.length === 0) this.#rollHistory.delete(address);
    }
  }

  /** A revert to a snapshot: a block that leaves the chain (the latest first). */
  blockRemoved(block: Block): void {
    this.endorsements.removeBlock(block.id, block.endorsements);
    removeLast(this.createdBlocks, block.creatorAddress, block.id);
  }

  /** A revert to a snapshot: the operations that arrived after the first `historyLength` are forgotten; returns them. */
  forgetSince(historyLength: number): OperationRecord[] {
    const removed: OperationRecord[] = [];
    for (const id of this.operationHistory.truncate(historyLength).reverse()) {
      const record = this.operations.get(id);
      if (!record) continue;
      this.operations.delete(id);
      removeLast(this.createdOperations, record.signed.creator.toString(), id);
      removed.push(record);
    }
    return removed;
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
}

function removeLast(lists: Map<string, string[]>, key: string, id: string): void {
  const list = lists.get(key);
  const at = list?.lastIndexOf(id) ?? -1;
  if (!list || at < 0) return;
  list.splice(at, 1);
  if (list.length === 0) lists.delete(key);
}
