import { getAddressesBytecode, type Client } from '@mason/client';
import { CliError } from './errors.js';
import { wasmFunctionExports } from './wasmExports.js';

/** The functions a deployed contract exports (the runtime's `__…` left out), read from its bytecode. */
export async function contractExports(client: Client, address: string, network: string): Promise<string[] | null> {
  const [bytecode] = await getAddressesBytecode(client, [{ address, is_final: false }]);
  if (!bytecode || bytecode.length === 0) throw new CliError('MASON_CLI_NOT_A_CONTRACT', { address, network });
  // Bytes that are not a module we can read: let the node judge the call.
  return wasmFunctionExports(Uint8Array.from(bytecode))?.filter((name) => !name.startsWith('__')) ?? null;
}

/** Refuses, before anything is sent or run, a function the contract does not export. */
export async function checkFunctionExists(client: Client, address: string, func: string, network: string): Promise<void> {
  const exports = await contractExports(client, address, network);
  if (exports && !exports.includes(func)) {
    throw new CliError('MASON_CLI_NO_SUCH_FUNCTION', { address, func, exports: exports.length > 0 ? exports.join(', ') : 'none' });
  }
}
