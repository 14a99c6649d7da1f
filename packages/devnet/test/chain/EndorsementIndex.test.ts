import { describe, expect, it } from 'vitest';
import type { Endorsement } from '../../src/chain/block.js';
import { EndorsementIndex } from '../../src/chain/EndorsementIndex.js';

/** An endorsement whose id counts its reads, as createEndorsement's is computed when read. */
function endorsement(id: string, creatorAddress: string, reads: { count: number }): Endorsement {
  return Object.defineProperty({ slot: { period: 1, thread: 0 }, index: 0, endorsedBlock: 'B', signature: 'S', creatorPublicKey: 'P', creatorAddress }, 'id', {
    enumerable: true,
    get: () => {
      reads.count++;
      return id;
    },
  }) as Endorsement;
}

describe('EndorsementIndex', () => {
  it('reads no id until a lookup, then finds endorsements by id and by creator in order', () => {
    const reads = { count: 0 };
    const index = new EndorsementIndex();
    index.add(endorsement('e1', 'AU1', reads), 'b1');
    index.add(endorsement('e2', 'AU2', reads), 'b1');
    index.add(endorsement('e3', 'AU1', reads), 'b2');
    expect(reads.count).toBe(0);
    expect(index.get('e3')?.blockId).toBe('b2');
    expect(index.createdBy('AU1')).toEqual(['e1', 'e3']);
    expect(index.createdBy('AU3')).toEqual([]);
    expect(index.get('unknown')).toBeUndefined();
    index.add(endorsement('e4', 'AU1', reads), 'b3');
    expect(index.createdBy('AU1')).toEqual(['e1', 'e3', 'e4']);
  });
});
