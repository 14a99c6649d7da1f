import type { SecretKey, SendOperationInput, Slot } from '@mason/codec';
import type { DeferredCallReader } from '@mason/vm';
import type { BlockGraph } from './chain/blockGraph.js';
import type { EndorsementIndex } from './chain/EndorsementIndex.js';
import type { OperationHistory } from './chain/OperationHistory.js';
import type { OperationRecord } from './chain/operationRecord.js';
import type { ChainConfig } from './config.js';
import type { DevnetNode } from './devnetNode.js';
import type { EventStore } from './events/eventStore.js';
import type { DevnetLedger } from './ledger/devnetLedger.js';
import type { Snapshots } from './snapshots/Snapshots.js';
import type { StateChangeRecord } from './stateControl/StateChangeRecord.js';

/** A ledger as the API reads it: no write. */
export type LedgerReader = Pick<
  DevnetLedger,
  'balance' | 'rollCount' | 'deferredCredits' | 'getDataEntry' | 'getDataKeys' | 'getBytecode' | 'deferredCalls' | keyof DeferredCallReader
>;

/**
 * What JSON-RPC methods and views may read of the chain. Nothing here can change it: they do
 * that through ChainCommands. DevnetNode implements both.
 */
export interface ChainReader extends Pick<DevnetNode, 'on' | 'off'> {
  readonly config: ChainConfig;
  readonly stakers: readonly SecretKey[];
  readonly finalLedger: LedgerReader;
  readonly candidateLedger: LedgerReader;
  readonly graph: Pick<BlockGraph, 'get' | 'atSlot' | 'records' | 'bestParents' | 'bestParentPeriods' | 'totalFitness' | 'lastFinalSlot'>;
  readonly operations: ReadonlyMap<string, OperationRecord>;
  readonly operationHistory: Pick<OperationHistory, 'has' | 'page'>;
  readonly endorsements: Pick<EndorsementIndex, 'get' | 'createdBy'>;
  readonly createdBlocks: ReadonlyMap<string, string[]>;
  readonly createdOperations: ReadonlyMap<string, string[]>;
  readonly events: Pick<EventStore, 'query'>;
  readonly pool: { readonly size: number };
  readonly finalExecutedOperations: number;
  /** Addresses operations are accepted from without a valid signature (mason_impersonate). */
  readonly impersonation: { readonly addresses: string[] };
  /** State-control writes applied so far. */
  readonly stateWrites: number;
  now(): number;
  timing(): { genesisTimestamp: number; t0: number; threadCount: number };
  currentSlot(now?: number): Slot;
  activeCursor(now?: number): Slot;
  activeRolls(cycle: number): Array<[string, number]>;
  finalizedWithin(windowMs: number, now?: number): number;
}

/**
 * The named commands that change the chain from outside (the JSON-RPC APIs, the Devnet handle).
 * State changes added later (set a balance, snapshots) belong here, implemented by DevnetNode.
 */
export interface ChainCommands {
  /** send_operations: checked, then pooled in arrival order; resolves to their ids. */
  submitOperations(inputs: SendOperationInput[]): Promise<string[]>;
  /** mason_advance_slots: the clock moves forward by `count` slots; resolves to the new last slot. */
  advanceSlots(count: number): Promise<Slot>;
  /** add_staking_secret_keys. */
  addStaker(key: SecretKey): void;
  /** remove_staking_addresses (the last staker stays). */
  removeStaker(address: string): void;
  /** The state-control methods' writes (stateControl/): durable, then final at once. */
  applyStateChanges(record: StateChangeRecord): Promise<void>;
  /** mason_snapshot (`take`: resolves to the new snapshot's id) and mason_revert (`revert`: false for an unknown or used id). */
  readonly snapshots: Pick<Snapshots, 'take' | 'revert'>;
}
