import { blake3, concatBytes, type Slot } from '@mason/codec';
import { Xoshiro256PlusPlus } from './execution/Xoshiro256PlusPlus.js';

export interface SlotContextInit {
  slot: Slot;
  /** Slot timestamp in ms (what `Date.now`/`get_time` return). */
  timestamp: number;
  /** Block being executed, or null (read-only executions, slots without block). */
  blockId?: string | null;
  /** 32-byte execution trail hash; seeds the unsafe RNG and SC address generation. */
  executionTrailHash?: Uint8Array;
  readOnly?: boolean;
}

const encoder = new TextEncoder();

function slotBytes(slot: Slot): Uint8Array {
  const bytes = new Uint8Array(9);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(slot.period));
  bytes[8] = slot.thread;
  return bytes;
}

/**
 * What the operations of one slot share: event index, created-address index and the unsafe RNG.
 * The devnet keeps one per executed slot; tests can let the VM create one per call. The trail hash
 * and the RNG are derived on first use (two blake3 hashes most calls never need).
 */
export class SlotContext {
  readonly slot: Slot;
  readonly timestamp: number;
  readonly blockId: string | null;
  readonly readOnly: boolean;
  eventIndex = 0;
  createdAddressIndex = 0n;
  createdMessageIndex = 0n;
  private trailHash: Uint8Array | undefined;
  private generator: Xoshiro256PlusPlus | undefined;

  constructor(init: SlotContextInit) {
    this.slot = { period: init.slot.period, thread: init.slot.thread };
    this.timestamp = init.timestamp;
    this.blockId = init.blockId ?? null;
    this.readOnly = init.readOnly ?? false;
    this.trailHash = init.executionTrailHash;
  }

  get executionTrailHash(): Uint8Array {
    this.trailHash ??= blake3(concatBytes(encoder.encode('MASON_TRAIL'), slotBytes(this.slot)));
    return this.trailHash;
  }

  get rng(): Xoshiro256PlusPlus {
    this.generator ??= new Xoshiro256PlusPlus(blake3(concatBytes(encoder.encode('PRNG_SEED'), this.executionTrailHash)));
    return this.generator;
  }

  snapshot(): SlotSnapshot {
    return {
      eventIndex: this.eventIndex,
      createdAddressIndex: this.createdAddressIndex,
      createdMessageIndex: this.createdMessageIndex,
      rng: this.generator?.state(),
    };
  }

  restore(snapshot: SlotSnapshot): void {
    this.eventIndex = snapshot.eventIndex;
    this.createdAddressIndex = snapshot.createdAddressIndex;
    this.createdMessageIndex = snapshot.createdMessageIndex;
    if (snapshot.rng === undefined) this.generator = undefined;
    else this.rng.restore(snapshot.rng);
  }
}

export interface SlotSnapshot {
  eventIndex: number;
  createdAddressIndex: bigint;
  createdMessageIndex: bigint;
  /** Undefined while nothing has been drawn: the RNG is still at its seed. */
  rng: [bigint, bigint, bigint, bigint] | undefined;
}
