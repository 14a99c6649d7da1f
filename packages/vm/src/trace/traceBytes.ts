import { printableText, toHex } from '@mason/codec';
import type { TraceBytes } from './ExecutionTrace.js';

/** How many bytes of a value a trace keeps (a datastore value may weigh megabytes). */
export const TRACE_BYTES_SHOWN = 512;

/** Bytes as a trace shows them: hex, plus text when printable, cut at TRACE_BYTES_SHOWN. */
export function traceBytes(bytes: Uint8Array): TraceBytes {
  const shown = bytes.length > TRACE_BYTES_SHOWN ? bytes.subarray(0, TRACE_BYTES_SHOWN) : bytes;
  const text = printableText(shown);
  return {
    length: bytes.length,
    hex: toHex(shown),
    ...(text !== null && text.length > 0 && { text }),
    ...(shown !== bytes && { truncated: true as const }),
  };
}
