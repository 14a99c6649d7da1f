import { createCipheriv, createDecipheriv, pbkdf2, randomBytes } from 'node:crypto';
import { decodeBase58check, PublicKey, SecretKey } from '@mason/codec';
import { ClientError } from '../errors.js';
import { Account } from './Account.js';

/**
 * An account in the Massa wallet file format (massa-standards `wallet/file-format.md`), field names
 * as in the standard: the content of a Massa Station `wallet_<nickname>.yaml`, of massa-web3's
 * `Account.toKeyStore()`, and of `mason account` files. Byte fields are arrays of 0–255.
 */
export interface WalletKeystore {
  /** 0 or 1; both use the same encryption. Written as 1, as Massa Station and massa-web3 write it. */
  Version: number;
  Nickname?: string;
  /** AU…; optional in the standard, checked against PublicKey when present. */
  Address?: string;
  /** 16 bytes: the PBKDF2 salt. */
  Salt: number[];
  /** 12 bytes: the AES-GCM nonce. */
  Nonce: number[];
  /** AES-256-GCM of (key version ‖ 32-byte seed, or ‖ 64-byte Ed25519 key), followed by the 16-byte tag. */
  CipheredData: number[];
  /** Key version byte ‖ 32-byte Ed25519 public key. */
  PublicKey: number[];
}

export const KEYSTORE_VERSION = 1;
const PBKDF2_ITERATIONS = 600_000;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

function deriveKey(password: string, salt: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    pbkdf2(Buffer.from(password, 'utf8'), salt, PBKDF2_ITERATIONS, KEY_BYTES, 'sha256', (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function invalid(field: string, reason: string): ClientError {
  return new ClientError('MASON_CLIENT_KEYSTORE_INVALID', { field, reason });
}

function bytesField(keystore: WalletKeystore, field: 'Salt' | 'Nonce' | 'CipheredData' | 'PublicKey', length?: number): Uint8Array {
  const value: unknown = keystore[field];
  if (!Array.isArray(value)) throw invalid(field, 'missing or not a list of bytes');
  if (!value.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255)) throw invalid(field, 'holds a value that is not a byte (0–255)');
  if (length !== undefined && value.length !== length) throw invalid(field, `has ${value.length} bytes, not ${length}`);
  return Uint8Array.from(value as number[]);
}

function publicKeyOf(keystore: WalletKeystore): PublicKey {
  const bytes = bytesField(keystore, 'PublicKey', 33);
  if (bytes[0] !== 0) throw invalid('PublicKey', `key version ${bytes[0]} is not supported (only 0)`);
  return PublicKey.fromRaw(bytes.subarray(1));
}

/** Checks the shape of a keystore (no password needed): the fields, their sizes, and Address against PublicKey. */
export function checkKeystore(keystore: WalletKeystore): { address: string } {
  if (keystore === null || typeof keystore !== 'object') throw invalid('(root)', 'not an object of wallet fields');
  if (keystore.Version !== 0 && keystore.Version !== 1) throw invalid('Version', `${String(keystore.Version)} is not a known version (0 or 1)`);
  if (keystore.Nickname !== undefined && typeof keystore.Nickname !== 'string') throw invalid('Nickname', 'not a string');
  bytesField(keystore, 'Salt', SALT_BYTES);
  bytesField(keystore, 'Nonce', NONCE_BYTES);
  const ciphered = bytesField(keystore, 'CipheredData');
  if (ciphered.length <= TAG_BYTES) throw invalid('CipheredData', `has ${ciphered.length} bytes: too short for a key and its 16-byte tag`);
  const address = publicKeyOf(keystore).address().toString();
  if (keystore.Address !== undefined && keystore.Address !== '' && keystore.Address !== address) {
    throw invalid('Address', `${String(keystore.Address)} is not the address of PublicKey (${address})`);
  }
  return { address };
}

/**
 * Decrypts a keystore with its password. A wrong password (the AES-GCM tag does not verify) is
 * MASON_CLIENT_KEYSTORE_WRONG_PASSWORD; a keystore whose fields are malformed, or whose key is not
 * the one of its PublicKey, is MASON_CLIENT_KEYSTORE_INVALID.
 */
export async function decryptKeystore(keystore: WalletKeystore, password: string): Promise<Account> {
  const { address } = checkKeystore(keystore);
  const ciphered = bytesField(keystore, 'CipheredData');
  const key = await deriveKey(password, bytesField(keystore, 'Salt'));
  const decipher = createDecipheriv('aes-256-gcm', key, bytesField(keystore, 'Nonce'));
  decipher.setAuthTag(ciphered.subarray(ciphered.length - TAG_BYTES));
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(ciphered.subarray(0, ciphered.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new ClientError('MASON_CLIENT_KEYSTORE_WRONG_PASSWORD', { address });
  }
  try {
    // Key version byte, then the 32-byte seed (Massa Station, massa-web3) or the 64-byte Ed25519 key (older Station files).
    if (plain[0] !== 0) throw invalid('CipheredData', `holds a key of version ${plain[0]} (only 0 is supported)`);
    if (plain.length !== 33 && plain.length !== 65) throw invalid('CipheredData', `holds ${plain.length - 1} key bytes, not 32 or 64`);
    const account = Account.fromSecretKey(SecretKey.fromSeed(plain.subarray(1, 33)));
    if (account.address.toString() !== address) throw invalid('CipheredData', `holds the key of ${account.address.toString()}, not of PublicKey (${address})`);
    return account;
  } finally {
    plain.fill(0);
  }
}

/** Encrypts an account's key with a password (PBKDF2-SHA256, 600,000 rounds; AES-256-GCM), in the Massa wallet format. */
export async function encryptKeystore(account: Account, password: string, options: { nickname?: string } = {}): Promise<WalletKeystore> {
  const salt = randomBytes(SALT_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  // The S… text is version 0 ‖ seed under base58check: exactly the plaintext the standard stores.
  const plain = decodeBase58check(account.revealSecretKey().slice(1));
  try {
    const cipher = createCipheriv('aes-256-gcm', await deriveKey(password, salt), nonce);
    const ciphered = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return {
      Version: KEYSTORE_VERSION,
      ...(options.nickname !== undefined && { Nickname: options.nickname }),
      Address: account.address.toString(),
      Salt: [...salt],
      Nonce: [...nonce],
      CipheredData: [...ciphered],
      PublicKey: [0, ...account.publicKey.raw],
    };
  } finally {
    plain.fill(0);
  }
}
