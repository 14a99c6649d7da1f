import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { checkKeystore, isClientError, type WalletKeystore } from '@mason/client';
import { LineCounter, parseDocument, isMap, isScalar, isSeq, type Node } from 'yaml';
import { CliError } from '../errors.js';

const FIELDS = ['Version', 'Nickname', 'Address', 'Salt', 'Nonce', 'CipheredData', 'PublicKey'] as const;

function corrupt(path: string, line: number, reason: string): CliError {
  return new CliError('MASON_CLI_ACCOUNT_CORRUPT', { path, line, reason });
}

function plainValue(node: Node | null, path: string, lineOf: (node: Node | null) => number): unknown {
  if (isScalar(node)) return node.value;
  if (isSeq(node)) {
    return node.items.map((item) => {
      if (!isScalar(item) || typeof item.value !== 'number') throw corrupt(path, lineOf(item as Node), 'a list of bytes holds something that is not a number');
      return item.value;
    });
  }
  throw corrupt(path, lineOf(node), 'a value is neither a number, a text nor a list of bytes');
}

/**
 * Reads a Massa wallet file (YAML, as Massa Station and `mason account` write it). A file that is
 * not one is refused with its path and line, never repaired.
 */
export function readWalletFile(path: string): WalletKeystore {
  const text = readFileSync(path, 'utf8');
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const lineOf = (node: Node | null | undefined): number => (node?.range ? lines.linePos(node.range[0]).line : 1);
  const [syntax] = document.errors;
  if (syntax) throw corrupt(path, syntax.linePos?.[0].line ?? 1, syntax.message.split('\n')[0] ?? 'not YAML');
  if (!isMap(document.contents)) throw corrupt(path, 1, 'not a map of wallet fields (Version, Salt, Nonce, CipheredData, PublicKey)');
  const keystore: Record<string, unknown> = {};
  for (const pair of document.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!(FIELDS as readonly string[]).includes(key))
      throw corrupt(path, lineOf(pair.key as Node), `unknown field "${key}" (a wallet has ${FIELDS.join(', ')})`);
    keystore[key] = plainValue(pair.value as Node | null, path, lineOf);
  }
  try {
    checkKeystore(keystore as unknown as WalletKeystore);
  } catch (error) {
    if (!isClientError(error, 'MASON_CLIENT_KEYSTORE_INVALID')) throw error;
    const field = error.context.field;
    const at = document.contents.items.find((pair) => isScalar(pair.key) && pair.key.value === field);
    throw corrupt(path, lineOf((at?.key as Node | undefined) ?? document.contents), `${field} ${error.context.reason}`);
  }
  return keystore as unknown as WalletKeystore;
}

const byteList = (bytes: readonly number[]): string => `[${bytes.join(', ')}]`;

/** The file's text, laid out as Massa Station writes it (fields in the standard's order, byte lists inline). */
export function walletFileText(keystore: WalletKeystore): string {
  const lines = [`Version: ${keystore.Version}`];
  if (keystore.Nickname) lines.push(`Nickname: ${keystore.Nickname}`);
  if (keystore.Address) lines.push(`Address: ${keystore.Address}`);
  lines.push(
    `Salt: ${byteList(keystore.Salt)}`,
    `Nonce: ${byteList(keystore.Nonce)}`,
    `CipheredData: ${byteList(keystore.CipheredData)}`,
    `PublicKey: ${byteList(keystore.PublicKey)}`,
  );
  return `${lines.join('\n')}\n`;
}

/** Writes a new wallet file readable by its owner only; never replaces an existing one. */
export function writeWalletFile(path: string, keystore: WalletKeystore): void {
  const fd = openSync(path, 'wx', 0o600);
  try {
    writeSync(fd, walletFileText(keystore));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
