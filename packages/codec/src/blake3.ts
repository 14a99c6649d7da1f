// BLAKE3 (hash mode, 32-byte output) in plain JavaScript, written from the specification
// (https://github.com/BLAKE3-team/BLAKE3-specs). Ready at once: a WebAssembly build must be
// compiled first, which took ~8 ms of every process start (docs/performance.md). Short inputs,
// the usual ones (addresses, operation ids, block headers), hash about as fast as with hash-wasm.

const IV = Uint32Array.of(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19);
const BLOCK_LEN = 64;
const CHUNK_LEN = 1024;
const CHUNK_START = 1;
const CHUNK_END = 2;
const PARENT = 4;
const ROOT = 8;

/** Which message word each round reads at each position: the permutation applied round after round. */
const SCHEDULE: Uint8Array = (() => {
  const permutation = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];
  const schedule = new Uint8Array(7 * 16);
  let order = Array.from({ length: 16 }, (_, i) => i);
  for (let round = 0; round < 7; round++) {
    schedule.set(order, round * 16);
    order = permutation.map((i) => order[i]!);
  }
  return schedule;
})();

// The message of one compression: a hash runs synchronously, so one buffer serves every call.
const words = new Uint32Array(16);
const padded = new Uint8Array(BLOCK_LEN);

/**
 * Compresses the block in `words` with the chaining value `cv`, which it replaces by the first 8
 * output words. The state lives in locals (the quarter-round function `g` written out eight times
 * a round): ~2× faster than in an array.
 */
function compress(cv: Uint32Array, counter: number, blockLen: number, flags: number): void {
  const m = words;
  const k = SCHEDULE;
  let s0 = cv[0]! | 0;
  let s1 = cv[1]! | 0;
  let s2 = cv[2]! | 0;
  let s3 = cv[3]! | 0;
  let s4 = cv[4]! | 0;
  let s5 = cv[5]! | 0;
  let s6 = cv[6]! | 0;
  let s7 = cv[7]! | 0;
  let s8 = IV[0]! | 0;
  let s9 = IV[1]! | 0;
  let s10 = IV[2]! | 0;
  let s11 = IV[3]! | 0;
  let s12 = counter | 0;
  let s13 = Math.floor(counter / 0x100000000) | 0;
  let s14 = blockLen | 0;
  let s15 = flags | 0;
  for (let r = 0; r < 7 * 16; r += 16) {
    // g(0, 4, 8, 12)
    s0 = (s0 + s4 + m[k[r]!]!) | 0;
    s12 ^= s0;
    s12 = (s12 >>> 16) | (s12 << 16);
    s8 = (s8 + s12) | 0;
    s4 ^= s8;
    s4 = (s4 >>> 12) | (s4 << 20);
    s0 = (s0 + s4 + m[k[r + 1]!]!) | 0;
    s12 ^= s0;
    s12 = (s12 >>> 8) | (s12 << 24);
    s8 = (s8 + s12) | 0;
    s4 ^= s8;
    s4 = (s4 >>> 7) | (s4 << 25);
    // g(1, 5, 9, 13)
    s1 = (s1 + s5 + m[k[r + 2]!]!) | 0;
    s13 ^= s1;
    s13 = (s13 >>> 16) | (s13 << 16);
    s9 = (s9 + s13) | 0;
    s5 ^= s9;
    s5 = (s5 >>> 12) | (s5 << 20);
    s1 = (s1 + s5 + m[k[r + 3]!]!) | 0;
    s13 ^= s1;
    s13 = (s13 >>> 8) | (s13 << 24);
    s9 = (s9 + s13) | 0;
    s5 ^= s9;
    s5 = (s5 >>> 7) | (s5 << 25);
    // g(2, 6, 10, 14)
    s2 = (s2 + s6 + m[k[r + 4]!]!) | 0;
    s14 ^= s2;
    s14 = (s14 >>> 16) | (s14 << 16);
    s10 = (s10 + s14) | 0;
    s6 ^= s10;
    s6 = (s6 >>> 12) | (s6 << 20);
    s2 = (s2 + s6 + m[k[r + 5]!]!) | 0;
    s14 ^= s2;
    s14 = (s14 >>> 8) | (s14 << 24);
    s10 = (s10 + s14) | 0;
    s6 ^= s10;
    s6 = (s6 >>> 7) | (s6 << 25);
    // g(3, 7, 11, 15)
    s3 = (s3 + s7 + m[k[r + 6]!]!) | 0;
    s15 ^= s3;
    s15 = (s15 >>> 16) | (s15 << 16);
    s11 = (s11 + s15) | 0;
    s7 ^= s11;
    s7 = (s7 >>> 12) | (s7 << 20);
    s3 = (s3 + s7 + m[k[r + 7]!]!) | 0;
    s15 ^= s3;
    s15 = (s15 >>> 8) | (s15 << 24);
    s11 = (s11 + s15) | 0;
    s7 ^= s11;
    s7 = (s7 >>> 7) | (s7 << 25);
    // g(0, 5, 10, 15)
    s0 = (s0 + s5 + m[k[r + 8]!]!) | 0;
    s15 ^= s0;
    s15 = (s15 >>> 16) | (s15 << 16);
    s10 = (s10 + s15) | 0;
    s5 ^= s10;
    s5 = (s5 >>> 12) | (s5 << 20);
    s0 = (s0 + s5 + m[k[r + 9]!]!) | 0;
    s15 ^= s0;
    s15 = (s15 >>> 8) | (s15 << 24);
    s10 = (s10 + s15) | 0;
    s5 ^= s10;
    s5 = (s5 >>> 7) | (s5 << 25);
    // g(1, 6, 11, 12)
    s1 = (s1 + s6 + m[k[r + 10]!]!) | 0;
    s12 ^= s1;
    s12 = (s12 >>> 16) | (s12 << 16);
    s11 = (s11 + s12) | 0;
    s6 ^= s11;
    s6 = (s6 >>> 12) | (s6 << 20);
    s1 = (s1 + s6 + m[k[r + 11]!]!) | 0;
    s12 ^= s1;
    s12 = (s12 >>> 8) | (s12 << 24);
    s11 = (s11 + s12) | 0;
    s6 ^= s11;
    s6 = (s6 >>> 7) | (s6 << 25);
    // g(2, 7, 8, 13)
    s2 = (s2 + s7 + m[k[r + 12]!]!) | 0;
    s13 ^= s2;
    s13 = (s13 >>> 16) | (s13 << 16);
    s8 = (s8 + s13) | 0;
    s7 ^= s8;
    s7 = (s7 >>> 12) | (s7 << 20);
    s2 = (s2 + s7 + m[k[r + 13]!]!) | 0;
    s13 ^= s2;
    s13 = (s13 >>> 8) | (s13 << 24);
    s8 = (s8 + s13) | 0;
    s7 ^= s8;
    s7 = (s7 >>> 7) | (s7 << 25);
    // g(3, 4, 9, 14)
    s3 = (s3 + s4 + m[k[r + 14]!]!) | 0;
    s14 ^= s3;
    s14 = (s14 >>> 16) | (s14 << 16);
    s9 = (s9 + s14) | 0;
    s4 ^= s9;
    s4 = (s4 >>> 12) | (s4 << 20);
    s3 = (s3 + s4 + m[k[r + 15]!]!) | 0;
    s14 ^= s3;
    s14 = (s14 >>> 8) | (s14 << 24);
    s9 = (s9 + s14) | 0;
    s4 ^= s9;
    s4 = (s4 >>> 7) | (s4 << 25);
  }
  cv[0] = s0 ^ s8;
  cv[1] = s1 ^ s9;
  cv[2] = s2 ^ s10;
  cv[3] = s3 ^ s11;
  cv[4] = s4 ^ s12;
  cv[5] = s5 ^ s13;
  cv[6] = s6 ^ s14;
  cv[7] = s7 ^ s15;
}

