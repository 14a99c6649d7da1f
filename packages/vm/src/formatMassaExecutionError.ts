/** Truncates to at most `maxBytes` UTF-8 bytes without splitting a character (the node's `truncate_string`). */
export function truncateUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

export interface MassaExecutionErrorOptions {
  /** Operation id (`O…`); without it the op layer is left out. */
  operationId?: string | null;
  /** Event size cap (the node truncates error events to it); default 1024. */
  maxEventSize?: number;
}

/**
 * Data of the error event a node emits when an operation fails:
 * `{"massa_execution_error":"Runtime error: runtime error when executing operation O…: <error>"}`,
 * truncated to the event size limit. `nodeMessage` is the ExecutionError text (e.g.
 * `VmExecutionError.nodeMessage`, or a RollBuy/transaction error of the devnet).
 */
export function formatMassaExecutionError(nodeMessage: string, options: MassaExecutionErrorOptions = {}): string {
  const message = options.operationId ? `Runtime error: runtime error when executing operation ${options.operationId}: ${nodeMessage}` : nodeMessage;
  return truncateUtf8(JSON.stringify({ massa_execution_error: message }), options.maxEventSize ?? 1024);
}

/** Text of `result.Error` in a read-only response. */
export function formatReadOnlyError(nodeMessage: string): string {
  return `readonly call failed: ${nodeMessage}`;
}
