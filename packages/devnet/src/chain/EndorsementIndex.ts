import { appendTo } from './appendTo.js';
import type { Endorsement } from './block.js';

export interface IndexedEndorsement {
  endorsement: Endorsement;
  blockId: string;
}

/**
 * The endorsements of the node's blocks, by id and by creator. Indexed on the first lookup after
 * they were added: an endorsement's id is computed when read (createEndorsement), and a node
 * producing blocks in a burst is asked for none of them.
 */
export class EndorsementIndex {
  readonly #byId = new Map<string, IndexedEndorsement>();
  readonly #byCreator = new Map<string, string[]>();
  #pending: IndexedEndorsement[] = [];

  add(endorsement: Endorsement, blockId: string): void {
    this.#pending.push({ endorsement, blockId });
  }

  /** The endorsements of a block that leaves the chain (a revert; the latest blocks go first). */
  removeBlock(blockId: string, endorsements: readonly Endorsement[]): void {
    this.#pending = this.#pending.filter((entry) => entry.blockId !== blockId);
    for (const endorsement of endorsements) {
      const { id, creatorAddress } = endorsement;
      if (this.#byId.get(id)?.blockId !== blockId) continue;
      this.#byId.delete(id);
      const ids = this.#byCreator.get(creatorAddress);
      const at = ids?.lastIndexOf(id) ?? -1;
      if (ids && at >= 0) ids.splice(at, 1);
    }
  }

  get(id: string): IndexedEndorsement | undefined {
    this.#index();
    return this.#byId.get(id);
  }

  /** Ids of the endorsements `address` created, in the order their blocks were added. */
  createdBy(address: string): readonly string[] {
    this.#index();
    return this.#byCreator.get(address) ?? [];
  }

  #index(): void {
    for (const entry of this.#pending) {
      const { id, creatorAddress } = entry.endorsement;
      this.#byId.set(id, entry);
      appendTo(this.#byCreator, creatorAddress, id);
    }
    this.#pending = [];
  }
}
