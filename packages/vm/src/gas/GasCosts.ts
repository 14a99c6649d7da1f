import { VmError } from '../errors.js';
import { NODE_ABI_GAS_COSTS } from './nodeAbiGasCosts.js';

/**
 * The node rounds every table value to a multiple of 10 when loading it: a unit digit above 5
 * rounds up, anything else is truncated (775 → 770, 1045 → 1040, 1046 → 1050).
 */
export function roundGasCost(raw: number | bigint): bigint {
  const value = BigInt(raw);
  const unit = value % 10n;
  return unit > 5n ? value + 10n - unit : value - unit;
}

/** Gas costs of one VM configuration, already rounded. */
export interface GasCosts {
  /** Cost of each ABI by table key (`assembly_script_*`, `abi_*`, …). */
  abi: ReadonlyMap<string, bigint>;
  /** Subtracted at the start of every execution (`launch`). */
  launch: bigint;
  /** Minimum gas to instantiate a module; also the metering budget of its start function. */
  maxInstance: bigint;
  /** Pre-paid compilation of a cached module (`create_sc`, `set_bytecode`). */
  clCompilation: bigint;
  /** Pre-paid compilation of a one-off module (ExecuteSC, `local_execution`). */
  spCompilation: bigint;
  /** Gas per executed wasm operator (the node hard-codes 23). */
  operator: bigint;
}

/** Builds the costs from a raw table in the node's JSON format (defaults to the node's own). */
export function createGasCosts(table: Readonly<Record<string, number>> = NODE_ABI_GAS_COSTS): GasCosts {
  const abi = new Map<string, bigint>();
  for (const [key, value] of Object.entries(table)) abi.set(key, roundGasCost(value));
  const required = (key: string): bigint => {
    const value = abi.get(key);
    if (value === undefined) throw new VmError('MASON_VM_GAS_TABLE', { reason: `${key} cost not found in ABI gas cost file` });
    return value;
  };
  return {
    abi,
    launch: required('launch'),
    maxInstance: required('max_instance'),
    clCompilation: required('cl_compilation'),
    spCompilation: required('sp_compilation'),
    operator: 23n,
  };
}
