import type { Slot } from '../slot.js';

/** One element of the `get_addresses` result (reference §17.2). */
export type AddressInfo = {
  address: string;
  thread: number;
  final_balance: string;
  final_roll_count: number;
  /** Keys as byte arrays. */
  final_datastore_keys: number[][];
  candidate_balance: string;
  candidate_roll_count: number;
  candidate_datastore_keys: number[][];
  deferred_credits: DeferredCredit[];
  next_block_draws: Slot[];
  next_endorsement_draws: EndorsementDraw[];
  created_blocks: string[];
  created_operations: string[];
  created_endorsements: string[];
  cycle_infos: AddressCycleInfo[];
};

export type DeferredCredit = { slot: Slot; amount: string };

export type EndorsementDraw = { slot: Slot; index: number };

export type AddressCycleInfo = {
  cycle: number;
  is_final: boolean;
  ok_count: number;
  nok_count: number;
  active_rolls: number | null;
};
