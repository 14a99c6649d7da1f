import { currentAddress } from '../contextLedger.js';
import { hostFailure } from '../failures.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { abi, boolToI32, type HostFunctions } from './hostFunction.js';

/** ABIs describing the execution context: stack, coins, slot, time, chain, gas, randomness. */
export function callContextFunctions(env: InstanceEnv): HostFunctions {
  return {
    assembly_script_get_call_stack: abi(env, 'assembly_script_get_call_stack', () => env.allocString(JSON.stringify(env.ctx.callStack))),
    assembly_script_get_owned_addresses: abi(env, 'assembly_script_get_owned_addresses', () => {
      const frame = env.ctx.currentFrame;
      if (!frame) throw hostFailure('Runtime error: failed to read current owned addresses list: call stack empty');
      return env.allocString(JSON.stringify(frame.ownedAddresses));
    }),
    assembly_script_get_call_coins: abi(env, 'assembly_script_get_call_coins', () => {
      const frame = env.ctx.currentFrame;
      if (!frame) throw hostFailure('Runtime error: failed to read current call coins: call stack empty');
      return BigInt.asIntN(64, frame.coins);
    }),
    assembly_script_caller_has_write_access: abi(env, 'assembly_script_caller_has_write_access', () => {
      const stack = env.ctx.stack;
      const last = stack[stack.length - 1];
      if (!last) throw hostFailure('empty stack');
      const caller = stack[stack.length - 2] ?? last;
      return boolToI32(caller.ownedAddresses.includes(currentAddress(env.ctx)));
    }),
    assembly_script_get_remaining_gas: abi(env, 'assembly_script_get_remaining_gas', () => BigInt.asIntN(64, env.remainingGas)),
    assembly_script_get_time: abi(env, 'assembly_script_get_time', () => BigInt(env.ctx.slot.timestamp)),
    assembly_script_get_current_period: abi(env, 'assembly_script_get_current_period', () => BigInt(env.ctx.slot.slot.period)),
    assembly_script_get_current_thread: abi(env, 'assembly_script_get_current_thread', () => env.ctx.slot.slot.thread),
    assembly_script_get_origin_operation_id: abi(env, 'assembly_script_get_origin_operation_id', () => env.allocString(env.ctx.originOperationId ?? '')),
    assembly_script_chain_id: abi(env, 'assembly_script_chain_id', () => BigInt.asIntN(64, env.ctx.host.chainId)),
    assembly_script_unsafe_random: abi(env, 'assembly_script_unsafe_random', () => env.ctx.slot.rng.nextI64()),
  };
}
