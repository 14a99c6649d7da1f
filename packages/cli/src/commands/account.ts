import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { Account, checkKeystore, encryptKeystore, isClientError, type WalletKeystore } from '@mason/client';
import { Command } from 'commander';
import { CliError } from '../errors.js';
import { checkAccountName, findAccount, listAccounts, readAccount, removeAccount, storeAccount, type StoredAccount } from '../keystore/accountStore.js';
import { type KeystoreFolder, keystoreFolders } from '../keystore/keystoreFolders.js';
import { promptHidden, readPassword } from '../keystore/readPassword.js';
import { unlockAccount } from '../keystore/unlockAccount.js';
import { readWalletFile, walletFileText, writeWalletFile } from '../keystore/walletFile.js';
import { color, field } from '../output.js';
import { findProjectRoot } from '../project.js';
import { envFilePath } from '../projectEnv.js';

interface StoreOptions {
  project?: boolean;
  passwordFile?: string;
  json?: boolean;
}

function folders(): KeystoreFolder[] {
  return keystoreFolders(findProjectRoot() ?? undefined);
}

function targetFolder(all: readonly KeystoreFolder[], project: boolean | undefined): KeystoreFolder {
  const scope = project ? 'project' : 'user';
  const folder = all.find((candidate) => candidate.scope === scope);
  if (!folder) throw new CliError('MASON_CLI_NOT_A_PROJECT', { dir: process.cwd(), command: 'account new --project' });
  return folder;
}

function printStored(stored: StoredAccount, address: string, json: boolean | undefined): void {
  if (json) console.log(JSON.stringify({ name: stored.name, address, scope: stored.scope, path: stored.path }));
  else console.log([field('account', stored.name), field('address', address), field('file', stored.path)].join('\n'));
}

async function store(name: string, account: Account, options: StoreOptions): Promise<void> {
  checkAccountName(name);
  const all = folders();
  const folder = targetFolder(all, options.project);
  const existing = listAccounts(all).find((candidate) => candidate.name === name);
  if (existing) throw new CliError('MASON_CLI_ACCOUNT_EXISTS', { name, path: existing.path });
  const password = await readPassword({
    what: `the new account "${name}"`,
    confirm: true,
    ...(options.passwordFile && { passwordFile: options.passwordFile }),
  });
  const keystore = await encryptKeystore(account, password.value, { nickname: name });
  printStored(storeAccount(all, folder, name, keystore), account.address.toString(), options.json);
}

/** The secret key to import, typed on a terminal (hidden) or piped on stdin: never from the command line. */
async function secretKeyFromInput(): Promise<Account> {
  const text = process.stdin.isTTY ? await promptHidden('Secret key (S…): ') : (readFileSync(0, 'utf8').split(/\r?\n/)[0] ?? '');
  try {
    return Account.fromSecretKey(text.trim());
  } catch (error) {
    if (isClientError(error, 'MASON_CLIENT_INVALID_SECRET_KEY')) {
      throw new CliError('MASON_CLI_BAD_SECRET_KEY', { source: process.stdin.isTTY ? 'the key typed' : 'stdin', reason: error.context.reason });
    }
    throw error;
  }
}

/** A Massa Station (or massa-web3) wallet file: checked with its password, then kept as it is, under the new name. */
async function importWalletFile(name: string, path: string, options: StoreOptions): Promise<void> {
  const keystore = readWalletFile(path);
  const stored: StoredAccount = { name: keystore.Nickname ?? name, scope: 'user', path };
  const account = await unlockAccount(stored, options.passwordFile !== undefined ? { passwordFile: options.passwordFile } : {});
  const all = folders();
  const renamed: WalletKeystore = { ...keystore, Nickname: checkAccountName(name), Address: account.address.toString() };
  printStored(storeAccount(all, targetFolder(all, options.project), name, renamed), account.address.toString(), options.json);
}

