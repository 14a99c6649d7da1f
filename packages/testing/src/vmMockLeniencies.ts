import type { TestHost } from './TestHost.js';
import { VM_MOCK_BYTECODE } from './vmMock.js';

type Imports = Record<string, Function>;

const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];

/** Whether `bytecode` can be a module (vm-mock's placeholder, for one, is not). */
function looksLikeWasm(bytecode: Uint8Array): boolean {
  return bytecode.length >= 4 && WASM_MAGIC.every((byte, index) => bytecode[index] === byte);
}

/**
 * The `massa` ABIs that vm-mock runs more loosely than a node, wrapped for specs that count on it.
 * They are the spec module's own imports: a contract reached through `call` runs in its own
 * instance, with the VM's imports, under the node's rules.
 */
export function vmMockLeniencies(host: TestHost, massa: Imports): Imports {
  const { hosted } = host;
  const text = (pointer: number) => hosted.readString(pointer);
  /** vm-mock lets the spec write to any address: the top frame owns `address` for the time of one ABI. */
  const asOwner =
    (name: string, addressArgument = 0, create = false) =>
    (...args: unknown[]) => {
      const address = text(args[addressArgument] as number);
      if (create && address !== '' && !hosted.state.hasEntry(address)) hosted.setBalance(address, 0n);
      return host.vmMockHelpers.withWriteRightsOn(address, () => massa[name]!(...args));
    };
  /** vm-mock creates the entry of an address that receives coins, whatever its kind. */
  const creatingRecipient =
    (name: string, recipientArgument: number, spenderArgument?: number) =>
    (...args: unknown[]) => {
      const recipient = text(args[recipientArgument] as number);
      if (recipient !== '' && !hosted.state.hasEntry(recipient)) hosted.setBalance(recipient, 0n);
      if (spenderArgument === undefined) return massa[name]!(...args);
      return host.vmMockHelpers.withWriteRightsOn(text(args[spenderArgument] as number), () => massa[name]!(...args));
    };
  const createSc = massa.assembly_script_create_sc!;
  const functionExists = massa.assembly_script_function_exists!;
  return {
    assembly_script_set_data_for: asOwner('assembly_script_set_data_for', 0, true),
    assembly_script_append_data_for: asOwner('assembly_script_append_data_for'),
    assembly_script_delete_data_for: asOwner('assembly_script_delete_data_for'),
    assembly_script_set_bytecode_for: asOwner('assembly_script_set_bytecode_for'),
    assembly_script_transfer_coins: creatingRecipient('assembly_script_transfer_coins', 0),
    assembly_script_transfer_coins_for: creatingRecipient('assembly_script_transfer_coins_for', 1, 0),
    // vm-mock stores a fixed module whatever it is given: an empty one still leaves bytecode.
    assembly_script_create_sc: (bytecode: number) => createSc(hosted.readBuffer(bytecode).length === 0 ? hosted.newBuffer(VM_MOCK_BYTECODE) : bytecode),
    // vm-mock says true for any function: code Mason cannot load (none, or the placeholder) says true.
    assembly_script_function_exists: (address: number, fn: number) => {
      const code = hosted.state.getBytecode(text(address));
      return code === undefined || !looksLikeWasm(code) ? 1 : functionExists(address, fn);
    },
  };
}
