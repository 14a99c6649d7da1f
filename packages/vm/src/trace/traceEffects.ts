import { formatMas } from '@mason/codec';
import { asyncMessageId, formatAsyncMessageId } from '../asyncMessageId.js';
import type { AsyncMessage } from '../asyncMessages.js';
import type { TraceEffect } from './ExecutionTrace.js';
import { traceBytes } from './traceBytes.js';

// Built only when a tracer records (callers write `ctx.tracer?.effect(storageRead(…))`).

export function storageRead(address: string, key: Uint8Array, value: Uint8Array | undefined): TraceEffect {
  return { type: 'storageRead', address, key: traceBytes(key), value: value === undefined ? null : traceBytes(value) };
}

export function storageWrite(address: string, key: Uint8Array, value: Uint8Array): TraceEffect {
  return { type: 'storageWrite', address, key: traceBytes(key), value: traceBytes(value) };
}

export function storageDelete(address: string, key: Uint8Array): TraceEffect {
  return { type: 'storageDelete', address, key: traceBytes(key) };
}

export function transferEffect(from: string | undefined, to: string | undefined, amount: bigint): TraceEffect {
  return { type: 'transfer', from: from ?? null, to: to ?? null, amount: formatMas(amount) };
}

export function asyncMessageEffect(message: AsyncMessage): TraceEffect {
  return {
    type: 'asyncMessage',
    id: formatAsyncMessageId(asyncMessageId(message)),
    destination: message.destination,
    function: message.function,
    coins: formatMas(message.coins),
    fee: formatMas(message.fee),
    maxGas: Number(message.maxGas),
    validityStart: { ...message.validityStart },
    validityEnd: { ...message.validityEnd },
  };
}
