import { Account, isClientError } from '@mason/client';
import { devnetAccountKey } from '@mason/devnet';
import { CliError } from './errors.js';
import { type Network, type SignerOptions, signerFor } from './network.js';
import { envFilePath, envSetting } from './projectEnv.js';

const invalid = (value: string, reason: string) => new CliError('MASON_CLI_INVALID_FROM', { value, reason });

/**
 * The account that signs (`--from`): a development account of the local devnet by its number, or
 * the secret key held by a variable of the environment or .env; without --from, the signer of
 * `mason deploy` and `mason call` (--account / MASON_ACCOUNT, else PRIVATE_KEY, else the local
 * devnet's account 0). A secret key itself is refused: it would stay in the shell's history.
 */
export async function fromAccount(value: string | undefined, network: Network, signer: SignerOptions = {}): Promise<Account> {
  if (value === undefined) return signerFor(network, signer);
  if (/^\d+$/.test(value)) {
    const index = Number(value);
    if (!Number.isSafeInteger(index)) throw invalid(value, 'that account number is too large');
    if (!network.isLocal) throw invalid(value, `development accounts exist on the local devnet only, not on ${network.name}`);
    return Account.fromSecretKey(devnetAccountKey(index));
  }
  if (/^S\d[1-9A-HJ-NP-Za-km-z]{30,}$/.test(value)) {
    // Never echo what looks like a secret key.
    throw invalid(
      `${value.slice(0, 2)}…`,
      'this looks like a secret key, which the shell would keep in its history: put it in .env (e.g. ALICE_KEY=S1…) and give --from ALICE_KEY',
    );
  }
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) throw invalid(value, 'it is neither an account number nor a variable name');
  const secret = envSetting(value);
  if (secret === undefined) throw invalid(value, `there is no variable ${value} in the environment or in ${envFilePath()}`);
  try {
    return Account.fromSecretKey(secret);
  } catch (error) {
    const problem = isClientError(error) ? String((error.context as { reason?: unknown }).reason ?? 'unreadable') : 'unreadable';
    throw invalid(value, `${value} does not hold a valid secret key (${problem})`);
  }
}