function addressOf(stored: StoredAccount): { address?: string; problem?: string } {
  try {
    return { address: checkKeystore(readAccount(stored)).address };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

function listCommand(): Command {
  return new Command('list')
    .description("list the accounts: the project's (.mason/accounts), yours, and Massa Station's")
    .option('--json', 'print a JSON array')
    .action((options: { json?: boolean }) => {
      const all = folders();
      const rows = listAccounts(all).map((stored) => ({ ...stored, ...addressOf(stored) }));
      if (options.json) return console.log(JSON.stringify(rows));
      if (rows.length === 0) {
        console.log(`No accounts yet (looked in ${all.map((folder) => folder.path).join(', ')}). Create one with \`mason account new <name>\`.`);
        return;
      }
      const width = Math.max(...rows.map((row) => row.name.length));
      for (const row of rows) {
        const where = color.dim(`${row.scope.padEnd(7)} ${row.path}`);
        console.log(`${row.name.padEnd(width)}  ${row.address ?? color.red(`unreadable: ${row.problem}`)}  ${where}`);
      }
    });
}

export function accountCommand(): Command {
  const account = new Command('account').description('encrypted accounts (Massa wallet files) for deploy, call and transfer');
  account
    .command('new')
    .description('create an account with a new random key, encrypted with a password')
    .argument('<name>', 'its name: letters, digits, - and _ (at most 32)')
    .option('--project', "keep it in this project's .mason/accounts instead of your user folder")
    .option('--password-file <path>', 'read the password from this file (else MASON_ACCOUNT_PASSWORD, else typed twice)')
    .option('--json', 'print one JSON object')
    .action((name: string, options: StoreOptions) => store(name, Account.generate(), options));
  account
    .command('import')
    .description('import a secret key (typed, piped on stdin, or PRIVATE_KEY with --from-env) or a Massa wallet file')
    .argument('<name>', 'its name: letters, digits, - and _ (at most 32)')
    .option('--from-env', 'take PRIVATE_KEY from the environment or .env')
    .option('--file <wallet.yaml>', 'a Massa Station / massa-web3 wallet file (asks its password)')
    .option('--project', "keep it in this project's .mason/accounts instead of your user folder")
    .option('--password-file <path>', 'read the password from this file (else MASON_ACCOUNT_PASSWORD, else typed)')
    .option('--json', 'print one JSON object')
    .action(async (name: string, options: StoreOptions & { fromEnv?: boolean; file?: string }) => {
      checkAccountName(name);
      if (options.file !== undefined) return importWalletFile(name, options.file, options);
      const path = envFilePath();
      const key = options.fromEnv ? Account.fromEnv(existsSync(path) ? { path } : {}) : await secretKeyFromInput();
      return store(name, key, options);
    });
  account.addCommand(listCommand());
  account
    .command('export')
    .description("write an account's encrypted wallet file (Massa Station imports it); the key stays encrypted")
    .argument('<name>', 'the account')
    .option('--out <file>', 'write it to this new file instead of stdout')
    .action((name: string, options: { out?: string }) => {
      const stored = findAccount(folders(), name);
      const keystore = readWalletFile(stored.path);
      if (options.out === undefined) return void process.stdout.write(walletFileText(keystore));
      writeWalletFile(options.out, keystore);
      console.log(field('exported', options.out));
    });
  account
    .command('remove')
    .description('delete an account file (asks on a terminal; --yes otherwise)')
    .argument('<name>', 'the account')
    .option('--yes', 'do not ask')
    .action(async (name: string, options: { yes?: boolean }) => {
      const stored = findAccount(folders(), name);
      if (stored.scope === 'station') throw new CliError('MASON_CLI_ACCOUNT_READ_ONLY', { name, path: stored.path });
      if (!options.yes) {
        if (!process.stdin.isTTY) throw new CliError('MASON_CLI_CONFIRM_REQUIRED', { action: `remove account "${name}"`, flag: '--yes' });
        const lines = createInterface({ input: process.stdin, output: process.stderr });
        const answer = await lines
          .question(`Remove ${stored.path}? Its key is lost unless you have a copy. Type the name to confirm: `)
          .finally(() => lines.close());
        if (answer !== name) throw new CliError('MASON_CLI_CONFIRM_REQUIRED', { action: `remove account "${name}"`, flag: '--yes' });
      }
      removeAccount(stored);
      console.log(field('removed', stored.path));
    });
  return account;
}
