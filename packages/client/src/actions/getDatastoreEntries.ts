import type { Client, RequestOptions } from '../client.js';
import type { DatastoreEntryInput, DatastoreEntryOutput } from '@mason/codec';

/** `get_datastore_entries`: final and candidate values of datastore entries, in input order. */
export function getDatastoreEntries(client: Client, entries: readonly DatastoreEntryInput[], options?: RequestOptions): Promise<DatastoreEntryOutput[]> {
  return client.request<DatastoreEntryOutput[]>('get_datastore_entries', [entries], options);
}
