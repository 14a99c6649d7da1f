import type { SlotContext, SpeculativeLedger } from '@mason/vm';
import { TestingError } from './errors.js';
import type { TestHost } from './TestHost.js';

/** A point `revertState` comes back to: the ledger's undo-journal mark, the events, slot and call stack. */
interface StateSnapshot {
  ledgerMark: number;
  eventCount: number;
  /** The slot context (which slot, timestamp) and its counters (event and created-address indexes, RNG). */
  slot: SlotContext;
  slotState: ReturnType<SlotContext['snapshot']>;
  frames: TestHost['hosted']['frames'];
}

/** Snapshots of each host by id, in the order they were taken. */
const snapshotsOf = new WeakMap<TestHost, { next: number; taken: Map<number, StateSnapshot> }>();

function snapshots(host: TestHost) {
  let state = snapshotsOf.get(host);
  if (!state) {
    const created = { next: 1, taken: new Map<number, StateSnapshot>() };
    snapshotsOf.set(host, created);
    // A reset undoes more than any snapshot holds: they are forgotten.
    host.onReset(() => created.taken.clear());
    state = created;
  }
  return state;
}

/**
 * The state-control imports of `mason_testing` (assembly/state.ts): any address's storage and
 * bytecode, and snapshots. The ledger is journaled, so a revert costs what changed since the
 * snapshot, not the ledger's size.
 */
export function stateImports(host: TestHost): Record<string, (...args: any[]) => unknown> {
  const { hosted } = host;
  const ledger = () => hosted.state as SpeculativeLedger;
  const address = (pointer: number) => host.checkAddress(hosted.readString(pointer));
  const entryOf = (target: string) => {
    if (!ledger().hasEntry(target)) ledger().createEntry(target);
    return target;
  };
  return {
    set_storage_of: (target: number, key: number, value: number) =>
      ledger().setDataEntry(entryOf(address(target)), hosted.readBuffer(key), hosted.readBuffer(value)),
    delete_storage_of: (target: number, key: number) => {
      const at = address(target);
      if (ledger().hasEntry(at)) ledger().setDataEntry(at, hosted.readBuffer(key), null);
    },
    set_bytecode_of: (target: number, bytecode: number) => ledger().setBytecode(entryOf(address(target)), hosted.readBuffer(bytecode)),
    snapshot_state: () => {
      const state = snapshots(host);
      const id = state.next++;
      state.taken.set(id, {
        ledgerMark: ledger().checkpoint(),
        eventCount: hosted.events.length,
        slot: hosted.slot,
        slotState: hosted.slot.snapshot(),
        frames: hosted.frames,
      });
      return id;
    },
    revert_state: (id: number) => {
      const state = snapshots(host);
      const snapshot = state.taken.get(id >>> 0);
      if (!snapshot) {
        const known = [...state.taken.keys()];
        throw new TestingError('MASON_TESTING_SNAPSHOT_UNKNOWN', { id: id >>> 0, known: known.length > 0 ? known.join(', ') : 'none' });
      }
      ledger().rollback(snapshot.ledgerMark);
      (hosted.events as unknown[]).length = snapshot.eventCount;
      hosted.setSlot(snapshot.slot);
      snapshot.slot.restore(snapshot.slotState);
      hosted.setCallStack(snapshot.frames);
      // As anvil's evm_revert: this snapshot and every later one are used up.
      for (const taken of [...state.taken.keys()]) if (taken >= id >>> 0) state.taken.delete(taken);
    },
  };
}
