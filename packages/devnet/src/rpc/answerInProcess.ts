import { PARSE_ERROR, requestTooBig, responseTooBig, type JsonRpcDispatcher } from './dispatcher.js';
import type { ServerLimits } from './serverLimits.js';

/**
 * Answers a request body as the HTTP server of `dispatcher` does once the body is read: the same
 * methods, errors and body size limits, for a caller in the same process. What HTTP adds around
 * it (status codes, headers, CORS, connection limits) has no meaning without a socket.
 */
export async function answerInProcess(dispatcher: JsonRpcDispatcher, limits: ServerLimits, body: unknown): Promise<string | null> {
  if (typeof body !== 'string') return PARSE_ERROR;
  if (Buffer.byteLength(body) > limits.maxRequestBodySize) return requestTooBig(limits.maxRequestBodySize);
  const answer = await dispatcher.handleText(body);
  if (answer !== null && Buffer.byteLength(answer) > limits.maxResponseBodySize) return responseTooBig(limits.maxResponseBodySize);
  return answer;
}
