import { Result } from './Result';

/**
 * A class that `Args` can carry. `serialize()` bytes are written as-is, with no length prefix;
 * `deserialize(data, offset)` reads from `data` starting at `offset` and returns the offset after
 * the object (web3's `Serializable` returns `{instance, offset}` instead; the bytes are the same).
 *
 * `Args` detects the two methods structurally, so classes written against `@massalabs/as-types`'
 * `Serializable` work too.
 */
export interface Serializable {
  serialize(): StaticArray<u8>;
  deserialize(data: StaticArray<u8>, offset: i32): Result<i32>;
}
