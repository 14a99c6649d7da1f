import { defineErrors, type CodedError } from './defineErrors.js';

/**
 * Every way decoding or encoding can fail, with a stable code. A codec function never returns a
 * wrong value for bad input: it throws a CodecError carrying one of these codes and its context.
 */
export const codecErrors = {
  MASON_CODEC_VARINT_TRUNCATED: 'varint is truncated: the input ends before its last byte',
  MASON_CODEC_VARINT_OVERFLOW: 'varint does not fit in {bits} bits',
  MASON_CODEC_VARINT_NOT_MINIMAL: 'varint is not minimally encoded (it ends with a zero continuation byte)',
  MASON_CODEC_VALUE_OUT_OF_RANGE: '{what} must be an integer in [{min}, {max}], got {value}',
  MASON_CODEC_AMOUNT_SYNTAX: 'amount "{text}" is not a decimal number of MAS such as "1", "0.01" or "12.5"',
  MASON_CODEC_AMOUNT_NEGATIVE: 'amount {text} is negative; Massa amounts are unsigned',
  MASON_CODEC_AMOUNT_TOO_MANY_DECIMALS: 'amount "{text}" has more than 9 decimals (1 nanoMAS = 0.000000001 MAS)',
  MASON_CODEC_AMOUNT_OVERFLOW: 'amount {text} exceeds the largest amount (18446744073.709551615 MAS)',
  MASON_CODEC_BASE58_INVALID: '"{text}" is not valid base58',
  MASON_CODEC_CHECKSUM_MISMATCH: '"{text}" has a bad checksum: it was mistyped or truncated',
  MASON_CODEC_PREFIX_INVALID: '{what} must start with {expected}, got "{text}"',
  MASON_CODEC_VERSION_UNSUPPORTED: '{what} version {version} is not supported (only version 0 exists)',
  MASON_CODEC_LENGTH_INVALID: '{what} must be {expected} bytes, got {actual}',
  MASON_CODEC_TRUNCATED: '{what} is truncated: needed {needed} more byte(s) at offset {offset}',
  MASON_CODEC_TRAILING_BYTES: '{what} has {count} unexpected trailing byte(s) after offset {offset}',
  MASON_CODEC_LIMIT_EXCEEDED: '{what} is {actual}, above the node limit of {limit}',
  MASON_CODEC_ADDRESS_TYPE_UNKNOWN: 'address type {type} is unknown (0 = user AU, 1 = smart contract AS)',
  MASON_CODEC_OPERATION_TYPE_UNKNOWN: 'operation type {type} is unknown (0 Transaction, 1 RollBuy, 2 RollSell, 3 ExecuteSC, 4 CallSC)',
  MASON_CODEC_SIGNATURE_INVALID: 'signature does not verify for public key {publicKey}',
  MASON_CODEC_UTF8_INVALID: '{what} is not valid UTF-8',
  MASON_CODEC_ARGS_OUT_OF_RANGE: "can't deserialize {type} from given argument: out of range (offset {offset}, {remaining} byte(s) left)",
  MASON_CODEC_MANIFEST_INVALID: 'the build manifest is not valid ({where}: {reason}); `mason build` writes it anew',
  MASON_CODEC_ABI_VALUE: '{where} ({type}): {reason}',
  MASON_CODEC_ABI_INVALID: 'the contract ABI is not valid ({where}: {reason}); `mason build` writes it anew',
} as const;

export type CodecErrorCode = keyof typeof codecErrors;

const defined = defineErrors(codecErrors, 'codec.md', { name: 'CodecError' });

/** A codec error; `CodecError<'MASON_CODEC_…'>` has that code's context. */
export const CodecError = defined.Error;
export type CodecError<C extends CodecErrorCode = CodecErrorCode> = CodedError<typeof codecErrors, C>;

/** True for a CodecError (with `code` when given), also one made by another copy of @mason/codec. */
export const isCodecError = defined.is;
