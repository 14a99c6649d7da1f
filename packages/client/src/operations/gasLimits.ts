// Gas bounds of a node (reference §6): every op also costs 800,000 block gas, ExecuteSC 314,000,000
// more, and a block holds u32::MAX gas. Above these an operation is accepted but never included.

import { NODE_CONSTANTS } from '@mason/codec';

/** MIN_GAS_CALL (2,100,000), MAX_GAS_CALL (4,294,967,295 − 800,000), MAX_GAS_EXECUTE (− 314,000,000 more): web3's names. */
export { MIN_GAS_CALL, MAX_GAS_CALL, MAX_GAS_EXECUTE } from '@mason/codec';
/** Node's `max_read_only_gas`. */
export const MAX_READ_ONLY_GAS = NODE_CONSTANTS.maxReadOnlyGas;
/** Default and maximum periods an operation stays valid after the node's last slot (web3: 1…9, default 9). */
export const PERIOD_TO_LIVE_DEFAULT = 9;
export const PERIOD_TO_LIVE_MAX = 9;
