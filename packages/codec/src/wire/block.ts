import type { SecureShareEndorsement } from './endorsement.js';
import type { SecureShareOperation } from './operation.js';
import type { Slot } from '../slot.js';

export type Denunciation =
  | {
      Endorsement: {
        public_key: string;
        slot: Slot;
        index: number;
        hash_1: string;
        hash_2: string;
        signature_1: string;
        signature_2: string;
      };
    }
  | {
      BlockHeader: {
        public_key: string;
        slot: Slot;
        hash_1: string;
        hash_2: string;
        signature_1: string;
        signature_2: string;
      };
    };

export type BlockHeader = {
  current_version: number;
  announced_version: number | null;
  slot: Slot;
  /** One per thread; empty for genesis blocks. */
  parents: string[];
  operation_merkle_root: string;
  endorsements: SecureShareEndorsement[];
  denunciations: Denunciation[];
};

/** A signed block header (`SecuredHeader`); `id` is the block id. */
export type SecuredHeader = {
  content: BlockHeader;
  signature: string;
  content_creator_pub_key: string;
  content_creator_address: string;
  id: string;
};

/** `get_blockclique_block_by_slot` result and `get_blocks[].content.block` (reference §17.5). */
export type Block = { header: SecuredHeader; operations: string[] };

/** One element of the `get_blocks` result. */
export type BlockInfo = {
  id: string;
  content: {
    is_final: boolean;
    is_in_blockclique: boolean;
    is_candidate: boolean;
    is_discarded: boolean;
    block: Block;
  } | null;
};

/** `new_blocks` notification payload (`SecureShareBlock`). */
export type SecureShareBlock = {
  content: { header: SecuredHeader; operations: string[] };
  signature: string;
  content_creator_pub_key: string;
  content_creator_address: string;
  id: string;
};

/** `new_filled_blocks` notification payload: operations as `[id, operation | null]` pairs. */
export type FilledBlock = {
  header: SecuredHeader;
  operations: [string, SecureShareOperation | null][];
};

/** One element of the `get_cliques` result. */
export type Clique = { block_ids: string[]; fitness: number; is_blockclique: boolean };

/** One element of the `get_graph_interval` result; `creator` is an address (§18). */
export type GraphIntervalBlock = {
  id: string;
  is_final: boolean;
  is_stale: boolean;
  is_in_blockclique: boolean;
  slot: Slot;
  creator: string;
  parents: string[];
};

/** `get_graph_interval` parameter; bounds in ms since the epoch. */
export type TimeInterval = { start?: number; end?: number };

/** One element of `get_next_block_best_parents`: `[block id, period]`, one per thread. */
export type BlockParent = [string, number];
