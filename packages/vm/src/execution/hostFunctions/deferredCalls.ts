import { hostFailure } from '../failures.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { abi, type HostFunctions } from './hostFunction.js';

/**
 * Deferred-call ABIs. They are linked (a module importing them instantiates, as on a node) and
 * metered, but this VM keeps no deferred-call pool: calling one fails with a clear message.
 */
export function deferredCallFunctions(env: InstanceEnv): HostFunctions {
  const unsupported = (name: string) => () => {
    throw hostFailure(`${name}: deferred calls are not supported by Mason's VM`, 'MASON_VM_HOST');
  };
  return {
    assembly_script_get_deferred_call_quote: abi(env, 'assembly_script_get_deferred_call_quote', unsupported('get_deferred_call_quote')),
    assembly_script_deferred_call_register: abi(env, 'assembly_script_deferred_call_register', unsupported('deferred_call_register')),
    assembly_script_deferred_call_exists: abi(env, 'assembly_script_deferred_call_exists', unsupported('deferred_call_exists')),
    assembly_script_deferred_call_cancel: abi(env, 'assembly_script_deferred_call_cancel', unsupported('deferred_call_cancel')),
  };
}
