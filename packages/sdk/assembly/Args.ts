import { Result } from './Result';
import { isSerializable, isWideInteger128, isWideInteger256 } from './typeChecks';

// @ts-ignore: decorator
@inline
function typeName<T>(): string {
  return isString<T>() ? 'string' : nameof<T>();
}

function arrayTypeName<T>(): string {
  return 'Array<' + typeName<T>() + '>';
}

function outOfRange(type: string): string {
  return "can't deserialize " + type + ' from given argument: out of range';
}

/**
 * Arguments of a smart-contract call, byte-identical to massa-web3's and as-types' `Args`:
 * little-endian, no padding, no type tags (reference §14).
 *
 * Writing appends to a growing buffer (amortised O(1) per value). Reading advances `offset`;
 * a failed read returns an error `Result` and leaves `offset` where it was.
 */
export class Args {
  private buffer: StaticArray<u8>;
  private length: i32;
  private _offset: i32;

  constructor(serialized: StaticArray<u8> = new StaticArray<u8>(0), offset: i32 = 0) {
    this.buffer = serialized;
    this.length = serialized.length;
    this._offset = offset;
  }

  /** Position of the next read. */
  get offset(): i32 {
    return this._offset;
  }

  /** Bytes left to read. */
  get remaining(): i32 {
    return this.length - this._offset;
  }

  /** The bytes written so far (or given to the constructor). */
  serialize(): StaticArray<u8> {
    if (this.length == this.buffer.length) return this.buffer;
    const bytes = new StaticArray<u8>(this.length);
    memory.copy(changetype<usize>(bytes), changetype<usize>(this.buffer), this.length);
    return bytes;
  }

  // ---- writing -------------------------------------------------------------------------------

  /**
   * Appends `value`, choosing the encoding from its static type: bool, u8/i8 … u64/i64, f32/f64,
   * string, StaticArray<u8>, Uint8Array, as-bignum u128/i128/u256, Serializable classes, and
   * `Array<T>` of any of those but the byte arrays (byte-length prefixed).
   */
  add<T>(value: T): Args {
    if (isBoolean<T>()) return this.addBool(<bool>value);
    if (isInteger<T>()) {
      if (sizeof<T>() == 1) return this.addU8(<u8>value);
      if (sizeof<T>() == 2) return this.addU16(<u16>value);
      if (sizeof<T>() == 4) return this.addU32(<u32>value);
      return this.addU64(<u64>value);
    }
    if (isFloat<T>()) {
      if (sizeof<T>() == 4) return this.addF32(<f32>value);
      return this.addF64(<f64>value);
    }
    if (isString<T>()) return this.addString(changetype<string>(value));
    if (isReference<T>()) {
      if (idof<T>() == idof<StaticArray<u8>>()) return this.addBytes(changetype<StaticArray<u8>>(value));
      if (idof<T>() == idof<Uint8Array>()) return this.addUint8Array(changetype<Uint8Array>(value));
      // @ts-ignore: AssemblyScript generic checked at compile time
      if (isArray<T>()) return this.addArray<valueof<T>>(changetype<Array<valueof<T>>>(value));
      if (isWideInteger128<T>() || isWideInteger256<T>()) {
        memory.copy(this.reserve(offsetof<T>()), changetype<usize>(value), offsetof<T>());
        return this;
      }
      if (isSerializable<T>()) return this.addSerializable<T>(value);
    }
    ERROR('Args.add: unsupported type. Use bool, an integer or float type, string, StaticArray<u8>, Uint8Array, u128/i128/u256, a Serializable class, or an Array of those.');
    return this;
  }

  addBool(value: bool): Args {
    store<u8>(this.reserve(1), value ? 1 : 0);
    return this;
  }

  addU8(value: u8): Args {
    store<u8>(this.reserve(1), value);
    return this;
  }

  addI8(value: i8): Args {
    store<i8>(this.reserve(1), value);
    return this;
  }

  addU16(value: u16): Args {
    store<u16>(this.reserve(2), value);
    return this;
  }

  addI16(value: i16): Args {
    store<i16>(this.reserve(2), value);
    return this;
  }

  addU32(value: u32): Args {
    store<u32>(this.reserve(4), value);
    return this;
  }

  addI32(value: i32): Args {
    store<i32>(this.reserve(4), value);
    return this;
  }

  addU64(value: u64): Args {
    store<u64>(this.reserve(8), value);
    return this;
  }

