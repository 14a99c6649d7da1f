import { ApiError } from '../apiError.js';
import { exactly } from '../requestParams.js';
import type { MethodTable } from '../rpc/jsonRpcServer.js';
import type { StateControl } from './StateControl.js';
import { isStateControlError } from './StateControlError.js';

/** A refused argument is -32602, with the reason. */
async function answer<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isStateControlError(error)) throw ApiError.invalidParams(`Invalid params: ${error.message}`);
    throw error;
  }
}

/**
 * The private API's state-control methods (Mason's own: a Massa node has none), snake_case like
 * `mason_advance_slots`. Parameters are positional; amounts are MAS decimal strings; keys, values
 * and bytecode are arrays of bytes, as in the node's datastore methods.
 */
export function stateControlMethods(control: StateControl, dumpState: () => unknown): MethodTable {
  const done = <T>(run: () => Promise<T>) => answer(run).then(() => true);
  const slot = (run: () => Promise<{ period: number; thread: number }>) => answer(run).then((last_slot) => ({ last_slot }));
  return {
    mason_set_balance: (params) => {
      const [address, amount] = exactly(params, 2);
      return done(() => control.setBalance(address as string, amount as string, 'mason_set_balance'));
    },
    mason_set_datastore_entry: (params) => {
      const [address, key, value] = exactly(params, 3);
      return done(() => control.setDatastoreEntry(address as string, key as number[], value as number[], 'mason_set_datastore_entry'));
    },
    mason_delete_datastore_entry: (params) => {
      const [address, key] = exactly(params, 2);
      return done(() => control.deleteDatastoreEntry(address as string, key as number[], 'mason_delete_datastore_entry'));
    },
    mason_set_bytecode: (params) => {
      const [address, bytecode] = exactly(params, 2);
      return done(() => control.setBytecode(address as string, bytecode as number[], 'mason_set_bytecode'));
    },
    mason_set_rolls: (params) => {
      const [address, rolls] = exactly(params, 2);
      return done(() => control.setRolls(address as string, rolls as number, 'mason_set_rolls'));
    },
    mason_impersonate: (params) => {
      const [address] = exactly(params, 1);
      return done(() => control.impersonate(address as string, 'mason_impersonate'));
    },
    mason_stop_impersonating: (params) => {
      const [address] = exactly(params, 1);
      return done(() => control.stopImpersonating(address as string, 'mason_stop_impersonating'));
    },
    mason_advance_periods: (params) => {
      const [count] = exactly(params, 1);
      return slot(() => control.advancePeriods(count as number, 'mason_advance_periods'));
    },
    mason_advance_cycles: (params) => {
      const [count] = exactly(params, 1);
      return slot(() => control.advanceCycles(count as number, 'mason_advance_cycles'));
    },
    mason_advance_to: (params) => {
      const [timestamp] = exactly(params, 1);
      return slot(() => control.advanceTo(timestamp as number, 'mason_advance_to'));
    },
    mason_dump_state: (params) => {
      exactly(params, 0);
      return dumpState();
    },
  };
}
