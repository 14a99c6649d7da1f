import type { Block } from '../chain/block.js';
import type { BlockGraph } from '../chain/blockGraph.js';
import type { ChainIndex } from '../chain/ChainIndex.js';
import type { Finalizer } from '../chain/Finalizer.js';
import type { BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import type { Miner } from '../mining/Miner.js';
import type { Mempool } from '../pool/Mempool.js';
import type { BlockProducer } from '../production/BlockProducer.js';
import type { Impersonation } from '../stateControl/Impersonation.js';

/** The parts of the node a snapshot records and a revert winds back (DevnetNode is one). */
export interface SnapshotHost {
  readonly finalLedger: DevnetLedger;
  readonly candidateLedger: DevnetLedger;
  readonly graph: BlockGraph;
  readonly index: ChainIndex;
  readonly mempool: Mempool;
  readonly producer: BlockProducer;
  readonly finalizer: Finalizer;
  readonly miner: Miner;
  readonly impersonation: Impersonation;
  stateWrites: number;
  now(): number;
  /** The clock goes back to `timestamp` and runs on from there. */
  rewindClockTo(timestamp: number): void;
  /** Tells the node's listeners (the read-only worker, subscriptions) that the candidate ledger took these changes. */
  candidateChanged(changes: readonly BlockChange[]): void;
  on(event: 'block', listener: (block: Block) => void): unknown;
  off(event: 'block', listener: (block: Block) => void): unknown;
}