  addI64(value: i64): Args {
    store<i64>(this.reserve(8), value);
    return this;
  }

  addF32(value: f32): Args {
    store<f32>(this.reserve(4), value);
    return this;
  }

  addF64(value: f64): Args {
    store<f64>(this.reserve(8), value);
    return this;
  }

  /** u32 LE UTF-8 byte length, then the UTF-8 bytes. Aborts on lone surrogates. */
  addString(value: string): Args {
    const byteLength = String.UTF8.byteLength(value);
    store<u32>(this.reserve(4), byteLength);
    String.UTF8.encodeUnsafe(
      changetype<usize>(value),
      value.length,
      this.reserve(byteLength),
      false,
      String.UTF8.ErrorMode.ERROR,
    );
    return this;
  }

  /** u32 LE length, then the bytes. */
  addBytes(value: StaticArray<u8>): Args {
    store<u32>(this.reserve(4), value.length);
    memory.copy(this.reserve(value.length), changetype<usize>(value), value.length);
    return this;
  }

  /** Same bytes as `addBytes`. */
  addUint8Array(value: Uint8Array): Args {
    store<u32>(this.reserve(4), value.length);
    memory.copy(this.reserve(value.length), value.dataStart, value.length);
    return this;
  }

  /** A u128 given as its 16 little-endian bytes (see `u128Bytes`). */
  addU128Bytes(value: StaticArray<u8>): Args {
    return this.addFixed(value, 16, 'u128');
  }

  /** An i128 given as its 16 little-endian two's-complement bytes (see `i128Bytes`). */
  addI128Bytes(value: StaticArray<u8>): Args {
    return this.addFixed(value, 16, 'i128');
  }

  /** A u256 given as its 32 little-endian bytes (see `u256Bytes`). */
  addU256Bytes(value: StaticArray<u8>): Args {
    return this.addFixed(value, 32, 'u256');
  }

  /** The object's own `serialize()` bytes, no prefix. */
  addSerializable<T>(value: T): Args {
    // @ts-ignore: AssemblyScript generic checked at compile time
    const bytes = value.serialize();
    memory.copy(this.reserve(bytes.length), changetype<usize>(bytes), bytes.length);
    return this;
  }

  /** u32 LE total byte length, then each object's `serialize()` bytes. */
  addSerializableObjectArray<T>(values: Array<T>): Args {
    const start = this.beginLengthPrefix();
    for (let i = 0; i < values.length; i++) this.addSerializable<T>(values[i]);
    this.endLengthPrefix(start);
    return this;
  }

  /**
   * u32 LE byte length of the content, then the content: packed elements for bool/integers/floats
   * and u128/i128/u256, `(u32 length ‖ UTF-8)` per string, concatenated `serialize()` per object.
   */
  addArray<T>(values: Array<T>): Args {
    if (isBoolean<T>()) {
      const length = values.length;
      store<u32>(this.reserve(4), length);
      const dst = this.reserve(length);
      for (let i = 0; i < length; i++) store<u8>(dst + i, unchecked(values[i]) ? 1 : 0);
      return this;
    }
    if (isInteger<T>() || isFloat<T>()) {
      const byteLength = values.length * sizeof<T>();
      store<u32>(this.reserve(4), <u32>byteLength);
      memory.copy(this.reserve(<i32>byteLength), values.dataStart, byteLength);
      return this;
    }
    if (isString<T>()) {
      const start = this.beginLengthPrefix();
      for (let i = 0; i < values.length; i++) this.addString(changetype<string>(unchecked(values[i])));
      this.endLengthPrefix(start);
      return this;
    }
    if (isReference<T>()) {
      if (isWideInteger128<T>() || isWideInteger256<T>()) {
        const size = <i32>offsetof<T>();
        store<u32>(this.reserve(4), <u32>(values.length * size));
        for (let i = 0; i < values.length; i++) {
          memory.copy(this.reserve(size), changetype<usize>(unchecked(values[i])), size);
        }
        return this;
      }
      if (isSerializable<T>()) return this.addSerializableObjectArray<T>(values);
    }
    ERROR('Args.addArray: unsupported element type. Use bool, an integer or float type, string, u128/i128/u256 or a Serializable class.');
    return this;
  }

  private addFixed(value: StaticArray<u8>, size: i32, type: string): Args {
    if (value.length != size) {
      throw new Error(
        'Args: a ' + type + ' takes ' + size.toString() + ' bytes, got ' + value.length.toString(),
      );
    }
    memory.copy(this.reserve(size), changetype<usize>(value), size);
    return this;
  }

