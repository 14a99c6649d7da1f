/** What one function run gives back (runFunction). */
export interface RunResponse {
  returnValue: Uint8Array;
  remainingGas: bigint;
  /** Gas used by instantiation (start function included). */
  initGasCost: bigint;
}
