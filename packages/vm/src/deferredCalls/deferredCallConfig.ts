import { NODE_CONSTANTS } from '@mason/codec';

/**
 * The node's deferred-call constants (`massa-models/src/config/constants.rs`, `DEFERRED_CALL_*`,
 * read into `massa-deferred-calls/src/config.rs` `DeferredCallsConfig`). Amounts in nanoMAS.
 */
export const DEFERRED_CALLS = {
  /** How far ahead a call can be booked: 1,209,600 slots (one week of 0.5 s slots). */
  maxFutureSlots: 1_209_600n,
  /** Gas that can be booked in one slot (`DEFERRED_CALL_MAX_ASYNC_GAS` = `MAX_ASYNC_GAS`). */
  maxSlotGas: NODE_CONSTANTS.maxAsyncGas,
  /** Booked per call on top of its max gas (the instance allocation). */
  callConstantGas: 750_000n,
  /** Half of a slot's gas: below it, booking costs no overbooking penalty. */
  targetBooking: NODE_CONSTANTS.maxAsyncGas / 2n,
  baseFeeMaxChangeDenominator: 1250n,
  minGasIncrement: 1n,
  /** The least base fee per gas of a newly opened slot. */
  minGasCost: 10n,
  /** Booking every slot of the booking period costs this much (1 MAS). */
  globalOverbookingPenalty: 1_000_000_000n,
  /** Booking a whole slot costs this much (0.0001 MAS). */
  slotOverbookingPenalty: 100_000n,
  /** Largest base fee per gas. */
  maxBaseFee: 1_000_000_000n,
  /**
   * Price of a stored byte of a call (`LEDGER_COST_PER_BYTE` in the deferred-call config): the
   * node's, whatever storage price a unit-test host gives its ledger.
   */
  costPerByte: NODE_CONSTANTS.ledgerCostPerByte,
  /** Fixed bytes of a stored call: sender 35 + slot 16 + target 35 + coins 8 + max gas 8 + fee 8 + cancelled 1. */
  storedCallBaseSize: 111n,
} as const;
