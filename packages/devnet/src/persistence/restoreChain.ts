import type { DevnetNode } from '../devnetNode.js';
import type { ChainStore } from './chainStore.js';
import { corruptAt } from './dataDirError.js';

/** Replays the verified journal into a new node; a record that cannot be restored names its line. */
export function restoreChain(node: DevnetNode, store: ChainStore): void {
  for (const { line, entry, state } of store.load()) {
    try {
      if (state) node.restoreStateChanges(state);
      else node.restoreFinalized(entry);
    } catch (error) {
      throw corruptAt(store.journalPath, line, `its record cannot be restored (${(error as Error).message})`);
    }
  }
}
