const MASK = (1n << 64n) - 1n;

function rotl(value: bigint, shift: bigint): bigint {
  return ((value << shift) | (value >> (64n - shift))) & MASK;
}

/** The node's unsafe RNG (rand_xoshiro's Xoshiro256PlusPlus), seeded from 32 bytes. */
export class Xoshiro256PlusPlus {
  private s: [bigint, bigint, bigint, bigint];

  constructor(seed: Uint8Array) {
    const view = new DataView(seed.buffer, seed.byteOffset, 32);
    this.s = [0, 8, 16, 24].map((offset) => view.getBigUint64(offset, true)) as [bigint, bigint, bigint, bigint];
  }

  nextU64(): bigint {
    const s = this.s;
    const result = (rotl((s[0] + s[3]) & MASK, 23n) + s[0]) & MASK;
    const t = (s[1] << 17n) & MASK;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45n);
    return result;
  }

  /** `Uniform::new_inclusive(i64::MIN, i64::MAX)`: the full range, i.e. the next u64 as i64. */
  nextI64(): bigint {
    return BigInt.asIntN(64, this.nextU64());
  }

  /** `Uniform::new(0f64, 1f64)`: 52 random mantissa bits in [1, 2), minus 1. */
  nextF64(): number {
    const bits = (this.nextU64() >> 12n) | 0x3ff0000000000000n;
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, bits);
    return view.getFloat64(0) - 1;
  }

  state(): [bigint, bigint, bigint, bigint] {
    return [...this.s];
  }

  restore(state: [bigint, bigint, bigint, bigint]): void {
    this.s = [...state];
  }
}
