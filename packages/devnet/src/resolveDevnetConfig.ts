import { parseMas } from '@mason/codec';
import { DEVNET_TIMING, MAINNET_TIMING } from './config.js';
import type { DevnetOptions } from './DevnetOptions.js';
import { DevnetOptionError } from './devnetOptionError.js';
import { logToStderr } from './logToStderr.js';
import type { ForkOptions } from './fork/connectFork.js';
import { validateInitialLedger, type InitialLedgerEntry } from './initialLedger.js';
import type { JournalFs } from './persistence/journalFs.js';
import { originsPolicy, type CorsPolicy } from './rpc/cors.js';
import { resolveLimits, type ServerLimits } from './rpc/serverLimits.js';
import type { TraceOptions } from './traces/TraceStore.js';
import type { ExecutionMode } from './workers/JobRunner.js';

/** `startDevnet`'s options with every default taken and every value checked: what the wiring reads. */
export interface DevnetConfig {
  chain: {
    chainId: bigint;
    t0: number;
    deltaF0: number;
    /** The genesis wanted for a new chain (a data directory's own wins). */
    genesisTimestamp: number;
    maxOperationPoolSize?: number;
    maxOperationPoolBytes?: number;
    maxExecutionMs?: number;
  };
  execution: { mode: ExecutionMode; instant: boolean; traces: TraceOptions | false | undefined };
  servers: { host: string; publicPort: number; privatePort: number; apiPort: number; limits: ServerLimits; privateCors: CorsPolicy };
  genesis: { accounts: number; accountBalance: bigint; initialLedger: Record<string, InitialLedgerEntry> };
  persistence: { dataDir: string | null; reset: boolean; journalFs: JournalFs | undefined; loadState: string | undefined; dumpState: string | undefined };
  fork: ForkOptions | null;
  log: (message: string) => void;
}

function invalid(option: string, expected: string, value: unknown): DevnetOptionError {
  return new DevnetOptionError('MASON_DEVNET_INVALID_OPTION', { option, expected, value: typeof value === 'bigint' ? value.toString() : (value as never) });
}

function positiveInteger(option: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw invalid(option, 'a positive integer', value);
  return value;
}

function nonNegativeInteger(option: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw invalid(option, 'a non-negative integer', value);
  return value;
}

/**
 * Resolves `startDevnet`'s options: each field its value or default, each bad value a typed
 * MASON_DEVNET_INVALID_OPTION naming the option. Pure: nothing is opened, started or read (the
 * fork's remote and a data directory are the wiring's), `now` stands for the clock.
 */
export function resolveDevnetConfig(options: DevnetOptions, now: number = Date.now()): DevnetConfig {
  const timing = options.mainnetTiming ? MAINNET_TIMING : DEVNET_TIMING;
  const t0 = options.t0 ?? timing.t0;
  if (!Number.isInteger(t0) || t0 <= 0 || t0 % 32 !== 0) throw invalid('t0', 'a positive multiple of 32 ms (32 threads)', t0);
  if (options.instant !== undefined && typeof options.instant !== 'boolean') throw invalid('instant', 'true or false', String(options.instant));
  const mode = options.execution ?? 'workers';
  if (mode !== 'workers' && mode !== 'inline') throw invalid('execution', '"workers" or "inline"', String(mode));
  const maxBuffered = options.maxSubscriberBufferedBytes;
  if (maxBuffered !== undefined) nonNegativeInteger('maxSubscriberBufferedBytes', maxBuffered);
  if (options.initialLedger) validateInitialLedger(options.initialLedger, 'the initialLedger option');
  const accounts = options.accounts ?? 10;
  if (!Number.isSafeInteger(accounts) || accounts < 0) throw invalid('accounts', 'a non-negative integer', accounts);
  const chain: DevnetConfig['chain'] = {
    chainId: options.chainId ?? 77n,
    t0,
    deltaF0: options.deltaF0 ?? timing.deltaF0,
    // Genesis one period ago, so the first useful slot (period 1) is now rather than t0 later.
    genesisTimestamp: options.genesisTimestamp ?? now - t0,
  };
  if (options.maxOperationPoolSize !== undefined) chain.maxOperationPoolSize = positiveInteger('maxOperationPoolSize', options.maxOperationPoolSize);
  if (options.maxOperationPoolBytes !== undefined) chain.maxOperationPoolBytes = positiveInteger('maxOperationPoolBytes', options.maxOperationPoolBytes);
  if (options.maxExecutionMs !== undefined) chain.maxExecutionMs = positiveInteger('maxExecutionMs', options.maxExecutionMs);
  const limits = resolveLimits(maxBuffered === undefined ? { ...options.serverLimits } : { ...options.serverLimits, maxBufferedBytes: maxBuffered });
  return {
    chain,
    execution: { mode, instant: options.instant ?? false, traces: options.traces },
    servers: {
      host: options.host ?? '127.0.0.1',
      publicPort: options.publicPort ?? 33035,
      privatePort: options.privatePort ?? 33034,
      apiPort: options.apiPort ?? 33036,
      limits,
      privateCors: originsPolicy(options.privateCors ?? []),
    },
    genesis: { accounts, accountBalance: options.accountBalance ?? parseMas('1000000'), initialLedger: options.initialLedger ?? {} },
    persistence: {
      dataDir: options.dataDir ?? null,
      reset: options.reset === true,
      journalFs: options.journalFs,
      loadState: options.loadState,
      dumpState: options.dumpState,
    },
    fork: options.fork ?? null,
    log: options.log ?? logToStderr,
  };
}
