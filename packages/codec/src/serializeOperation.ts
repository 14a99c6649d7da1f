import { Address } from './address.js';
import { concatBytes, utf8 } from './bytes.js';
import { readDatastore, serializeDatastore } from './datastore.js';
import { ByteReader } from './byteReader.js';
import { CodecError } from './errors.js';
import { LIMITS } from './limits.js';
import { OPERATION_TYPE_IDS, type Operation, type OperationContent } from './operation.js';
import { encodeVarint, toUnsigned } from './varint.js';

/** varint fee ‖ varint expire_period ‖ varint(u32) type ‖ payload (massa-models operation.rs). */
export function serializeOperationContent(content: OperationContent): Uint8Array {
  return concatBytes(
    encodeVarint(toUnsigned(content.fee, 64, 'fee')),
    encodeVarint(toUnsigned(content.expirePeriod, 64, 'expire period')),
    encodeVarint(OPERATION_TYPE_IDS[content.op.type], 32),
    serializePayload(content.op),
  );
}

function serializePayload(op: Operation): Uint8Array {
  switch (op.type) {
    case 'Transaction':
      return concatBytes(Address.fromString(op.recipient).toBytes(), encodeVarint(toUnsigned(op.amount, 64, 'amount')));
    case 'RollBuy':
    case 'RollSell':
      return encodeVarint(toUnsigned(op.rollCount, 64, 'roll count'));
    case 'ExecuteSC':
      checkLength(op.bytecode.length, LIMITS.maxBytecodeLength, 'bytecode length');
      return concatBytes(
        encodeVarint(toUnsigned(op.maxGas, 64, 'max gas')),
        encodeVarint(toUnsigned(op.maxCoins, 64, 'max coins')),
        encodeVarint(op.bytecode.length),
        op.bytecode,
        serializeDatastore(op.datastore),
      );
    case 'CallSC': {
      const func = utf8(op.func);
      checkLength(func.length, LIMITS.maxFunctionNameLength, 'function name length');
      checkLength(op.param.length, LIMITS.maxParameterSize, 'parameter size');
      return concatBytes(
        encodeVarint(toUnsigned(op.maxGas, 64, 'max gas')),
        encodeVarint(toUnsigned(op.coins, 64, 'coins')),
        Address.fromString(op.target).toBytes(),
        encodeVarint(func.length, 16),
        func,
        encodeVarint(op.param.length),
        op.param,
      );
    }
    default:
      throw new CodecError('MASON_CODEC_OPERATION_TYPE_UNKNOWN', { type: (op as { type: unknown }).type });
  }
}

function checkLength(actual: number, limit: number, what: string): void {
  if (actual > limit) throw new CodecError('MASON_CODEC_LIMIT_EXCEEDED', { what, actual, limit });
}

/** The inverse of serializeOperationContent; rejects truncated input, trailing bytes and over-limit fields. */
export function deserializeOperationContent(bytes: Uint8Array): OperationContent {
  const reader = new ByteReader(bytes, 'operation content');
  const content = readOperationContent(reader);
  reader.end();
  return content;
}

export function readOperationContent(reader: ByteReader): OperationContent {
  const fee = reader.varint();
  const expirePeriod = reader.smallVarint();
  const type = Number(reader.varint(32));
  return { fee, expirePeriod, op: readPayload(reader, type) };
}

function readAddress(reader: ByteReader): string {
  const { address, offset } = Address.read(reader.bytes, reader.offset);
  reader.offset = offset;
  return address.toString();
}

function readPayload(reader: ByteReader, type: number): Operation {
  switch (type) {
    case 0:
      return { type: 'Transaction', recipient: readAddress(reader), amount: reader.varint() };
    case 1:
      return { type: 'RollBuy', rollCount: reader.varint() };
    case 2:
      return { type: 'RollSell', rollCount: reader.varint() };
    case 3: {
      const maxGas = reader.varint();
      const maxCoins = reader.varint();
      const bytecode = reader.lengthPrefixed(LIMITS.maxBytecodeLength, 'bytecode');
      return { type: 'ExecuteSC', maxGas, maxCoins, bytecode, datastore: readDatastore(reader) };
    }
    case 4: {
      const maxGas = reader.varint();
      const coins = reader.varint();
      const target = readAddress(reader);
      const funcLength = reader.smallVarint(16);
      if (funcLength > LIMITS.maxFunctionNameLength) {
        throw new CodecError('MASON_CODEC_LIMIT_EXCEEDED', { what: 'function name length', actual: funcLength, limit: LIMITS.maxFunctionNameLength });
      }
      const func = reader.utf8(funcLength, 'function name');
      const param = reader.lengthPrefixed(LIMITS.maxParameterSize, 'parameter');
      return { type: 'CallSC', maxGas, coins, target, func, param };
    }
    default:
      throw new CodecError('MASON_CODEC_OPERATION_TYPE_UNKNOWN', { type });
  }
}
