import type { Block as BlockJson, SecuredHeader, SecureShareBlock, SecureShareEndorsement, Slot } from '@mason/codec';

export interface Endorsement {
  id: string;
  slot: Slot;
  index: number;
  endorsedBlock: string;
  signature: string;
  creatorPublicKey: string;
  creatorAddress: string;
}

export interface Block {
  id: string;
  slot: Slot;
  parents: string[];
  operationMerkleRoot: string;
  endorsements: Endorsement[];
  operations: string[];
  signature: string;
  creatorPublicKey: string;
  creatorAddress: string;
  /** Serialized size in bytes (header + operations), checked against max_block_size. */
  size: number;
}

/** Block fitness as the node computes it: 1 + number of endorsements. */
export const blockFitness = (block: Block): number => 1 + block.endorsements.length;

export function endorsementToJson(e: Endorsement): SecureShareEndorsement {
  return {
    content: { slot: e.slot, index: e.index, endorsed_block: e.endorsedBlock },
    signature: e.signature,
    content_creator_pub_key: e.creatorPublicKey,
    content_creator_address: e.creatorAddress,
    id: e.id,
  };
}

/** SecuredHeader: what new_blocks_headers sends and what `header` holds in a block. */
export function headerToJson(block: Block): SecuredHeader {
  return {
    content: {
      current_version: 0,
      announced_version: null,
      slot: block.slot,
      parents: block.parents,
      operation_merkle_root: block.operationMerkleRoot,
      endorsements: block.endorsements.map(endorsementToJson),
      denunciations: [],
    },
    signature: block.signature,
    content_creator_pub_key: block.creatorPublicKey,
    content_creator_address: block.creatorAddress,
    id: block.id,
  };
}

/** The node's Block JSON (get_blockclique_block_by_slot, get_blocks[].content.block). */
export function blockToJson(block: Block): BlockJson {
  return { header: headerToJson(block), operations: block.operations };
}

/** SecureShareBlock: the new_blocks subscription payload. */
export function secureShareBlockToJson(block: Block): SecureShareBlock {
  return {
    content: { header: headerToJson(block), operations: block.operations },
    signature: block.signature,
    content_creator_pub_key: block.creatorPublicKey,
    content_creator_address: block.creatorAddress,
    id: block.id,
  };
}
