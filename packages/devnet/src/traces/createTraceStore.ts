import { DevnetOptionError } from '../devnetOptionError.js';
import { TraceStore, type TraceOptions } from './TraceStore.js';

function count(option: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new DevnetOptionError('MASON_DEVNET_INVALID_OPTION', { option, expected: 'a non-negative integer', value });
  return value;
}

/** The devnet's `traces` option: a store (default sizes), or null for `false` (nothing recorded, nothing paid). */
export function createTraceStore(options: TraceOptions | false | undefined): TraceStore | null {
  if (options === false) return null;
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new DevnetOptionError('MASON_DEVNET_INVALID_OPTION', { option: 'traces', expected: '{ keep, maxBytes } or false', value: String(options) });
  }
  const keep = count('traces.keep', options?.keep);
  const maxBytes = count('traces.maxBytes', options?.maxBytes);
  return new TraceStore({ ...(keep !== undefined && { keep }), ...(maxBytes !== undefined && { maxBytes }) });
}
