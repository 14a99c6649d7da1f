import type { NodeStatus } from '@mason/codec';
import { NODE_CONSTANTS } from '@mason/codec';
import { ForkError } from './ForkError.js';
import type { ForkSource } from './RemoteAccounts.js';

/** `startDevnet({ fork })`: the node to fork and at which period. */
export interface ForkOptions {
  /** The remote node's public JSON-RPC API (a Massa node, or another Mason devnet's `urls.public`). */
  url: string;
  /**
   * The final period to fork at; default the remote's latest final period. A node serves only its
   * latest final state, so an older period is refused (MASON_DEVNET_FORK_PERIOD_UNAVAILABLE).
   */
  period?: number;
  /** How long one read from the remote may take, in ms (default 30,000). */
  timeoutMs?: number;
}

/** Where a fork starts: the remote's chain identity and timing, and the period its state is read at. */
export interface ForkPoint extends ForkSource {
  chainId: bigint;
  genesisTimestamp: number;
  t0: number;
  periodsPerCycle: number;
  /** The remote's final period the devnet continues from: its first own slot is the next period's. */
  period: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** Asks the remote for its status and checks that it can be forked where asked. */
export async function connectFork(options: ForkOptions): Promise<ForkPoint> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let url: string;
  try {
    url = new URL(options.url).href;
    if (!/^https?:$/.test(new URL(url).protocol)) throw new Error('not http(s)');
  } catch {
    throw new ForkError('MASON_DEVNET_FORK_UNREACHABLE', { url: options.url, reason: 'not an http:// or https:// URL' });
  }
  const status = await getStatus(url, timeoutMs);
  const final = status.execution_stats?.final_cursor;
  const config = status.config;
  if (
    typeof status.chain_id !== 'number' ||
    !config ||
    !Number.isSafeInteger(config.genesis_timestamp) ||
    !Number.isSafeInteger(config.t0) ||
    !final ||
    !Number.isSafeInteger(final.period)
  ) {
    throw new ForkError('MASON_DEVNET_FORK_NOT_A_NODE', { url, reason: 'its get_status lacks chain_id, config or execution_stats.final_cursor' });
  }
  if (config.thread_count !== NODE_CONSTANTS.threadCount) {
    throw new ForkError('MASON_DEVNET_FORK_NOT_A_NODE', { url, reason: `it runs ${config.thread_count} threads, Massa ${NODE_CONSTANTS.threadCount}` });
  }
  const period = options.period ?? final.period;
  if (!Number.isSafeInteger(period) || period < 0) {
    throw new ForkError('MASON_DEVNET_FORK_PERIOD_UNAVAILABLE', {
      url,
      period: String(period),
      reason: 'a period is a non-negative integer',
      finalPeriod: final.period,
    });
  }
  if (period > final.period) {
    throw new ForkError('MASON_DEVNET_FORK_PERIOD_UNAVAILABLE', {
      url,
      period,
      reason: `it is not final yet on the remote (latest final: ${final.period})`,
      finalPeriod: final.period,
    });
  }
  if (period < final.period) {
    throw new ForkError('MASON_DEVNET_FORK_PERIOD_UNAVAILABLE', {
      url,
      period,
      reason: `a node serves only the state of its latest final period (${final.period}), not a past one`,
      finalPeriod: final.period,
    });
  }
  return {
    url,
    timeoutMs,
    chainId: BigInt(status.chain_id),
    genesisTimestamp: config.genesis_timestamp,
    t0: config.t0,
    periodsPerCycle: config.periods_per_cycle,
    period,
  };
}

async function getStatus(url: string, timeoutMs: number): Promise<Partial<NodeStatus>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'get_status', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new ForkError('MASON_DEVNET_FORK_UNREACHABLE', { url, reason: cause });
  }
  const text = await response.text().catch(() => '');
  let answer: { result?: Partial<NodeStatus>; error?: { code: number; message: string } };
  try {
    answer = JSON.parse(text);
  } catch {
    throw new ForkError('MASON_DEVNET_FORK_NOT_A_NODE', { url, reason: `HTTP ${response.status}, its answer to get_status is not JSON` });
  }
  if (answer?.error) throw new ForkError('MASON_DEVNET_FORK_NOT_A_NODE', { url, reason: `get_status → ${answer.error.code} ${answer.error.message}` });
  if (!answer?.result || typeof answer.result !== 'object') throw new ForkError('MASON_DEVNET_FORK_NOT_A_NODE', { url, reason: 'get_status gave no result' });
  return answer.result;
}
