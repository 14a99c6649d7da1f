import { blake3, SecretKey } from '@mason/codec';
import { TestingError } from './errors.js';

const encoder = new TextEncoder();
const cache = new Map<number, SecretKey>();

/** The key pair of test account `index`: deterministic, so addresses and signatures are stable across runs. */
export function testAccount(index: number): SecretKey {
  if (!Number.isInteger(index) || index < 0 || index > 0xffff_ffff) throw new TestingError('MASON_TESTING_ACCOUNT_INDEX', { index });
  let key = cache.get(index);
  if (!key) {
    key = SecretKey.fromSeed(blake3(encoder.encode(`mason-testing account ${index}`)));
    cache.set(index, key);
  }
  return key;
}
