import type { Slot } from '@mason/codec';
import type { DevnetNode } from '../devnetNode.js';
import type { BytesInput, StateControl } from './StateControl.js';
import { dumpState, type StateDump } from './stateDump.js';

/**
 * The devnet as a test instrument, in process (the private API's `mason_*` methods): each call
 * resolves once its change is final and visible to every API. A refused argument throws
 * MASON_DEVNET_STATE_ARGUMENT.
 */
export interface DevnetStateControl {
  /** MAS as a decimal string ("12.5") or nanoMAS as a bigint. */
  setBalance(address: string, amount: string | bigint): Promise<void>;
  setDatastoreEntry(address: string, key: BytesInput, value: BytesInput): Promise<void>;
  deleteDatastoreEntry(address: string, key: BytesInput): Promise<void>;
  /** Empty bytes remove the bytecode. */
  setBytecode(address: string, bytecode: BytesInput): Promise<void>;
  setRolls(address: string, rolls: number): Promise<void>;
  /** Operations created by this user address are accepted without a valid signature until stopImpersonating. */
  impersonate(address: string): Promise<void>;
  stopImpersonating(address: string): Promise<void>;
  /** The addresses impersonated now. */
  impersonated(): string[];
  /** Time passes (everything due on the way runs); each returns the new last slot. */
  advanceSlots(count: number): Promise<Slot>;
  advancePeriods(count: number): Promise<Slot>;
  advanceCycles(count: number): Promise<Slot>;
  advanceTo(timestamp: number): Promise<Slot>;
  /** The state as a versioned, checksummed document (what `mason_dump_state` answers and `--dump-state` writes). */
  dumpState(): StateDump;
  /**
   * Takes a snapshot of the whole chain (ledger, pool, asynchronous messages, deferred calls,
   * rolls, blocks, operations, events, clock); resolves to its id. Same as `mason_snapshot`.
   */
  snapshot(): Promise<string>;
  /**
   * Brings the chain back to snapshot `id` and removes it with every later snapshot; false
   * (nothing changes) when no live snapshot has that id. Same as `mason_revert`.
   */
  revert(id: string): Promise<boolean>;
}

export function devnetStateControl(node: DevnetNode, control: StateControl): DevnetStateControl {
  return {
    setBalance: (address, amount) => control.setBalance(address, amount),
    setDatastoreEntry: (address, key, value) => control.setDatastoreEntry(address, key, value),
    deleteDatastoreEntry: (address, key) => control.deleteDatastoreEntry(address, key),
    setBytecode: (address, bytecode) => control.setBytecode(address, bytecode),
    setRolls: (address, rolls) => control.setRolls(address, rolls),
    impersonate: (address) => control.impersonate(address),
    stopImpersonating: (address) => control.stopImpersonating(address),
    impersonated: () => control.impersonated,
    advanceSlots: (count) => node.advanceSlots(count),
    advancePeriods: (count) => control.advancePeriods(count),
    advanceCycles: (count) => control.advanceCycles(count),
    advanceTo: (timestamp) => control.advanceTo(timestamp),
    dumpState: () => dumpState(node),
    snapshot: () => control.snapshot(),
    revert: (id) => control.revert(id),
  };
}