  private beginLengthPrefix(): i32 {
    this.reserve(4);
    return this.length;
  }

  private endLengthPrefix(contentStart: i32): void {
    store<u32>(changetype<usize>(this.buffer) + contentStart - 4, this.length - contentStart);
  }

  /** Grows the buffer for `size` more bytes and returns the address to write them at. */
  private reserve(size: i32): usize {
    const needed = this.length + size;
    if (needed > this.buffer.length) {
      let capacity = this.buffer.length << 1;
      if (capacity < needed) capacity = needed;
      if (capacity < 64) capacity = 64;
      // @ts-ignore: AssemblyScript runtime builtin
      const grown = changetype<StaticArray<u8>>(__new(capacity, idof<StaticArray<u8>>()));
      memory.copy(changetype<usize>(grown), changetype<usize>(this.buffer), this.length);
      this.buffer = grown;
    }
    const at = changetype<usize>(this.buffer) + this.length;
    this.length = needed;
    return at;
  }

  // ---- reading -------------------------------------------------------------------------------

  /** Reads a value of static type `T`, the counterpart of `add<T>()`. */
  next<T>(): Result<T> {
    if (isBoolean<T>()) return changetype<Result<T>>(this.nextBool());
    if (isInteger<T>()) {
      if (isSigned<T>()) {
        if (sizeof<T>() == 1) return changetype<Result<T>>(this.nextI8());
        if (sizeof<T>() == 2) return changetype<Result<T>>(this.nextI16());
        if (sizeof<T>() == 4) return changetype<Result<T>>(this.nextI32());
        return changetype<Result<T>>(this.nextI64());
      }
      if (sizeof<T>() == 1) return changetype<Result<T>>(this.nextU8());
      if (sizeof<T>() == 2) return changetype<Result<T>>(this.nextU16());
      if (sizeof<T>() == 4) return changetype<Result<T>>(this.nextU32());
      return changetype<Result<T>>(this.nextU64());
    }
    if (isFloat<T>()) {
      if (sizeof<T>() == 4) return changetype<Result<T>>(this.nextF32());
      return changetype<Result<T>>(this.nextF64());
    }
    if (isString<T>()) return changetype<Result<T>>(this.nextString());
    if (isReference<T>()) {
      if (idof<T>() == idof<StaticArray<u8>>()) return changetype<Result<T>>(this.nextBytes());
      if (idof<T>() == idof<Uint8Array>()) return changetype<Result<T>>(this.nextUint8Array());
      // @ts-ignore: AssemblyScript generic checked at compile time
      if (isArray<T>()) return changetype<Result<T>>(this.nextArray<valueof<T>>());
      if (isWideInteger128<T>() || isWideInteger256<T>()) {
        const value = instantiate<T>();
        if (!this.fits(offsetof<T>())) return new Result<T>(value, outOfRange(nameof<T>()));
        memory.copy(changetype<usize>(value), this.cursor(), offsetof<T>());
        this._offset += <i32>offsetof<T>();
        return new Result<T>(value);
      }
      if (isSerializable<T>()) return this.nextSerializable<T>();
    }
    ERROR('Args.next: unsupported type. Use bool, an integer or float type, string, StaticArray<u8>, Uint8Array, u128/i128/u256, a Serializable class, or an Array of those.');
    return changetype<Result<T>>(0);
  }

  /** Like `next<T>()` but aborts with `Can't deserialize <field>: <reason>` on failure. */
  mustNext<T>(field: string): T {
    return this.next<T>().expect("Can't deserialize " + field);
  }

  nextBool(): Result<bool> {
    if (!this.fits(1)) return new Result<bool>(false, outOfRange('bool'));
    return new Result<bool>(load<u8>(this.advance(1)) != 0);
  }

  nextU8(): Result<u8> {
    if (!this.fits(1)) return new Result<u8>(0, outOfRange('u8'));
    return new Result<u8>(load<u8>(this.advance(1)));
  }

  nextI8(): Result<i8> {
    if (!this.fits(1)) return new Result<i8>(0, outOfRange('i8'));
    return new Result<i8>(load<i8>(this.advance(1)));
  }

  nextU16(): Result<u16> {
    if (!this.fits(2)) return new Result<u16>(0, outOfRange('u16'));
    return new Result<u16>(load<u16>(this.advance(2)));
  }