/** Loads the block of `data` at `offset` (`length` bytes, zero-padded) into `words`. */
function loadBlock(data: Uint8Array, offset: number, length: number): void {
  let source = data;
  let at = offset;
  if (length < BLOCK_LEN) {
    padded.fill(0);
    padded.set(data.subarray(offset, offset + length));
    source = padded;
    at = 0;
  }
  for (let i = 0; i < 16; i++, at += 4) {
    words[i] = source[at]! | (source[at + 1]! << 8) | (source[at + 2]! << 16) | (source[at + 3]! << 24);
  }
}

/** The chaining value of chunk `index` (all its blocks), or its root output when `root` is set. */
function chunk(data: Uint8Array, index: number, root: boolean): Uint32Array {
  const cv = IV.slice();
  const start = index * CHUNK_LEN;
  const end = Math.min(start + CHUNK_LEN, data.length);
  let offset = start;
  do {
    const length = Math.min(BLOCK_LEN, end - offset);
    const last = offset + length >= end;
    loadBlock(data, offset, length);
    const flags = (offset === start ? CHUNK_START : 0) | (last ? CHUNK_END | (root ? ROOT : 0) : 0);
    compress(cv, index, length, flags);
    offset += length;
  } while (offset < end);
  return cv;
}

function parent(left: Uint32Array, right: Uint32Array, root: boolean): Uint32Array {
  words.set(left.subarray(0, 8));
  words.set(right.subarray(0, 8), 8);
  const cv = IV.slice();
  compress(cv, 0, BLOCK_LEN, PARENT | (root ? ROOT : 0));
  return cv;
}

function toBytes(cv: Uint32Array): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const w = cv[i]!;
    out[i * 4] = w;
    out[i * 4 + 1] = w >>> 8;
    out[i * 4 + 2] = w >>> 16;
    out[i * 4 + 3] = w >>> 24;
  }
  return out;
}

/** BLAKE3 of `data` (hash mode, 32 bytes). */
export function blake3Js(data: Uint8Array): Uint8Array {
  const chunks = Math.max(1, Math.ceil(data.length / CHUNK_LEN));
  if (chunks === 1) return toBytes(chunk(data, 0, true));
  // Every chunk but the last joins the stack of subtrees, merging each completed pair.
  const stack: Uint32Array[] = [];
  for (let index = 0; index < chunks - 1; index++) {
    let cv = chunk(data, index, false);
    for (let total = index + 1; (total & 1) === 0; total >>= 1) cv = parent(stack.pop()!, cv, false);
    stack.push(cv);
  }
  let cv = chunk(data, chunks - 1, false);
  while (stack.length > 0) cv = parent(stack.pop()!, cv, stack.length === 0);
  return toBytes(cv);
}
