import { blake3, concatBytes, decodeBlockId, encodeEndorsementId, encodeVarint, MAS, PublicKey, Signature, type Slot } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { call, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// Blocks and endorsements are signed when first read (not while the block is produced): what a
// reader gets must be a real signature of the creator over the node's preimage.

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet({ instant: true });
});
afterAll(() => devnet?.stop());

const slotBytes = (slot: Slot) => concatBytes(encodeVarint(slot.period), Uint8Array.of(slot.thread));
const verifies = (publicKey: string, hash: Uint8Array, signature: string) => PublicKey.fromString(publicKey).verifyHash(hash, Signature.fromString(signature));

describe('block and endorsement signatures', () => {
  it("are the creators' signatures of the block header hash and of each endorsement's content", async () => {
    const [alice, bob] = devnet.accounts;
    const info = await waitFinal(devnet, await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: bob!.address, amount: MAS }));
    const [{ content }] = await call(devnet.urls.public, 'get_blocks', [info.in_blocks]);
    const header = content.block.header;
    const slot = header.content.slot as Slot;
    const blockHash = blake3(concatBytes(PublicKey.fromString(header.content_creator_pub_key).bytes, slotBytes(slot), decodeBlockId(header.id)));
    expect(verifies(header.content_creator_pub_key, blockHash, header.signature)).toBe(true);
    // The check can fail: the same signature does not sign another slot.
    const otherSlot = blake3(
      concatBytes(PublicKey.fromString(header.content_creator_pub_key).bytes, slotBytes({ ...slot, period: slot.period + 1 }), decodeBlockId(header.id)),
    );
    expect(verifies(header.content_creator_pub_key, otherSlot, header.signature)).toBe(false);

    expect(header.content.endorsements).toHaveLength(16);
    for (const e of header.content.endorsements) {
      const key = PublicKey.fromString(e.content_creator_pub_key);
      const contentHash = blake3(concatBytes(key.bytes, slotBytes(e.content.slot), encodeVarint(e.content.index), decodeBlockId(e.content.endorsed_block)));
      const signed = blake3(concatBytes(key.bytes, slotBytes(e.content.slot), encodeVarint(e.content.index), contentHash));
      expect(verifies(e.content_creator_pub_key, signed, e.signature)).toBe(true);
      // Ids are computed when read too: the hash of the content, and get_endorsements finds them by it.
      expect(e.id).toBe(encodeEndorsementId(contentHash));
    }
    const ids = header.content.endorsements.map((e: { id: string }) => e.id);
    const found = await call(devnet.urls.public, 'get_endorsements', [ids]);
    expect(found.map((f: { id: string; in_blocks: string[] }) => [f.id, f.in_blocks])).toEqual(ids.map((id: string) => [id, [header.id]]));
    // Read again: the same signatures (made once, kept).
    const [again] = await call(devnet.urls.public, 'get_blocks', [info.in_blocks]);
    expect(again.content.block.header.signature).toBe(header.signature);
    expect(again.content.block.header.content.endorsements.map((e: { signature: string }) => e.signature)).toEqual(
      header.content.endorsements.map((e: { signature: string }) => e.signature),
    );
  });
});