  nextI16(): Result<i16> {
    if (!this.fits(2)) return new Result<i16>(0, outOfRange('i16'));
    return new Result<i16>(load<i16>(this.advance(2)));
  }

  nextU32(): Result<u32> {
    if (!this.fits(4)) return new Result<u32>(0, outOfRange('u32'));
    return new Result<u32>(load<u32>(this.advance(4)));
  }

  nextI32(): Result<i32> {
    if (!this.fits(4)) return new Result<i32>(0, outOfRange('i32'));
    return new Result<i32>(load<i32>(this.advance(4)));
  }

  nextU64(): Result<u64> {
    if (!this.fits(8)) return new Result<u64>(0, outOfRange('u64'));
    return new Result<u64>(load<u64>(this.advance(8)));
  }

  nextI64(): Result<i64> {
    if (!this.fits(8)) return new Result<i64>(0, outOfRange('i64'));
    return new Result<i64>(load<i64>(this.advance(8)));
  }

  nextF32(): Result<f32> {
    if (!this.fits(4)) return new Result<f32>(0, outOfRange('f32'));
    return new Result<f32>(load<f32>(this.advance(4)));
  }

  nextF64(): Result<f64> {
    if (!this.fits(8)) return new Result<f64>(0, outOfRange('f64'));
    return new Result<f64>(load<f64>(this.advance(8)));
  }

  nextString(): Result<string> {
    const length = this.prefixedLength();
    if (length < 0) return new Result<string>('', outOfRange('string'));
    return new Result<string>(String.UTF8.decodeUnsafe(this.advance(<i32>length), <usize>length));
  }

  nextBytes(): Result<StaticArray<u8>> {
    const length = this.prefixedLength();
    if (length < 0) return new Result<StaticArray<u8>>(new StaticArray<u8>(0), outOfRange('StaticArray<u8>'));
    const bytes = new StaticArray<u8>(<i32>length);
    memory.copy(changetype<usize>(bytes), this.advance(<i32>length), <usize>length);
    return new Result<StaticArray<u8>>(bytes);
  }

  nextUint8Array(): Result<Uint8Array> {
    const length = this.prefixedLength();
    if (length < 0) return new Result<Uint8Array>(new Uint8Array(0), outOfRange('Uint8Array'));
    const array = new Uint8Array(<i32>length);
    memory.copy(array.dataStart, this.advance(<i32>length), <usize>length);
    return new Result<Uint8Array>(array);
  }

  /** A u128 as its 16 little-endian bytes. */
  nextU128Bytes(): Result<StaticArray<u8>> {
    return this.nextFixed(16, 'u128');
  }

  /** An i128 as its 16 little-endian two's-complement bytes. */
  nextI128Bytes(): Result<StaticArray<u8>> {
    return this.nextFixed(16, 'i128');
  }

  /** A u256 as its 32 little-endian bytes. */
  nextU256Bytes(): Result<StaticArray<u8>> {
    return this.nextFixed(32, 'u256');
  }

  /**
   * Reads an object through its `deserialize(data, offset)`, which gets the whole buffer and the
   * current offset and returns the offset after the object.
   */
  nextSerializable<T>(): Result<T> {
    const value = instantiate<T>();
    // @ts-ignore: AssemblyScript generic checked at compile time
    const result = value.deserialize(this.view(), this._offset);
    if (result.isErr()) {
      return new Result<T>(value, "can't deserialize " + nameof<T>() + ' from given argument: ' + result.error!);
    }
    const end = result.unwrap();
    if (end < this._offset || end > this.length) return new Result<T>(value, outOfRange(nameof<T>()));
    this._offset = end;
    return new Result<T>(value);
  }

  nextSerializableObjectArray<T>(): Result<Array<T>> {
    return this.nextArray<T>();
  }

  nextStringArray(): Result<Array<string>> {
    return this.nextArray<string>();
  }

