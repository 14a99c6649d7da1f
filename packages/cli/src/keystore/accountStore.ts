import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { WalletKeystore } from '@mason/client';
import { CliError } from '../errors.js';
import { nearestName } from '../nearestName.js';
import { type KeystoreFolder, type KeystoreScope, nameOfWalletFile, walletFileName } from './keystoreFolders.js';
import { readWalletFile, writeWalletFile } from './walletFile.js';

export interface StoredAccount {
  name: string;
  scope: KeystoreScope;
  path: string;
}

/** Massa Station's rule for nicknames: letters, digits, `-` and `_`, at most 32. */
const NAME = /^[A-Za-z0-9_-]{1,32}$/;

export function checkAccountName(name: string): string {
  if (!NAME.test(name)) throw new CliError('MASON_CLI_ACCOUNT_BAD_NAME', { name });
  return name;
}

/** Every wallet file of the folders, in their order (a name in an earlier folder hides a later one). */
export function listAccounts(folders: readonly KeystoreFolder[]): StoredAccount[] {
  const accounts: StoredAccount[] = [];
  for (const folder of folders) {
    if (!existsSync(folder.path)) continue;
    for (const file of readdirSync(folder.path).sort()) {
      const name = nameOfWalletFile(file);
      if (name !== undefined) accounts.push({ name, scope: folder.scope, path: join(folder.path, file) });
    }
  }
  return accounts;
}

export function findAccount(folders: readonly KeystoreFolder[], name: string): StoredAccount {
  const accounts = listAccounts(folders);
  const found = accounts.find((account) => account.name === name);
  if (found) return found;
  const names = [...new Set(accounts.map((account) => account.name))];
  const nearest = nearestName(name, names);
  throw new CliError('MASON_CLI_ACCOUNT_UNKNOWN', {
    name,
    known: names.length > 0 ? `accounts: ${names.join(', ')}${nearest ? `; did you mean ${nearest}?` : ''}` : 'there are no accounts yet',
    searched: folders.map((folder) => folder.path).join(', '),
  });
}

/** Stores a new account in `folder`; refuses a name any folder already has. */
export function storeAccount(folders: readonly KeystoreFolder[], folder: KeystoreFolder, name: string, keystore: WalletKeystore): StoredAccount {
  checkAccountName(name);
  const existing = listAccounts(folders).find((account) => account.name === name);
  if (existing) throw new CliError('MASON_CLI_ACCOUNT_EXISTS', { name, path: existing.path });
  mkdirSync(folder.path, { recursive: true, mode: 0o700 });
  const path = join(folder.path, walletFileName(name));
  writeWalletFile(path, keystore);
  return { name, scope: folder.scope, path };
}

export function removeAccount(account: StoredAccount): void {
  rmSync(account.path);
}

export function readAccount(account: StoredAccount): WalletKeystore {
  return readWalletFile(account.path);
}
