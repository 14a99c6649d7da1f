import type { Slot } from '@mason/codec';
import {
  LedgerJournal,
  MemoryDeferredCalls,
  MemoryLedger,
  type MemoryLedgerEntryInit,
  type DeferredCall,
  type DeferredCallState,
  type DeferredCallWrite,
  type LedgerWrite,
} from '@mason/vm';
import { AsyncPoolState, type PooledAsyncMessage } from '../asyncPool/asyncPoolState.js';

/** The devnet's own changes, beside the VM's ledger-entry writes. */
export type ChainStateChange =
  | { kind: 'rolls'; address: string; value: number }
  | { kind: 'deferred'; address: string; period: number; thread: number; value: bigint }
  /** An asynchronous message added, replaced (activated by its trigger) or removed (null). */
  | { kind: 'asyncMessage'; id: string; value: PooledAsyncMessage | null }
  /** The deferred-call registry: a call, a slot's booked gas or base fee, the total booked gas. */
  | DeferredCallWrite
  /** A ledger entry goes, with all it holds: only a revert to a snapshot taken before the entry existed writes this. */
  | { kind: 'removeEntry'; address: string };

/**
 * One write of a block, absolute (the value after the write), so a block's writes can be replayed
 * on the final state, persisted, and never applied twice with a different result.
 */
export type BlockChange = LedgerWrite | ChainStateChange;

/**
 * The devnet's ledger (final or candidate): the VM's ledger entries, plus the rolls, deferred
 * credits and asynchronous pool of every address. The candidate ledger journals its writes: the
 * journal rolls back a failed operation and gives each block its change set.
 */
export class DevnetLedger extends MemoryLedger<ChainStateChange> implements DeferredCallState {
  readonly rolls = new Map<string, number>();
  /** address → slot key "period:thread" → amount */
  readonly deferredCredits = new Map<string, Map<string, bigint>>();
  readonly asyncPool = new AsyncPoolState();
  readonly deferredCalls = new MemoryDeferredCalls();
  /**
   * While a snapshot is live (snapshots/), the change that undoes each applied change, in order;
   * null otherwise, so that applying costs nothing more.
   */
  undoLog: BlockChange[] | null = null;

  constructor(journal: LedgerJournal<BlockChange> | null = null) {
    super(undefined, { journal });
  }

  /** The balance, 0 for an address without a ledger entry. */
  balance(address: string): bigint {
    return this.getBalance(address) ?? 0n;
  }

  rollCount(address: string): number {
    this.hasEntry(address); // fork mode: the remote's rolls come with its entry
    return this.rolls.get(address) ?? 0;
  }

  /** Fork mode: an entry read from the remote brings its rolls. */
  protected override loaded(address: string, init: MemoryLedgerEntryInit & { rolls?: number }): void {
    if (init.rolls && !this.rolls.has(address)) this.rolls.set(address, init.rolls);
  }

  deferredCredit(address: string, period: number, thread: number): bigint {
    return this.deferredCredits.get(address)?.get(`${period}:${thread}`) ?? 0n;
  }

  // The VM's deferred-call registry: reads from `deferredCalls`, writes journaled like the ledger's.
  getDeferredCall(id: string): DeferredCall | undefined {
    return this.deferredCalls.getDeferredCall(id);
  }
  deferredCallIds(slot: Slot): string[] {
    return this.deferredCalls.deferredCallIds(slot);
  }
  deferredSlotGas(slot: Slot): bigint {
    return this.deferredCalls.deferredSlotGas(slot);
  }
  deferredSlotBaseFee(slot: Slot): bigint {
    return this.deferredCalls.deferredSlotBaseFee(slot);
  }
  deferredTotalGas(): bigint {
    return this.deferredCalls.deferredTotalGas();
  }
  applyDeferredCallWrites(writes: readonly DeferredCallWrite[]): void {
    for (const write of writes) this.write(write);
  }

  override apply(change: BlockChange): void {
    if (this.undoLog !== null) {
      const undo = this.inverseOf(change);
      if (undo) this.undoLog.push(undo);
    }
    switch (change.kind) {
      case 'removeEntry':
        this.deleteEntry(change.address);
        return;
      case 'rolls':
        this.hasEntry(change.address); // fork mode: read the remote entry first, so its rolls do not override this write
        if (change.value === 0) this.rolls.delete(change.address);
        else this.rolls.set(change.address, change.value);
        return;
      case 'deferred': {
        const slotKey = `${change.period}:${change.thread}`;
        const credits = this.deferredCredits.get(change.address) ?? new Map<string, bigint>();
        if (change.value === 0n) credits.delete(slotKey);
        else credits.set(slotKey, change.value);
        if (credits.size === 0) this.deferredCredits.delete(change.address);
        else this.deferredCredits.set(change.address, credits);
        return;
      }
      case 'asyncMessage':
        this.asyncPool.set(change.id, change.value);
        return;
      case 'deferredCall':
      case 'deferredSlotGas':
      case 'deferredBaseFee':
      case 'deferredTotalGas':
        this.deferredCalls.apply(change);
        return;
      default:
        super.apply(change);
    }
  }

  protected override undoOf(change: BlockChange): () => void {
    switch (change.kind) {
      case 'rolls': {
        const value = this.rollCount(change.address);
        return () => this.apply({ ...change, value });
      }
      case 'deferred': {
        const value = this.deferredCredit(change.address, change.period, change.thread);
        return () => this.apply({ ...change, value });
      }
      case 'asyncMessage': {
        const value = this.asyncPool.get(change.id) ?? null;
        return () => this.apply({ ...change, value });
      }
      case 'deferredCall':
      case 'deferredSlotGas':
      case 'deferredBaseFee':
      case 'deferredTotalGas': {
        const previous = this.deferredCalls.previousOf(change);
        return () => this.apply(previous);
      }
      case 'removeEntry':
        throw new Error('removeEntry is written by a revert only, never journaled');
      default:
        return super.undoOf(change);
    }
  }

  /**
   * The change that brings this ledger back to what it holds now, once `change` is applied: the
   * previous value of what `change` writes, or the removal of the entry it creates (null when
   * applying it changes nothing).
   * A snapshot's undo log is made of these, so a revert is a list of ordinary changes the execution
   * and read-only workers' copies take too.
   */
  inverseOf(change: BlockChange): BlockChange | null {
    switch (change.kind) {
      case 'create':
        return this.hasEntry(change.address) ? null : removeEntry(change.address);
      // A write to an address without an entry creates it.
      case 'balance':
        return this.hasEntry(change.address) ? { ...change, value: this.balance(change.address) } : removeEntry(change.address);
      case 'bytecode':
        return this.hasEntry(change.address) ? { ...change, value: this.getBytecode(change.address) ?? null } : removeEntry(change.address);
      case 'data':
        return this.hasEntry(change.address) ? { ...change, value: this.getDataEntry(change.address, change.key) ?? null } : removeEntry(change.address);
      case 'rolls':
        return { ...change, value: this.rollCount(change.address) };
      case 'deferred':
        return { ...change, value: this.deferredCredit(change.address, change.period, change.thread) };
      case 'asyncMessage':
        return { ...change, value: this.asyncPool.get(change.id) ?? null };
      case 'deferredCall':
      case 'deferredSlotGas':
      case 'deferredBaseFee':
      case 'deferredTotalGas':
        return this.deferredCalls.previousOf(change);
      case 'removeEntry':
        return null;
    }
  }
}

const removeEntry = (address: string): BlockChange => ({ kind: 'removeEntry', address });
