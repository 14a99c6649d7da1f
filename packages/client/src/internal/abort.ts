import { ClientError } from '../errors.js';

/** Resolves after `ms`, or rejects with MASON_CLIENT_ABORTED when `signal` aborts first. */
export function sleep(ms: number, signal?: AbortSignal, method = 'sleep'): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(method));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(method));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function abortedError(method: string): ClientError<'MASON_CLIENT_ABORTED'> {
  return new ClientError('MASON_CLIENT_ABORTED', { method });
}
