import { type Account, decryptKeystore, isClientError } from '@mason/client';
import { CliError } from '../errors.js';
import type { StoredAccount } from './accountStore.js';
import { type PasswordSource, readPassword } from './readPassword.js';
import { readWalletFile } from './walletFile.js';

/** Decrypts a stored account with its password; a wrong one names the account, its file and where the password came from. */
export async function unlockAccount(stored: StoredAccount, options: PasswordSource = {}): Promise<Account> {
  const keystore = readWalletFile(stored.path);
  const password = await readPassword({ ...options, what: `account "${stored.name}"` });
  try {
    return await decryptKeystore(keystore, password.value);
  } catch (error) {
    if (isClientError(error, 'MASON_CLIENT_KEYSTORE_WRONG_PASSWORD')) {
      throw new CliError('MASON_CLI_ACCOUNT_WRONG_PASSWORD', { name: stored.name, path: stored.path, source: password.source });
    }
    throw error;
  }
}
