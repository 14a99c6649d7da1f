import type { AbiType } from '@mason/codec/base';
import type { SourceNode } from './abiAst.js';

/** `args.nextX()` of the SDKs (@mason/sdk, massa-as-sdk's as-types) and the type each reads. */
export const READS: Record<string, AbiType> = {
  nextBool: 'bool',
  nextU8: 'u8',
  nextI8: 'i8',
  nextU16: 'u16',
  nextI16: 'i16',
  nextU32: 'u32',
  nextI32: 'i32',
  nextU64: 'u64',
  nextI64: 'i64',
  nextU128: 'u128',
  nextI128: 'i128',
  nextU256: 'u256',
  nextI256: 'i256',
  nextU128Bytes: 'u128',
  nextI128Bytes: 'i128',
  nextU256Bytes: 'u256',
  nextF32: 'f32',
  nextF64: 'f64',
  nextString: 'string',
  nextBytes: 'bytes',
  nextUint8Array: 'bytes',
  nextStringArray: 'string[]',
};

/** Reads whose type is their type argument: `next<T>`, `nextArray<T>` (an array of T), … */
export const GENERIC_READS: Record<string, 'value' | 'array'> = {
  next: 'value',
  mustNext: 'value',
  nextSerializable: 'value',
  nextArray: 'array',
  nextFixedSizeArray: 'array',
  nextSerializableObjectArray: 'array',
};

/** `new Args().addX(v)`: the type each writes. */
export const WRITES: Record<string, AbiType> = {
  addBool: 'bool',
  addU8: 'u8',
  addI8: 'i8',
  addU16: 'u16',
  addI16: 'i16',
  addU32: 'u32',
  addI32: 'i32',
  addU64: 'u64',
  addI64: 'i64',
  addU128: 'u128',
  addI128: 'i128',
  addU256: 'u256',
  addF32: 'f32',
  addF64: 'f64',
  addString: 'string',
  addBytes: 'bytes',
  addUint8Array: 'bytes',
};

/** The SDKs' one-value encoders: the bytes a function returns, as `raw` values. */
export const ENCODERS: Record<string, AbiType> = {
  stringToBytes: 'string',
  boolToByte: 'bool',
  u8toByte: 'u8',
  u8ToByte: 'u8',
  i8toByte: 'i8',
  i8ToByte: 'i8',
  u16ToBytes: 'u16',
  i16ToBytes: 'i16',
  u32ToBytes: 'u32',
  i32ToBytes: 'i32',
  u64ToBytes: 'u64',
  i64ToBytes: 'i64',
  f32ToBytes: 'f32',
  f64ToBytes: 'f64',
  u128ToBytes: 'u128',
  i128ToBytes: 'i128',
  u256ToBytes: 'u256',
  i256ToBytes: 'i256',
};

/** The matching decoders: the value they give. */
export const DECODERS: Record<string, AbiType> = {
  bytesToString: 'string',
  byteToBool: 'bool',
  byteToU8: 'u8',
  byteToI8: 'i8',
  bytesToU16: 'u16',
  bytesToI16: 'i16',
  bytesToU32: 'u32',
  bytesToI32: 'i32',
  bytesToU64: 'u64',
  bytesToI64: 'i64',
  bytesToF32: 'f32',
  bytesToF64: 'f64',
  bytesToU128: 'u128',
  bytesToI128: 'i128',
  bytesToU256: 'u256',
  bytesToI256: 'i256',
};

/** `Context.x()` (and massa-as-sdk's free functions of the same names) that give a typed value. */
export const CONTEXT: Record<string, { type: AbiType; format?: 'address' }> = {
  caller: { type: 'string', format: 'address' },
  callee: { type: 'string', format: 'address' },
  transferredCoins: { type: 'u64' },
  timestamp: { type: 'u64' },
  currentPeriod: { type: 'u64' },
  currentThread: { type: 'u8' },
  remainingGas: { type: 'u64' },
  balance: { type: 'u64' },
  isDeployingContract: { type: 'bool' },
};

/** Libraries whose functions the inference knows by name and never follows into. */
export const SDK_PATHS = ['~lib/@massalabs/massa-as-sdk/', '~lib/@massalabs/as-types/', '~lib/@mason/sdk/', '~lib/as-bignum/', '~lib/@as-pect/'];

export const isSdkSource = (source: SourceNode): boolean => SDK_PATHS.some((prefix) => `${source.internalPath}/`.startsWith(prefix));

export const INTEGERS = new Set(['u8', 'i8', 'u16', 'i16', 'u32', 'i32', 'u64', 'i64', 'u128', 'i128', 'u256', 'i256']);
