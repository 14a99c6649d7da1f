import { NODE_CONSTANTS, parseMas } from '@mason/codec';
import type { ForkSource } from './fork/RemoteAccounts.js';

/** Everything get_status reports under `config`, plus the devnet's own knobs. */
export interface ChainConfig {
  chainId: bigint;
  version: string;
  threadCount: number;
  /** Period length in ms; one slot every t0 / threadCount. */
  t0: number;
  genesisTimestamp: number;
  deltaF0: number;
  endorsementCount: number;
  operationValidityPeriods: number;
  periodsPerCycle: number;
  blockReward: bigint;
  rollPrice: bigint;
  maxBlockSize: number;
  maxOperationsPerBlock: number;
  maxGasPerBlock: bigint;
  minimalFees: bigint;
  /** Pool bounds: at most this many operations wait, and at most this many bytes of them. */
  maxOperationPoolSize: number;
  maxOperationPoolBytes: number;
  /** The pool keeps an operation only if its validity starts within this delay (ms) plus 2·t0, as the node's pool. */
  operationMaxFutureStartDelay: number;
  /**
   * Wall-clock budget of one execution (operation, async message, read-only call) in ms: past it
   * the execution fails with MASON_VM_WALL_TIME. A node has none; the devnet needs one to stay
   * responsive (see docs/devnet.md, "Wall-clock limit").
   */
  maxExecutionMs: number;
  /** Fork mode: the remote node whose state is read lazily, and the final period the chain continues from. */
  fork?: ForkSource & { period: number };
}

/**
 * Fast defaults: a slot every 16 ms, and a block final once one fully endorsed block (fitness 17)
 * follows it (delta_f0 16), so an operation is final within about t0 (its thread's next slot)
 * plus one slot. Blocks are only produced while operations wait or blocks are not yet final.
 */
export const DEVNET_TIMING = { t0: 512, deltaF0: 16 } as const;

/** The node's mainnet timing: 500 ms slots, finality after ~65 fully endorsed blocks. */
export const MAINNET_TIMING = { t0: 16_000, deltaF0: 1_088 } as const;

/**
 * The node keeps up to 500,000 operations of up to 300,000 bytes each; a devnet in one process
 * keeps fewer, and bounds their bytes too. The future start delay is the node's (50 s).
 */
export const DEVNET_POOL_LIMITS = {
  maxOperationPoolSize: 50_000,
  maxOperationPoolBytes: 128 * 1024 * 1024,
  operationMaxFutureStartDelay: 50_000,
} as const;

/**
 * Default wall-clock budget per execution: max-gas pure compute takes about 0.1 s, the most
 * ABI-heavy legitimate loop measured (2 million small storage writes) about 11 s on a loaded
 * machine (bench/suites/gasWallTime.mjs); hostile loops of bulk memory operators or large hashes
 * take minutes to hours.
 */
export const DEFAULT_MAX_EXECUTION_MS = 30_000;

export function defaultChainConfig(overrides: Partial<ChainConfig> = {}): ChainConfig {
  return {
    chainId: 77n,
    version: 'SAND.5.0',
    threadCount: NODE_CONSTANTS.threadCount,
    t0: DEVNET_TIMING.t0,
    genesisTimestamp: Date.now(),
    deltaF0: DEVNET_TIMING.deltaF0,
    endorsementCount: 16,
    operationValidityPeriods: NODE_CONSTANTS.operationValidityPeriods,
    periodsPerCycle: 128,
    blockReward: parseMas('0.40001'),
    rollPrice: parseMas('100'),
    maxBlockSize: NODE_CONSTANTS.maxBlockSize,
    maxOperationsPerBlock: NODE_CONSTANTS.maxOperationsPerBlock,
    maxGasPerBlock: NODE_CONSTANTS.maxGasPerBlock,
    minimalFees: parseMas('0.01'),
    ...DEVNET_POOL_LIMITS,
    maxExecutionMs: DEFAULT_MAX_EXECUTION_MS,
    ...overrides,
  };
}
