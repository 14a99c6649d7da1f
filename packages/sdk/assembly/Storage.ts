// The contract datastore, imported as the `Storage` namespace. Keys and values may be `string`
// (stored as raw UTF-8, no length prefix), `StaticArray<u8>`, or (values only) `Args`.
import { Address } from './Address';
import { Args } from './Args';
import { decodeKeyList } from './keyList';
import { bytesToString, stringToBytes } from './serialization/strings';
import * as env from './env/index';

// @ts-ignore: decorator
@inline
function toBytes<T>(value: T): StaticArray<u8> {
  if (isString<T>()) return stringToBytes(changetype<string>(value));
  if (isReference<T>()) {
    if (idof<T>() == idof<StaticArray<u8>>()) return changetype<StaticArray<u8>>(value);
    if (idof<T>() == idof<Args>()) return changetype<Args>(value).serialize();
  }
  ERROR('Storage keys and values must be string, StaticArray<u8> or Args.');
  return new StaticArray<u8>(0);
}

// @ts-ignore: decorator
@inline
function fromBytes<T>(bytes: StaticArray<u8>): T {
  if (isString<T>()) return changetype<T>(bytesToString(bytes));
  if (isReference<T>()) {
    if (idof<T>() == idof<StaticArray<u8>>()) return changetype<T>(bytes);
    if (idof<T>() == idof<Args>()) return changetype<T>(new Args(bytes));
  }
  ERROR('Storage values can be read as string, StaticArray<u8> or Args.');
  return changetype<T>(0);
}

export function set<K, V>(key: K, value: V): void {
  env.setData(toBytes<K>(key), toBytes<V>(value));
}

/** The value under `key`, of the key's type. The node fails the call if the key is absent. */
export function get<T>(key: T): T {
  return fromBytes<T>(env.getData(toBytes<T>(key)));
}

/** The value under `key` read as `V`: `Storage.getAs<Args>('config')`, `Storage.getAs<string, StaticArray<u8>>(key)`. */
export function getAs<V, K = string>(key: K): V {
  return fromBytes<V>(env.getData(toBytes<K>(key)));
}

export function has<K>(key: K): bool {
  return env.hasData(toBytes<K>(key));
}

export function del<K>(key: K): void {
  env.deleteData(toBytes<K>(key));
}

/** Appends bytes to an existing value (the node fails the call if the key is absent). */
export function append<K, V>(key: K, value: V): void {
  env.appendData(toBytes<K>(key), toBytes<V>(value));
}

/** Keys of the current contract starting with `prefix` (all keys by default). */
export function keys(prefix: StaticArray<u8> = new StaticArray<u8>(0)): Array<StaticArray<u8>> {
  return decodeKeyList(env.getKeys(prefix));
}

/** Writes to another address's datastore; needs write access on it (e.g. a contract just created). */
export function setOf<K, V>(address: Address, key: K, value: V): void {
  env.setDataFor(address.toString(), toBytes<K>(key), toBytes<V>(value));
}

export function getOf<T>(address: Address, key: T): T {
  return fromBytes<T>(env.getDataFor(address.toString(), toBytes<T>(key)));
}

export function getOfAs<V, K = string>(address: Address, key: K): V {
  return fromBytes<V>(env.getDataFor(address.toString(), toBytes<K>(key)));
}

export function hasOf<K>(address: Address, key: K): bool {
  return env.hasDataFor(address.toString(), toBytes<K>(key));
}

export function delOf<K>(address: Address, key: K): void {
  env.deleteDataFor(address.toString(), toBytes<K>(key));
}

export function appendOf<K, V>(address: Address, key: K, value: V): void {
  env.appendDataFor(address.toString(), toBytes<K>(key), toBytes<V>(value));
}

export function keysOf(address: Address, prefix: StaticArray<u8> = new StaticArray<u8>(0)): Array<StaticArray<u8>> {
  return decodeKeyList(env.getKeysFor(address.toString(), prefix));
}
