import type { Slot } from '@mason/codec';

/** An asynchronous message emitted with `send_message`, for the host's async pool. */
export interface AsyncMessage {
  emissionSlot: Slot;
  emissionIndex: bigint;
  sender: string;
  destination: string;
  function: string;
  maxGas: bigint;
  fee: bigint;
  coins: bigint;
  validityStart: Slot;
  validityEnd: Slot;
  data: Uint8Array;
  trigger: { address: string; datastoreKey: Uint8Array | undefined } | undefined;
}
