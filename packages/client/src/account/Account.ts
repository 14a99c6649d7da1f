import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { inspect } from 'node:util';
import { type Address, CodecError, type OperationContent, type PublicKey, SecretKey, type Signature, type SignedOperation, signOperation } from '@mason/codec';
import { ClientError } from '../errors.js';

// dotenv is read by fromEnv alone: loaded then (~6 ms) rather than by every program importing the client.
const requireFromClient = createRequire(import.meta.url);
const parseEnvFile = (text: Buffer): Record<string, string> => (requireFromClient('dotenv') as typeof import('dotenv')).parse(text);

export type FromEnvOptions = {
  /** The .env file read when the environment has no key (default: `.env` in the current directory). */
  path?: string;
  /** The environment to read first (default: process.env). */
  env?: Record<string, string | undefined>;
};

let walletSecretKeyWarned = false;

// Codec messages quote the text they reject; for a secret key only the kind of mistake is shown.
function keyProblem(error: unknown): string {
  if (!(error instanceof CodecError)) return 'unreadable';
  switch (error.code) {
    case 'MASON_CODEC_PREFIX_INVALID':
      return 'it does not start with "S"';
    case 'MASON_CODEC_BASE58_INVALID':
      return 'it is not base58';
    case 'MASON_CODEC_CHECKSUM_MISMATCH':
      return 'bad checksum: mistyped or truncated';
    default:
      return 'wrong length or version';
  }
}

function parseSecretKey(text: string, source: string): SecretKey {
  try {
    return SecretKey.fromString(text.trim());
  } catch (error) {
    throw new ClientError('MASON_CLIENT_INVALID_SECRET_KEY', { source, reason: keyProblem(error) });
  }
}

/**
 * A keypair that signs operations. Its secret key never leaves through printing, logging or
 * JSON: toString, toJSON and util.inspect show the address only; revealSecretKey() is the one
 * way out.
 */
export class Account {
  readonly #secretKey: SecretKey;
  readonly publicKey: PublicKey;
  readonly address: Address;

  private constructor(secretKey: SecretKey) {
    this.#secretKey = secretKey;
    this.publicKey = secretKey.publicKey;
    this.address = secretKey.publicKey.address();
  }

  /** From an "S…" string or a codec SecretKey. */
  static fromSecretKey(secretKey: string | SecretKey): Account {
    return new Account(typeof secretKey === 'string' ? parseSecretKey(secretKey, 'Account.fromSecretKey') : secretKey);
  }

  /**
   * From PRIVATE_KEY in the environment, else in the .env file (read without changing
   * process.env). The legacy WALLET_SECRET_KEY is accepted the same way with a one-time
   * deprecation warning.
   */
  static fromEnv(options: FromEnvOptions = {}): Account {
    const env = options.env ?? process.env;
    const path = resolve(options.path ?? '.env');
    if (options.path !== undefined && !existsSync(path)) {
      throw new ClientError('MASON_CLIENT_ENV_FILE_NOT_FOUND', { path });
    }
    const file = existsSync(path) ? parseEnvFile(readFileSync(path)) : {};
    const sources: [string, string | undefined][] = [
      ['PRIVATE_KEY in the environment', env.PRIVATE_KEY],
      [`PRIVATE_KEY in ${path}`, file.PRIVATE_KEY],
      ['WALLET_SECRET_KEY in the environment', env.WALLET_SECRET_KEY],
      [`WALLET_SECRET_KEY in ${path}`, file.WALLET_SECRET_KEY],
    ];
    const found = sources.find(([, value]) => value !== undefined && value.trim() !== '');
    if (!found) throw new ClientError('MASON_CLIENT_SECRET_KEY_MISSING', { searched: sources.map(([source]) => source) });
    const [source, value] = found as [string, string];
    if (source.startsWith('WALLET_SECRET_KEY') && !walletSecretKeyWarned) {
      walletSecretKeyWarned = true;
      process.emitWarning('WALLET_SECRET_KEY is deprecated; rename it to PRIVATE_KEY.', {
        type: 'DeprecationWarning',
        code: 'MASON_CLIENT_WALLET_SECRET_KEY',
      });
    }
    return new Account(parseSecretKey(value, source));
  }

  /** A new random keypair. */
  static generate(): Account {
    return new Account(SecretKey.generate());
  }

  /** Signs blake3(data), as Massa signs messages. */
  sign(data: Uint8Array): Signature {
    return this.#secretKey.sign(data);
  }

  signOperation(content: OperationContent, chainId: bigint): SignedOperation {
    return signOperation(content, this.#secretKey, chainId);
  }

  /** The "S…" secret key. Call it only to store the key somewhere safe. */
  revealSecretKey(): string {
    return this.#secretKey.reveal();
  }

  toString(): string {
    return `Account(${this.address.toString()})`;
  }

  toJSON(): { address: string; publicKey: string } {
    return { address: this.address.toString(), publicKey: this.publicKey.toString() };
  }

  [inspect.custom](): string {
    return this.toString();
  }
}
