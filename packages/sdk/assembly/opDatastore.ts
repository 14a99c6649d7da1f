// The datastore attached to an ExecuteSC operation (e.g. the deployer's bytecode and constructor
// arguments). Visible only in the operation's own frame; nested calls fail with `No datastore in stack`.
import { decodeKeyList } from './keyList';
import * as env from './env/index';

export function hasOpKey(key: StaticArray<u8>): bool {
  const answer = env.hasOpKey(key);
  return answer.length > 0 && answer[0] != 0;
}

/** The value under `key`; the node fails the call with `Unknown key: …` if it is absent. */
export function getOpData(key: StaticArray<u8>): StaticArray<u8> {
  return env.getOpData(key);
}

/** Keys of the operation datastore starting with `prefix` (all keys by default). */
export function getOpKeys(prefix: StaticArray<u8> = new StaticArray<u8>(0)): Array<StaticArray<u8>> {
  return decodeKeyList(prefix.length ? env.getOpKeysPrefix(prefix) : env.getOpKeys());
}
