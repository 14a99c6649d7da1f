import { compareBytes, fromKey, startsWith, toKey } from '../../state/bytesKey.js';
import { debugBytes, hostFailure } from '../failures.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { abi, type HostFunctions } from './hostFunction.js';
import { serializeKeys } from './serializeKeys.js';

/** ABIs of the ExecuteSC operation datastore, readable only while the ExecuteSC frame is on top. */
export function operationDatastoreFunctions(env: InstanceEnv): HostFunctions {
  const datastore = (): Map<string, Uint8Array> => {
    const frame = env.ctx.currentFrame;
    if (!frame) throw hostFailure('No stack');
    if (!frame.operationDatastore) throw hostFailure('No datastore in stack');
    return frame.operationDatastore;
  };
  const keys = (prefix: Uint8Array): number => {
    const list = [...datastore().keys()].map(fromKey).filter((key) => startsWith(key, prefix));
    return env.allocBuffer(serializeKeys(list.sort(compareBytes), env.ctx.host.limits.maxOperationDatastoreEntryCount));
  };
  return {
    assembly_script_get_op_keys: abi(env, 'assembly_script_get_op_keys', () => keys(new Uint8Array())),
    assembly_script_get_op_keys_prefix: abi(env, 'assembly_script_get_op_keys_prefix', (prefix: number) => keys(env.readBuffer(prefix))),
    assembly_script_has_op_key: abi(env, 'assembly_script_has_op_key', (key: number) => {
      const present = datastore().has(toKey(env.readBuffer(key)));
      return env.allocBuffer(Uint8Array.of(present ? 1 : 0));
    }),
    assembly_script_get_op_data: abi(env, 'assembly_script_get_op_data', (key: number) => {
      const keyBytes = env.readBuffer(key);
      const value = datastore().get(toKey(keyBytes));
      if (value === undefined) throw hostFailure(`Unknown key: ${debugBytes(keyBytes)}`);
      return env.allocBuffer(value);
    }),
  };
}
