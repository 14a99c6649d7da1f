import type { Datastore, Slot } from '@mason/codec';
import type { JournaledLedger } from '../ledger/journaledLedger.js';

/** Where an execution happens: the slot, its block, its operation, and its time. */
export interface ExecutionSite {
  slot: Slot;
  blockId: string | null;
  operationId: string | null;
  timestamp: number;
  /** Seed for unsafe_random, deterministic per slot. */
  seed: Uint8Array;
}

export interface EmittedEvent {
  data: string;
  callStack: string[];
  isError: boolean;
}

export interface ScOutcome {
  ok: boolean;
  /** The node's inner error text (`VM Error in CallSC context: …`) when not ok. */
  error?: string;
  events: EmittedEvent[];
  gasUsed: bigint;
  returnValue?: Uint8Array;
}

export interface ExecuteScRequest {
  caller: string;
  bytecode: Uint8Array;
  datastore: Datastore;
  maxGas: bigint;
  maxCoins: bigint;
}

export interface CallScRequest {
  caller: string;
  target: string;
  func: string;
  param: Uint8Array;
  coins: bigint;
  maxGas: bigint;
}

/**
 * The devnet's view of the contract VM: run bytecode or a call against the candidate ledger.
 * Every change goes through the JournaledLedger, so the caller can roll an operation back.
 */
export interface ScRuntime {
  executeSC(request: ExecuteScRequest, ledger: JournaledLedger, site: ExecutionSite): Promise<ScOutcome> | ScOutcome;
  callSC(request: CallScRequest, ledger: JournaledLedger, site: ExecutionSite): Promise<ScOutcome> | ScOutcome;
}
