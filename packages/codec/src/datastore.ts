import { ByteReader } from './byteReader.js';
import { compareBytes, concatBytes } from './bytes.js';
import { CodecError } from './errors.js';
import { LIMITS } from './limits.js';
import { encodeVarint } from './varint.js';

/** An ExecuteSC operation datastore: key → value, both raw bytes. */
export type Datastore = Array<[key: Uint8Array, value: Uint8Array]>;

/**
 * varint(count) ‖ per entry varint(len) key ‖ varint(len) value. Entries are written sorted by key,
 * the node's canonical (BTreeMap) order; duplicate keys keep the last value, as a map would.
 */
export function serializeDatastore(datastore: Datastore): Uint8Array {
  const byKey = new Map<string, [Uint8Array, Uint8Array]>();
  for (const [key, value] of datastore) byKey.set(Buffer.from(key).toString('hex'), [key, value]);
  const entries = [...byKey.values()].sort((a, b) => compareBytes(a[0], b[0]));
  const parts: Uint8Array[] = [encodeVarint(entries.length)];
  for (const [key, value] of entries) {
    parts.push(encodeVarint(key.length), key, encodeVarint(value.length), value);
  }
  return concatBytes(...parts);
}

export function readDatastore(reader: ByteReader): Datastore {
  const count = reader.varint();
  if (count > BigInt(LIMITS.maxOperationDatastoreEntries)) {
    throw new CodecError('MASON_CODEC_LIMIT_EXCEEDED', { what: 'operation datastore entry count', actual: count, limit: LIMITS.maxOperationDatastoreEntries });
  }
  const out: Datastore = [];
  for (let i = 0; i < Number(count); i++) {
    const key = reader.lengthPrefixed(LIMITS.maxOperationDatastoreKeyLength, 'operation datastore key');
    const value = reader.lengthPrefixed(LIMITS.maxOperationDatastoreValueLength, 'operation datastore value');
    out.push([key, value]);
  }
  return out;
}

export function deserializeDatastore(bytes: Uint8Array): Datastore {
  const reader = new ByteReader(bytes, 'operation datastore');
  const datastore = readDatastore(reader);
  reader.end();
  return datastore;
}
