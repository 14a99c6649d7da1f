import {
  blake3,
  concatBytes,
  decodeBlockId,
  encodeBase58check,
  encodeBlockId,
  encodeEndorsementId,
  encodeVarint,
  type SecretKey,
  type Slot,
} from '@mason/codec';
import type { Block, Endorsement } from './block.js';

const slotBytes = (slot: Slot): Uint8Array => concatBytes(encodeVarint(slot.period), Uint8Array.of(slot.thread));

/**
 * Gives `value` properties computed on first read (then kept). A block and its 16 endorsements
 * cost 17 signatures, which only a reader needs (a view, a subscriber, the journal), and an
 * endorsement's id is only needed when one is looked up or shown: in a burst of small blocks,
 * hashing and encoding 16 ids per block (~6 µs each) showed as ~7 % of the main thread's profile.
 * Ed25519 signing is deterministic and ids are hashes, so what is read is what computing it at
 * once would have given.
 */
function computedWhenRead<T>(value: Partial<T>, computed: { [K in keyof T]?: () => T[K] }): T {
  for (const [key, compute] of Object.entries(computed) as Array<[string, () => unknown]>) {
    let known: { value: unknown } | undefined;
    Object.defineProperty(value, key, { enumerable: true, get: () => (known ??= { value: compute() }).value });
  }
  return value as T;
}

export function createEndorsement(staker: SecretKey, slot: Slot, index: number, endorsedBlock: string): Endorsement {
  const publicKey = staker.publicKey;
  let contentHash: Uint8Array | undefined;
  const hash = () => (contentHash ??= blake3(concatBytes(publicKey.bytes, slotBytes(slot), encodeVarint(index), decodeBlockId(endorsedBlock))));
  return computedWhenRead<Endorsement>(
    { slot, index, endorsedBlock, creatorPublicKey: publicKey.toString(), creatorAddress: publicKey.address().toString() },
    {
      id: () => encodeEndorsementId(hash()),
      signature: () => staker.signHash(blake3(concatBytes(publicKey.bytes, slotBytes(slot), encodeVarint(index), hash()))).toString(),
    },
  );
}

export interface BlockDraft {
  slot: Slot;
  parents: string[];
  endorsements: Endorsement[];
  operations: Array<{ id: string; hash: Uint8Array; size: number }>;
}

/**
 * Builds and signs a block. The header layout follows massa-models (version, slot, parents,
 * operation merkle root, endorsements); the id is blake3(creator public key ‖ header content).
 */
export function createBlock(creator: SecretKey, draft: BlockDraft): Block {
  const publicKey = creator.publicKey;
  const operationMerkleRoot = blake3(concatBytes(...draft.operations.map((op) => concatBytes(Uint8Array.of(0), op.hash))));
  const header = concatBytes(
    encodeVarint(0),
    Uint8Array.of(0),
    slotBytes(draft.slot),
    draft.parents.length === 0 ? Uint8Array.of(0) : concatBytes(Uint8Array.of(1), ...draft.parents.map(decodeBlockId)),
    operationMerkleRoot,
    encodeVarint(draft.endorsements.length),
    ...draft.endorsements.map((e) => concatBytes(encodeVarint(e.index), new Uint8Array(64))),
    encodeVarint(0),
  );
  const hash = blake3(concatBytes(publicKey.bytes, header));
  const operationsSize = draft.operations.reduce((sum, op) => sum + op.size, 0);
  return computedWhenRead<Block>(
    {
      id: encodeBlockId(hash),
      slot: draft.slot,
      parents: draft.parents,
      operationMerkleRoot: encodeBase58check(operationMerkleRoot),
      endorsements: draft.endorsements,
      operations: draft.operations.map((op) => op.id),
      creatorPublicKey: publicKey.toString(),
      creatorAddress: publicKey.address().toString(),
      size: header.length + 65 + 33 + operationsSize,
    },
    { signature: () => creator.signHash(blake3(concatBytes(publicKey.bytes, slotBytes(draft.slot), hash))).toString() },
  );
}
