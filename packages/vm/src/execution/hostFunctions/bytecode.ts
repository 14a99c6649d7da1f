import { currentAddress, setBytecode } from '../contextLedger.js';
import { ContextError, hostFailure } from '../failures.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { abi, type HostFunctions } from './hostFunction.js';

/** Reading and replacing bytecode (storage cost on the size difference, paid by the current address). */
export function bytecodeFunctions(env: InstanceEnv): HostFunctions {
  const get = (address: string): number => {
    const bytecode = env.ctx.ledger.getBytecode(address);
    if (!bytecode) throw hostFailure('bytecode not found');
    return env.allocBuffer(bytecode);
  };
  const set = (address: string, bytecode: Uint8Array): void => {
    try {
      setBytecode(env.ctx, address, bytecode);
    } catch (error) {
      if (!(error instanceof ContextError)) throw error;
      throw hostFailure(`couldn't set address ${address} bytecode: ${error.display}`, error.code, { reason: error.text });
    }
  };
  return {
    assembly_script_get_bytecode: abi(env, 'assembly_script_get_bytecode', () => get(currentAddress(env.ctx))),
    assembly_script_get_bytecode_for: abi(env, 'assembly_script_get_bytecode_for', (address: number) => get(env.readAddress(address))),
    assembly_script_set_bytecode: abi(env, 'assembly_script_set_bytecode', (bytecode: number) => {
      set(currentAddress(env.ctx), env.readBuffer(bytecode));
    }),
    assembly_script_set_bytecode_for: abi(env, 'assembly_script_set_bytecode_for', (address: number, bytecode: number) => {
      const target = env.readAddress(address);
      set(target, env.readBuffer(bytecode));
    }),
  };
}
