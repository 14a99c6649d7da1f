import { parseMas } from '@mason/codec';
import type { LedgerSource, MemoryLedgerEntryInit } from '@mason/vm';
import { ForkError } from './ForkError.js';
import { type SyncRpcOutcome, SyncJsonRpc, SyncRpcFailure } from './SyncJsonRpc.js';

/** An account of the remote node at the fork: its ledger entry and its rolls. */
export interface RemoteAccount extends MemoryLedgerEntryInit {
  rolls: number;
}

/** Where fork mode reads: the remote's public API and how long one read may take. */
export interface ForkSource {
  url: string;
  timeoutMs: number;
}

// The node's own bounds (reference: [api] max_addresses_datastore_keys_query, max_datastore_keys_query, batch_request_limit).
const ADDRESSES_PER_REQUEST = 50;
const KEYS_PER_PAGE = 500;
const ENTRIES_PER_REQUEST = 500;
const BATCH_LIMIT = 16;

/**
 * The remote node's accounts, read at their first use and kept (the ledger's source in fork mode):
 * balance and rolls (get_addresses), bytecode (get_addresses_bytecode), every datastore key
 * (get_addresses_datastore_keys, page by page) and value (get_datastore_entries), all final.
 * Reads block the calling thread (SyncJsonRpc). A read that fails throws MASON_DEVNET_FORK_READ_FAILED
 * and is not kept: the next use asks again.
 */
export class RemoteAccounts implements LedgerSource {
  readonly #rpc: SyncJsonRpc;
  readonly #accounts = new Map<string, RemoteAccount | null>();
  /** Requests made (one HTTP round trip each): for tests and benchmarks. */
  roundTrips = 0;

  constructor(readonly source: ForkSource) {
    this.#rpc = new SyncJsonRpc(source.url, source.timeoutMs);
  }

  load(address: string): RemoteAccount | undefined {
    if (!this.#accounts.has(address)) this.prefetch([address]);
    return this.#accounts.get(address) ?? undefined;
  }

  /** Reads the accounts not read yet, in as few round trips as the node's limits allow. */
  prefetch(addresses: Iterable<string>): void {
    const missing = [...new Set(addresses)].filter((address) => !this.#accounts.has(address));
    for (let i = 0; i < missing.length; i += ADDRESSES_PER_REQUEST) this.#read(missing.slice(i, i + ADDRESSES_PER_REQUEST));
  }

  close(): void {
    this.#rpc.close();
  }

  #read(addresses: string[]): void {
    const what = addresses.length === 1 ? `the account ${addresses[0]}` : `${addresses.length} accounts`;
    const [infos, bytecodes, keyPages] = this.#call(what, [
      ['get_addresses', [addresses]],
      ['get_addresses_bytecode', [addresses.map((address) => ({ address, is_final: true }))]],
      ['get_addresses_datastore_keys', [addresses.map((address) => keysQuery(address))]],
    ]) as [AddressInfo[], number[][], Array<{ keys: number[][] }>];
    if (!Array.isArray(infos) || !Array.isArray(bytecodes) || !Array.isArray(keyPages) || infos.length !== addresses.length) {
      throw this.#failure(what, 'the node answered with lists of the wrong shape');
    }
    const keys = addresses.map((address, i) => this.#allKeys(address, keyPages[i]?.keys ?? []));
    const values = this.#values(
      what,
      addresses.flatMap((address, i) => keys[i]!.map((key) => ({ address, key }))),
    );
    let next = 0;
    addresses.forEach((address, i) => {
      const info = infos[i]!;
      const bytecode = Uint8Array.from(bytecodes[i] ?? []);
      const datastore: Array<[Uint8Array, Uint8Array]> = [];
      for (const key of keys[i]!) {
        const value = values[next++];
        if (value) datastore.push([Uint8Array.from(key), value]);
      }
      const balance = parseMas(String(info.final_balance));
      const rolls = Number(info.final_roll_count ?? 0);
      const exists = balance > 0n || bytecode.length > 0 || datastore.length > 0 || rolls > 0;
      this.#accounts.set(address, exists ? { balance, bytecode, datastore, rolls } : null);
    });
  }

  /** The keys after a first page of KEYS_PER_PAGE: the next pages, each from the last key seen. */
  #allKeys(address: string, firstPage: number[][]): number[][] {
    const keys = [...firstPage];
    let page = firstPage;
    while (page.length >= KEYS_PER_PAGE) {
      const [answer] = this.#call(`the datastore keys of ${address}`, [['get_addresses_datastore_keys', [[keysQuery(address, page[page.length - 1])]]]]) as [
        Array<{ keys: number[][] }>,
      ];
      page = answer?.[0]?.keys ?? [];
      keys.push(...page);
    }
    return keys;
  }

  /** Final values of the entries, in order (null: none), ENTRIES_PER_REQUEST a request, BATCH_LIMIT requests a round trip. */
  #values(what: string, entries: Array<{ address: string; key: number[] }>): Array<Uint8Array | null> {
    const requests: Array<readonly [string, unknown[]]> = [];
    for (let i = 0; i < entries.length; i += ENTRIES_PER_REQUEST) requests.push(['get_datastore_entries', [entries.slice(i, i + ENTRIES_PER_REQUEST)]]);
    const values: Array<Uint8Array | null> = [];
    for (let i = 0; i < requests.length; i += BATCH_LIMIT) {
      for (const answer of this.#call(`the datastore of ${what}`, requests.slice(i, i + BATCH_LIMIT)) as Array<Array<{ final_value: number[] | null }>>) {
        if (!Array.isArray(answer)) throw this.#failure(what, 'get_datastore_entries answered something else than a list');
        for (const entry of answer) values.push(entry?.final_value ? Uint8Array.from(entry.final_value) : null);
      }
    }
    if (values.length !== entries.length) throw this.#failure(what, `get_datastore_entries answered ${values.length} entries for ${entries.length} keys`);
    return values;
  }

  #call(what: string, requests: Array<readonly [string, unknown[]]>): unknown[] {
    let outcomes: SyncRpcOutcome[];
    try {
      this.roundTrips++;
      outcomes = this.#rpc.call(requests);
    } catch (error) {
      throw this.#failure(what, error instanceof SyncRpcFailure ? error.message : String(error));
    }
    return outcomes.map((outcome) => {
      if (!outcome.ok) throw this.#failure(what, outcome.reason);
      return outcome.value;
    });
  }

  #failure(what: string, reason: string) {
    return new ForkError('MASON_DEVNET_FORK_READ_FAILED', { url: this.source.url, what, reason });
  }
}

interface AddressInfo {
  final_balance: string;
  final_roll_count?: number;
}

function keysQuery(address: string, after?: number[]) {
  return {
    address,
    prefix: [],
    is_final: true,
    count: KEYS_PER_PAGE,
    ...(after && { start_key: after, inclusive_start_key: false }),
  };
}
