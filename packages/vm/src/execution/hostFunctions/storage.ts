import type { InstanceEnv } from '../InstanceEnv.js';
import { hostFailure, keyText } from '../failures.js';
import { appendDataEntry, currentAddress, deleteDataEntry, setDataEntry } from '../contextLedger.js';
import { abi, boolToI32, type HostFunctions } from './hostFunction.js';
import { serializeKeys } from './serializeKeys.js';
import { storageRead } from '../../trace/traceEffects.js';

/** Datastore ABIs: get/set/append/delete/has/keys, on the current address or another one. */
export function storageFunctions(env: InstanceEnv): HostFunctions {
  const read = (address: string, key: Uint8Array): Uint8Array => {
    const value = env.ctx.ledger.getDataEntry(address, key);
    env.ctx.tracer?.effect(storageRead(address, key, value));
    // The node says `data entry not found`; which key, and whose, is what a person needs to fix it.
    if (value === undefined) throw hostFailure(`data entry not found: key ${keyText(key)} of ${address}`);
    return value;
  };
  const has = (address: string, key: Uint8Array): number => {
    const value = env.ctx.ledger.getDataEntry(address, key);
    env.ctx.tracer?.effect(storageRead(address, key, value));
    return boolToI32(value !== undefined);
  };
  const keys = (address: string, prefix: Uint8Array): number => {
    if (!env.ctx.ledger.hasEntry(address)) throw hostFailure('data entry not found');
    const list = env.ctx.ledger.getDataKeys(address, prefix);
    return env.allocBuffer(serializeKeys(list, env.ctx.host.limits.maxDatastoreEntryCount));
  };
  return {
    assembly_script_set_data: abi(env, 'assembly_script_set_data', (key: number, value: number) => {
      setDataEntry(env.ctx, currentAddress(env.ctx), env.readBuffer(key), env.readBuffer(value));
    }),
    assembly_script_set_data_for: abi(env, 'assembly_script_set_data_for', (address: number, key: number, value: number) => {
      const keyBytes = env.readBuffer(key);
      const valueBytes = env.readBuffer(value);
      setDataEntry(env.ctx, env.readAddress(address), keyBytes, valueBytes);
    }),
    assembly_script_append_data: abi(env, 'assembly_script_append_data', (key: number, value: number) => {
      appendDataEntry(env.ctx, currentAddress(env.ctx), env.readBuffer(key), env.readBuffer(value));
    }),
    assembly_script_append_data_for: abi(env, 'assembly_script_append_data_for', (address: number, key: number, value: number) => {
      const keyBytes = env.readBuffer(key);
      const valueBytes = env.readBuffer(value);
      appendDataEntry(env.ctx, env.readAddress(address), keyBytes, valueBytes);
    }),
    assembly_script_get_data: abi(env, 'assembly_script_get_data', (key: number) => env.allocBuffer(read(currentAddress(env.ctx), env.readBuffer(key)))),
    assembly_script_get_data_for: abi(env, 'assembly_script_get_data_for', (address: number, key: number) => {
      const target = env.readAddress(address);
      return env.allocBuffer(read(target, env.readBuffer(key)));
    }),
    assembly_script_has_data: abi(env, 'assembly_script_has_data', (key: number) => has(currentAddress(env.ctx), env.readBuffer(key))),
    assembly_script_has_data_for: abi(env, 'assembly_script_has_data_for', (address: number, key: number) => {
      const target = env.readAddress(address);
      return has(target, env.readBuffer(key));
    }),
    assembly_script_delete_data: abi(env, 'assembly_script_delete_data', (key: number) => {
      deleteDataEntry(env.ctx, currentAddress(env.ctx), env.readBuffer(key));
    }),
    assembly_script_delete_data_for: abi(env, 'assembly_script_delete_data_for', (address: number, key: number) => {
      const target = env.readAddress(address);
      deleteDataEntry(env.ctx, target, env.readBuffer(key));
    }),
    assembly_script_get_keys: abi(env, 'assembly_script_get_keys', (prefix: number) => keys(currentAddress(env.ctx), env.readBuffer(prefix))),
    assembly_script_get_keys_for: abi(env, 'assembly_script_get_keys_for', (address: number, prefix: number) => {
      const target = env.readAddress(address);
      return keys(target, env.readBuffer(prefix));
    }),
  };
}
