// Bitcoin-alphabet base58. The textbook algorithm converts one digit at a time (quadratic in small
// steps); this one works on limbs of 58^5 (encoding) and 2^32 (decoding), about 10× fewer steps,
// which matters for a node that prints an id, an address or a signature for every operation.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS = ALPHABET.split('');
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

const POW58_5 = 58 ** 5;
const TWO_32 = 2 ** 32;

export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // Little-endian limbs in base 58^5: limb · 256 + 255 stays below 2^53.
  const limbs: number[] = [];
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!;
    for (let j = 0; j < limbs.length; j++) {
      const x = limbs[j]! * 256 + carry;
      carry = Math.floor(x / POW58_5);
      limbs[j] = x - carry * POW58_5;
    }
    while (carry > 0) {
      const next = Math.floor(carry / POW58_5);
      limbs.push(carry - next * POW58_5);
      carry = next;
    }
  }
  const digits: string[] = [];
  for (let j = 0; j < limbs.length; j++) {
    let value = limbs[j]!;
    const last = j === limbs.length - 1;
    for (let k = 0; k < 5 && !(last && value === 0); k++) {
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
  // Little-endian limbs in base 2^32: limb · 58 + 57 stays below 2^53.
  const limbs: number[] = [];
  for (let i = zeros; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? VALUES[code]! : -1;
    if (digit < 0) throw new Error(`invalid base58 character at ${i}`);
    let carry = digit;
    for (let j = 0; j < limbs.length; j++) {
      const x = limbs[j]! * 58 + carry;
      carry = Math.floor(x / TWO_32);
      limbs[j] = x - carry * TWO_32;
    }
    if (carry > 0) limbs.push(carry);
  }
  const body: number[] = [];
  for (let j = 0; j < limbs.length; j++) {
    let value = limbs[j]!;
    const last = j === limbs.length - 1;
    for (let k = 0; k < 4 && !(last && value === 0); k++) {
      body.push(value & 0xff);
      value = Math.floor(value / 256);
    }
  }
  const out = new Uint8Array(zeros + body.length);
  for (let i = 0; i < body.length; i++) out[out.length - 1 - i] = body[i]!;
  return out;
}
