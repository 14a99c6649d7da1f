import { PARSE_ERROR, requestTooBig, responseTooBig, type JsonRpcDispatcher } from './dispatcher.js';
import { byteLengthOf, type JsonText } from './json.js';
import type { ServerLimits } from './serverLimits.js';

/**
 * The answer to a request body once it is read and decoded, as the HTTP server sends it and as a
 * caller in the same process gets it: the dispatcher's, or -32008 past the response size limit.
 */
export async function answerText(dispatcher: JsonRpcDispatcher, limits: ServerLimits, text: string): Promise<JsonText | null> {
  const answer = await dispatcher.handleText(text);
  if (answer !== null && byteLengthOf(answer) > limits.maxResponseBodySize) return responseTooBig(limits.maxResponseBodySize);
  return answer;
}

/**
 * Answers a request body as the HTTP server of `dispatcher` does once the body is read: the same
 * methods, errors and body size limits, for a caller in the same process. What HTTP adds around
 * it (status codes, headers, CORS, connection limits) has no meaning without a socket.
 */
export async function answerInProcess(dispatcher: JsonRpcDispatcher, limits: ServerLimits, body: unknown): Promise<string | null> {
  if (typeof body !== 'string') return PARSE_ERROR;
  if (Buffer.byteLength(body) > limits.maxRequestBodySize) return requestTooBig(limits.maxRequestBodySize);
  const answer = await answerText(dispatcher, limits, body);
  return answer === null ? null : String(answer);
}
