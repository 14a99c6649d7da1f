import { ApiError } from '../apiError.js';
import type { MethodTable } from '../rpc/jsonRpcServer.js';
import { exactly, isArray, isString, listLimit, required } from '../requestParams.js';
import type { AbiRegistry } from './AbiRegistry.js';
import { isAbiRegistryError } from './AbiRegistryError.js';

/** The most addresses one `mason_get_abis` call takes (the node's max_arguments). */
const MAX_ABI_ARGUMENTS = 128;

/** `mason_register_abi [address, abi]` (private port): a refused argument is -32602 with the reason. */
export function abiRegistrationMethods(registry: AbiRegistry): MethodTable {
  return {
    mason_register_abi: (params) => {
      const [address, abi] = exactly(params, 2);
      try {
        registry.register(address, abi);
      } catch (error) {
        if (isAbiRegistryError(error)) throw ApiError.invalidParams(`Invalid params: ${error.message}`);
        throw error;
      }
      return true;
    },
  };
}

/** `mason_get_abis [[address, …]]` (public and API ports): the registered ABI of each, or null. */
export function abiReadMethods(registry: AbiRegistry): MethodTable {
  return {
    mason_get_abis: (params) => {
      const addresses = required(params, 0, isArray);
      listLimit(addresses, MAX_ABI_ARGUMENTS);
      if (!addresses.every(isString)) throw ApiError.invalidParams();
      return addresses.map((address) => registry.get(address));
    },
  };
}
