import type { Command } from 'commander';

/** --account and --password-file, for the commands that sign (deploy, call, transfer). */
export function withSignerFlags(command: Command): Command {
  return command
    .option('--account <name>', 'sign with this `mason account` (asks its password; default: MASON_ACCOUNT, else PRIVATE_KEY)')
    .option('--password-file <path>', "the account's password, from this file's first line (else MASON_ACCOUNT_PASSWORD, else typed)");
}