  /** Counterpart of `addArray<T>()`. */
  nextArray<T>(): Result<Array<T>> {
    const start = this._offset;
    const byteLength = this.prefixedLength();
    if (byteLength < 0) return new Result<Array<T>>([], outOfRange(arrayTypeName<T>()));
    const contentStart = this._offset;
    const end = contentStart + <i32>byteLength;

    if (isBoolean<T>() || isInteger<T>() || isFloat<T>()) {
      if (<u32>byteLength % sizeof<T>() != 0) {
        this._offset = start;
        return new Result<Array<T>>([], this.notMultiple(arrayTypeName<T>(), <i32>byteLength, sizeof<T>()));
      }
      const values = instantiate<Array<T>>(<i32>(<u32>byteLength / sizeof<T>()));
      memory.copy(values.dataStart, this.cursor(), <usize>byteLength);
      if (isBoolean<T>()) {
        // @ts-ignore: AssemblyScript bool is a number
        for (let i = 0; i < values.length; i++) store<u8>(values.dataStart + i, load<u8>(values.dataStart + i) != 0);
      }
      this._offset = end;
      return new Result<Array<T>>(values);
    }
    if (isString<T>()) {
      const values = new Array<string>();
      while (this._offset < end) {
        const item = this.nextString();
        if (item.isErr() || this._offset > end) {
          this._offset = start;
          return new Result<Array<T>>([], outOfRange(arrayTypeName<T>()));
        }
        values.push(item.unwrap());
      }
      return new Result<Array<T>>(changetype<Array<T>>(values));
    }
    if (isReference<T>()) {
      if (isWideInteger128<T>() || isWideInteger256<T>()) {
        const size = <u32>offsetof<T>();
        if (<u32>byteLength % size != 0) {
          this._offset = start;
          return new Result<Array<T>>([], this.notMultiple(arrayTypeName<T>(), <i32>byteLength, size));
        }
        const count = <i32>(<u32>byteLength / size);
        const values = instantiate<Array<T>>(count);
        for (let i = 0; i < count; i++) {
          const value = instantiate<T>();
          memory.copy(changetype<usize>(value), this.cursor(), size);
          this._offset += <i32>size;
          unchecked((values[i] = value));
        }
        return new Result<Array<T>>(values);
      }
      if (isSerializable<T>()) {
        const content = new StaticArray<u8>(<i32>byteLength);
        memory.copy(changetype<usize>(content), this.cursor(), <usize>byteLength);
        const values = new Array<T>();
        let at = 0;
        while (at < content.length) {
          const value = instantiate<T>();
          // @ts-ignore: AssemblyScript generic checked at compile time
          const result = value.deserialize(content, at);
          if (result.isErr() || result.unwrap() <= at || result.unwrap() > content.length) {
            this._offset = start;
            const reason = result.isErr() ? result.error! : 'out of range';
            return new Result<Array<T>>([], "can't deserialize " + arrayTypeName<T>() + ' from given argument: ' + reason);
          }
          at = result.unwrap();
          values.push(value);
        }
        this._offset = end;
        return new Result<Array<T>>(values);
      }
    }
    ERROR('Args.nextArray: unsupported element type. Use bool, an integer or float type, string, u128/i128/u256 or a Serializable class.');
    return new Result<Array<T>>([]);
  }

  private nextFixed(size: i32, type: string): Result<StaticArray<u8>> {
    if (!this.fits(size)) return new Result<StaticArray<u8>>(new StaticArray<u8>(0), outOfRange(type));
    const bytes = new StaticArray<u8>(size);
    memory.copy(changetype<usize>(bytes), this.advance(size), size);
    return new Result<StaticArray<u8>>(bytes);
  }

  private notMultiple(type: string, byteLength: i32, size: usize): string {
    return (
      "can't deserialize " +
      type +
      ' from given argument: byte length ' +
      byteLength.toString() +
      ' is not a multiple of ' +
      size.toString()
    );
  }

  /** Reads a u32 length prefix that must fit in the remaining bytes; -1 (offset unchanged) otherwise. */
  private prefixedLength(): i64 {
    if (!this.fits(4)) return -1;
    const length = load<u32>(this.cursor());
    if (<u64>length > <u64>(this.remaining - 4)) return -1;
    this._offset += 4;
    return length;
  }

  @inline
  private fits(size: usize): bool {
    return this._offset >= 0 && this._offset <= this.length && <u64>size <= <u64>(this.length - this._offset);
  }

  @inline
  private cursor(): usize {
    return changetype<usize>(this.buffer) + this._offset;
  }

  @inline
  private advance(size: i32): usize {
    const at = this.cursor();
    this._offset += size;
    return at;
  }

  private view(): StaticArray<u8> {
    return this.length == this.buffer.length ? this.buffer : this.serialize();
  }
}

/** Empty arguments, for calls that take none. One shared instance: never `add` to it. */
export const NoArg: Args = new Args();
