import { RemoteAccounts, type ForkSource } from './RemoteAccounts.js';

const shared = new Map<string, RemoteAccounts>();

/**
 * The remote accounts of `source` for this thread: one cache for every ledger of the thread (the
 * node's final and candidate ledgers, inline executions), so that they all see one value of a
 * remote account. Each worker thread has its own.
 */
export function remoteAccountsFor(source: ForkSource): RemoteAccounts {
  const key = `${source.url} ${source.timeoutMs}`;
  let accounts = shared.get(key);
  if (!accounts) {
    accounts = new RemoteAccounts(source);
    shared.set(key, accounts);
  }
  return accounts;
}
