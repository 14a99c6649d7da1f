import { isMasonError } from '@mason/codec/base';

type Context = Record<string, unknown>;

/**
 * Errors of the libraries whose hint names an API field (maxGas, fee, timeoutMs, contracts…),
 * said with the mason command's flags instead. The facts come from the error's context; only the
 * advice changes.
 */
const CLI_WORDING: Record<string, (c: Context) => string> = {
  MASON_COMPILER_NO_CONTRACTS: (c) =>
    `No contract to build: ${c.reason}. Put contracts at the top level of ${c.contractsDir}, or name them: \`mason build <globs…>\` (relative to --contracts-dir).`,
  // `mason build` (and deploy) has printed each diagnostic with its code frame above: not again.
  MASON_COMPILER_SOURCE_ERROR: (c) => `${c.count} error(s) in ${c.contracts}, shown above.`,
  MASON_CLIENT_MAX_GAS_OUT_OF_RANGE: (c) =>
    `${c.operation} --max-gas ${c.maxGas} is outside [${c.min}, ${c.max}]. ` +
    ((c.maxGas as bigint) > (c.max as bigint)
      ? 'A node accepts such an operation but it never fits in a block and silently expires: lower --max-gas.'
      : 'Execution needs at least that much gas: raise --max-gas, or leave it out to have it estimated.'),
  MASON_CLIENT_GAS_ESTIMATION_FAILED: (c) =>
    `${c.operation} would fail, so nothing was sent: its dry run failed with "${c.error}". ` +
    'Fix the call (its --args, --coins), or pass --max-gas to send it anyway.',
  MASON_CLIENT_FEE_TOO_LOW: (c) =>
    `--fee ${c.fee} MAS is below the node's minimal fee ${c.minimalFees} MAS; the pool would drop the operation. ` +
    'Leave out --fee to pay the minimum, or raise it.',
  MASON_CLIENT_INSUFFICIENT_BALANCE: (c) =>
    `${c.address} has ${c.balance} MAS (candidate) but the operation may spend ${c.required} MAS (fee included). ` +
    'Fund the account (PRIVATE_KEY), or lower --coins.',
  MASON_CLIENT_TIMEOUT: (c) =>
    `${c.method} to ${c.url} got no answer within ${c.timeoutMs} ms. The node may be overloaded or unreachable: check it, and --network.`,
  MASON_CLIENT_WS_URL_MISSING: (c) => `${c.method} needs a WebSocket connection to the node: set MASON_NODE_WS_URL (e.g. ws://127.0.0.1:33036).`,
  MASON_CLIENT_API_URL_MISSING: (c) => `${c.method} is served on the node's API port: set MASON_NODE_WS_URL (e.g. ws://127.0.0.1:33036).`,
};

/** The message of an error as the mason command prints it: its code shown once, hints in terms of flags. */
export function cliMessage(error: unknown): string {
  const e = error as { message?: unknown; code?: unknown; context?: unknown } | null;
  const wording = typeof e?.code === 'string' && Object.hasOwn(CLI_WORDING, e.code) ? CLI_WORDING[e.code] : undefined;
  if (wording && typeof e?.context === 'object' && e.context !== null) return wording(e.context as Context);
  if (isMasonError(error)) return error.shortMessage;
  return typeof e?.message === 'string' ? e.message : String(error);
}
