import type { Datastore } from '@mason/codec';
import { toKey } from '../state/bytesKey.js';

/** An operation datastore as a frame holds it: values by latin1 key string (see `toKey`). */
export function datastoreMap(datastore: Datastore | ReadonlyMap<Uint8Array, Uint8Array> | undefined): Map<string, Uint8Array> {
  const map = new Map<string, Uint8Array>();
  for (const [key, value] of datastore ?? []) map.set(toKey(key), value);
  return map;
}
