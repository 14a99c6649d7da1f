import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where a wallet file lives: the user's Mason accounts, the project's, or Massa Station's (read, never written). */
export type KeystoreScope = 'project' | 'user' | 'station';

export interface KeystoreFolder {
  scope: KeystoreScope;
  path: string;
}

/** The per-user configuration folder, as Go's os.UserConfigDir (which Massa Station uses) finds it. */
function userConfigDir(env: NodeJS.ProcessEnv): string {
  if (process.platform === 'win32') return env.APPDATA ?? join(homedir(), 'AppData', 'Roaming');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME || join(homedir(), '.config');
}

/** `mason account` folders, searched in this order: the project's `.mason/accounts`, the user's, Massa Station's. */
export function keystoreFolders(projectRoot: string | undefined, env: NodeJS.ProcessEnv = process.env): KeystoreFolder[] {
  const folders: KeystoreFolder[] = [];
  if (projectRoot !== undefined) folders.push({ scope: 'project', path: join(projectRoot, '.mason', 'accounts') });
  folders.push({ scope: 'user', path: env.MASON_KEYSTORE_DIR || join(userConfigDir(env), 'mason', 'accounts') });
  folders.push({ scope: 'station', path: env.MASON_STATION_WALLET_DIR || join(userConfigDir(env), 'massa-station-wallet') });
  return folders;
}

/** Massa Station's file name for an account: `wallet_<nickname>.yaml`. */
export function walletFileName(name: string): string {
  return `wallet_${name}.yaml`;
}

export function nameOfWalletFile(file: string): string | undefined {
  return /^wallet_(.+)\.yaml$/.exec(file)?.[1];
}
