// Gas bounds of a node (reference §6): every op also costs 800,000 block gas, ExecuteSC 314,000,000
// more, and a block holds u32::MAX gas. Above these an operation is accepted but never included.

/** Minimum max_gas of a CallSC or a read-only execution (web3 MIN_GAS_CALL). */
export const MIN_GAS_CALL = 2_100_000n;
/** Maximum max_gas of a CallSC: 4,294,967,295 − 800,000 (web3 MAX_GAS_CALL). */
export const MAX_GAS_CALL = 4_294_167_295n;
/** Maximum max_gas of an ExecuteSC: 4,294,967,295 − 800,000 − 314,000,000 (web3 MAX_GAS_EXECUTE). */
export const MAX_GAS_EXECUTE = 3_980_167_295n;
/** Node's `max_read_only_gas`. */
export const MAX_READ_ONLY_GAS = 4_294_967_295n;
/** Default and maximum periods an operation stays valid after the node's last slot (web3: 1…9, default 9). */
export const PERIOD_TO_LIVE_DEFAULT = 9;
export const PERIOD_TO_LIVE_MAX = 9;
