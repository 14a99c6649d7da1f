/** One element of the `get_datastore_entries` parameter. */
export type DatastoreEntryInput = { address: string; key: number[] };

/** One element of the `get_datastore_entries` result. */
export type DatastoreEntryOutput = { final_value: number[] | null; candidate_value: number[] | null };

/** One element of the `get_addresses_datastore_keys` parameter (at most 50 per call). */
export type AddressDatastoreKeysRequest = {
  address: string;
  prefix: number[];
  is_final: boolean;
  start_key?: number[] | null;
  /** Default true. */
  inclusive_start_key?: boolean | null;
  end_key?: number[] | null;
  /** Default true. */
  inclusive_end_key?: boolean | null;
  /** At most 500. */
  count?: number | null;
};

/** One element of the `get_addresses_datastore_keys` result. */
export type AddressDatastoreKeysResponse = { address: string; is_final: boolean; keys: number[][] };

/** One element of the `get_addresses_bytecode` parameter. */
export type AddressBytecodeFilter = { address: string; is_final: boolean };
