// The client's error table: every error the package throws has a stable code, a message template
// filled from its typed context, and an anchor in docs/client.md. Its templates are functions: several
// messages depend on the context beyond filling placeholders (an optional body, a joined list, a hint
// chosen by the value).

import { defineErrors, docsUrl, type CodedError, type ExecutionTrace } from '@mason/codec';

const DOCS_PAGE = 'client.md';

/** A template function whose parameter types the code's context. */
function spec<Context extends object>(message: (context: Context) => string): (context: Context) => string {
  return message;
}

const table = {
  MASON_CLIENT_RPC_ERROR: spec<{ method: string; url: string; rpcCode: number; rpcMessage: string }>(
    (c) => `${c.method} failed on ${c.url}: ${c.rpcMessage} (JSON-RPC error ${c.rpcCode})`,
  ),
  MASON_CLIENT_CONNECTION_REFUSED: spec<{ url: string }>(
    (c) => `Could not connect to ${c.url} (connection refused). Is a node running at ${c.url}? Start one with \`npx mason node\`.`,
  ),
  MASON_CLIENT_NETWORK_ERROR: spec<{ url: string; method: string; reason: string }>(
    (c) => `${c.method} to ${c.url} failed: ${c.reason}. Check the URL and your network, then retry.`,
  ),
  MASON_CLIENT_HTTP_STATUS: spec<{ url: string; method: string; status: number; body: string }>(
    (c) =>
      `${c.method} to ${c.url} answered HTTP ${c.status}${c.body ? `: ${c.body}` : ''}. ` +
      'Check that the URL points at a Massa JSON-RPC endpoint (public API, or apiUrl for the API port).',
  ),
  MASON_CLIENT_TIMEOUT: spec<{ url: string; method: string; timeoutMs: number }>(
    (c) => `${c.method} to ${c.url} got no answer within ${c.timeoutMs} ms. ` + 'The node may be overloaded or unreachable; raise timeoutMs or check the node.',
  ),
  MASON_CLIENT_INVALID_RESPONSE: spec<{ url: string; method: string; reason: string }>(
    (c) => `${c.method} to ${c.url} returned a response that is not valid JSON-RPC 2.0: ${c.reason}.`,
  ),
  MASON_CLIENT_API_URL_MISSING: spec<{ method: string }>(
    (c) =>
      `${c.method} is served on the node's API port (33036), but the client has neither apiUrl nor wsUrl. ` +
      'Pass createClient({ url, apiUrl: "http://127.0.0.1:33036" }).',
  ),
  MASON_CLIENT_WS_URL_MISSING: spec<{ method: string }>(
    (c) =>
      `${c.method} needs a WebSocket connection, but the client has no wsUrl. ` +
      'Pass createClient({ url, wsUrl: "ws://127.0.0.1:33036" }) (the node must run with enable_ws).',
  ),
  MASON_CLIENT_WS_CLOSED: spec<{ url: string; code: number; reason: string }>(
    (c) =>
      `The WebSocket connection to ${c.url} closed (code ${c.code}${c.reason ? `, ${c.reason}` : ''}). ` +
      'Pending requests and subscriptions ended; subscribe again to resume.',
  ),
  MASON_CLIENT_SUBSCRIPTION_OVERFLOW: spec<{ method: string; bufferSize: number }>(
    (c) => `The ${c.method} subscription buffered ${c.bufferSize} unread notifications and was closed. ` + 'Consume notifications faster or raise bufferSize.',
  ),
  MASON_CLIENT_CLOSED: spec<{ method: string }>((c) => `${c.method} was called on a closed client. Create a new client with createClient().`),
  MASON_CLIENT_ABORTED: spec<{ method: string }>((c) => `${c.method} was aborted by its AbortSignal.`),
  MASON_CLIENT_INVALID_SECRET_KEY: spec<{ source: string; reason: string }>(
    (c) => `The secret key from ${c.source} is not a valid Massa secret key (${c.reason}). It must look like "S1…".`,
  ),
  MASON_CLIENT_SECRET_KEY_MISSING: spec<{ searched: string[] }>(
    (c) =>
      `No secret key found (looked in ${c.searched.join(', ')}). ` + 'Put PRIVATE_KEY=S1… in a .env file next to your project (never commit it) or export it.',
  ),
  MASON_CLIENT_KEYSTORE_WRONG_PASSWORD: spec<{ address: string }>(
    (c) => `Wrong password for the wallet of ${c.address}: the key did not decrypt. Check the password (and its keyboard layout); nothing was changed.`,
  ),
  MASON_CLIENT_KEYSTORE_INVALID: spec<{ field: string; reason: string }>(
    (c) => `Not a valid Massa wallet: ${c.field} ${c.reason}. The file may be truncated or edited by hand; restore it from a backup or import the key again.`,
  ),
  MASON_CLIENT_ENV_FILE_NOT_FOUND: spec<{ path: string }>(
    (c) => `The env file ${c.path} does not exist. Create it with a PRIVATE_KEY=S1… line or pass another path.`,
  ),
  MASON_CLIENT_INVALID_ARGUMENT: spec<{ name: string; value: string; expected: string }>((c) => `Invalid ${c.name}: ${c.value}; expected ${c.expected}.`),
  MASON_CLIENT_MAX_GAS_OUT_OF_RANGE: spec<{ operation: string; maxGas: bigint; min: bigint; max: bigint }>(
    (c) =>
      `${c.operation} max_gas ${c.maxGas} is outside [${c.min}, ${c.max}]. ` +
      (c.maxGas > c.max
        ? 'A node accepts such an operation but it never fits in a block and silently expires; lower maxGas.'
        : 'Execution needs at least that much gas; raise maxGas or omit it to estimate.'),
  ),
  MASON_CLIENT_FEE_TOO_LOW: spec<{ fee: string; minimalFees: string }>(
    (c) =>
      `Fee ${c.fee} MAS is below the node's minimal fee ${c.minimalFees} MAS; the pool would drop the operation. ` +
      'Omit fee to use the minimum, or raise it.',
  ),
  MASON_CLIENT_INSUFFICIENT_BALANCE: spec<{ address: string; balance: string; required: string }>(
    (c) =>
      `${c.address} has ${c.balance} MAS (candidate) but the operation may spend ${c.required} MAS (fee included). ` + 'Fund the address or lower the amount.',
  ),
  MASON_CLIENT_INSUFFICIENT_ROLLS: spec<{ address: string; rolls: number; requested: string }>(
    (c) =>
      `${c.address} has ${c.rolls} roll(s) (candidate) and cannot sell ${c.requested}. ` +
      'Sell at most the rolls it owns (get_addresses candidate_roll_count).',
  ),
  MASON_CLIENT_GAS_ESTIMATION_FAILED: spec<{ operation: string; error: string }>(
    (c) =>
      `Could not estimate max_gas for ${c.operation}: the read-only dry run failed with "${c.error}". ` +
      'The operation would fail the same way; fix the call, or pass maxGas to send it anyway.',
  ),
  MASON_CLIENT_DRY_RUN_FAILED: spec<{ operation: string; maxGas: bigint; error: string }>(
    (c) =>
      `The read-only dry run of ${c.operation} (max_gas ${c.maxGas}) failed with "${c.error}", so nothing was sent: ` +
      'the operation would fail the same way and spend its fee. Fix the bytecode or its inputs, or raise maxGas if it ran out of gas.',
  ),
  MASON_CLIENT_READ_ONLY_FAILED: spec<{ target: string; error: string; gasCost: number; trace?: ExecutionTrace | null }>(
    (c) => `Read-only execution of ${c.target} failed: ${c.error}`,
  ),
  MASON_CLIENT_OPERATION_REJECTED: spec<{ expected: string; received: string }>(
    (c) =>
      `send_operations returned id ${c.received}, but the operation signed locally has id ${c.expected}. ` +
      'The node uses another chain id or serialization; check the URL.',
  ),
};

export type ClientErrorCode = keyof typeof table;
export type ClientErrorContext<C extends ClientErrorCode> = Parameters<(typeof table)[C]>[0];

/** The table: code → function of the context giving the message. */
export const clientErrors: typeof table = table;

/** Absolute URL of a code's section of docs/client.md (GitHub lowercases heading text). */
export function clientErrorDocs(code: ClientErrorCode): string {
  return docsUrl(DOCS_PAGE, code);
}

export const CLIENT_ERROR_CODES = Object.keys(table) as ClientErrorCode[];

const defined = defineErrors(table, DOCS_PAGE, { name: 'ClientError', codeInMessage: true });

/** Its message ends with the code (` [MASON_CLIENT_…]`), for logs; `shortMessage` is without it. */
export const ClientError = defined.Error;
export type ClientError<C extends ClientErrorCode = ClientErrorCode> = CodedError<typeof table, C>;

/** True for a ClientError or RpcError (with `code` when given), also one made by another copy of @mason/client. */
export const isClientError = defined.is;
