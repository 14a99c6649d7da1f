/** Finds a system error code (ECONNREFUSED, …) in an error, its causes or an AggregateError's members. */
export function networkErrorCode(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (code === 'ECONNREFUSED') return code;
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      if (networkErrorCode(inner, depth + 1) === 'ECONNREFUSED') return 'ECONNREFUSED';
    }
  }
  return networkErrorCode(cause, depth + 1) ?? (typeof code === 'string' ? code : undefined);
}

export function errorReason(error: unknown): string {
  const code = networkErrorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}
