// Bitcoin-alphabet base58. The textbook algorithm converts one digit at a time (quadratic in small
// steps); this one converts three bytes or four digits at a time, on limbs of 58^4 (encoding) and
// 2^24 (decoding), about 20× fewer steps, which matters for a node that prints an id, an address or
// a signature for every operation. Every product stays below 2^53, so plain numbers are exact.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS = ALPHABET.split('');
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

const POW58 = [1, 58, 58 ** 2, 58 ** 3, 58 ** 4];
const POW256 = [1, 256, 256 ** 2, 256 ** 3];
const LIMB58 = 58 ** 4;
const LIMB256 = 256 ** 3;

/** limbs ← limbs · scale + carry, the limbs little-endian in base `base`. */
function multiplyAdd(limbs: number[], scale: number, carry: number, base: number): void {
  for (let j = 0; j < limbs.length; j++) {
    const x = limbs[j]! * scale + carry;
    carry = Math.floor(x / base);
    limbs[j] = x - carry * base;
  }
  while (carry > 0) {
    const next = Math.floor(carry / base);
    limbs.push(carry - next * base);
    carry = next;
  }
}

export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // Little-endian limbs in base 58^4, three bytes taken in at a time: limb · 2^24 + 2^24 < 2^53.
  const limbs: number[] = [];
  let i = zeros;
  while (i < bytes.length) {
    let group = 0;
    let taken = 0;
    for (; taken < 3 && i < bytes.length; taken++, i++) group = group * 256 + bytes[i]!;
    multiplyAdd(limbs, POW256[taken]!, group, LIMB58);
  }
  const digits: string[] = [];
  for (let j = 0; j < limbs.length; j++) {
    let value = limbs[j]!;
    const last = j === limbs.length - 1;
    for (let k = 0; k < 4 && !(last && value === 0); k++) {
      const next = Math.floor(value / 58);
      digits.push(DIGITS[value - next * 58]!);
      value = next;
    }
  }
  return '1'.repeat(zeros) + digits.reverse().join('');
}

/** Throws an Error on a character outside the alphabet. */
export function decodeBase58(text: string): Uint8Array {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49) zeros++;
  // Little-endian limbs in base 2^24, four digits taken in at a time: limb · 58^4 + 58^4 < 2^53.
  const limbs: number[] = [];
  let i = zeros;
  while (i < text.length) {
    let group = 0;
    let taken = 0;
    for (; taken < 4 && i < text.length; taken++, i++) {
      const code = text.charCodeAt(i);
      const digit = code < 128 ? VALUES[code]! : -1;
      if (digit < 0) throw new Error(`invalid base58 character at ${i}`);
      group = group * 58 + digit;
    }
    multiplyAdd(limbs, POW58[taken]!, group, LIMB256);
  }
  const body: number[] = [];
  for (let j = 0; j < limbs.length; j++) {
    let value = limbs[j]!;
    const last = j === limbs.length - 1;
    for (let k = 0; k < 3 && !(last && value === 0); k++) {
      body.push(value & 0xff);
      value = Math.floor(value / 256);
    }
  }
  const out = new Uint8Array(zeros + body.length);
  for (let i = 0; i < body.length; i++) out[out.length - 1 - i] = body[i]!;
  return out;
}
