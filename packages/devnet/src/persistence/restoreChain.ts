import { slotTimestamp } from '@mason/codec';
import type { FinalizedBlock } from '../chain/Finalizer.js';
import type { DevnetNode } from '../devnetNode.js';
import type { ChainStore } from './chainStore.js';
import { corruptAt } from './dataDirError.js';

/** Replays the verified journal into a new node; a record that cannot be restored names its line. */
export function restoreChain(node: DevnetNode, store: ChainStore): void {
  for (const { line, entry, state } of store.load()) {
    try {
      if (state) node.restoreStateChanges(state);
      else restoreFinalized(node, entry);
    } catch (error) {
      throw corruptAt(store.journalPath, line, `its record cannot be restored (${(error as Error).message})`);
    }
  }
}

/** A finalized block read back from disk: its state, events and operation statuses, without executing it again. */
function restoreFinalized(node: DevnetNode, entry: FinalizedBlock): void {
  const { config, graph, index, mempool, finalizer } = node;
  node.applyFinal(entry.changes, Math.floor(entry.block.slot.period / config.periodsPerCycle));
  graph.restoreFinal(entry.block);
  node.producer.restoredAt(entry.block.slot);
  // The clock never goes back before a block it produced (one made ahead of time in instant mode).
  node.advanceClockTo(slotTimestamp(entry.block.slot, node.timing()));
  index.events.addFinal(entry.events);
  const results = new Map(entry.operationResults);
  for (const input of entry.operations) {
    const signed = node.impersonation.verifyRestored(input, config.chainId);
    const success = results.get(signed.id);
    index.restored(signed, signed.creator.thread(config.threadCount), entry.block.id, success);
    if (success !== undefined) {
      mempool.restoredExecuted(signed.id, signed.content.expirePeriod);
      finalizer.countRestoredExecution();
    }
  }
  index.blockAdded(entry.block, entry.block.endorsements);
}
