/**
 * vm-mock compatibility (`@massalabs/massa-as-sdk/vm-mock`): specs written for `asp` with vm-mock
 * run unchanged on the VM. Its helpers are imports of the `massa` namespace that no node provides;
 * the test host provides them, mapped onto the VM's real state, with vm-mock's defaults.
 */

/** vm-mock's default transaction creator and contract (not valid base58check addresses). */
export const VM_MOCK_CALLER = 'AU12UBnqTHDQALpocVBnkPNy7y5CndUJQTLutaVDDFgMJcq5kQiKq';
export const VM_MOCK_CONTRACT = 'AS12BqZEQ6sByhRLyEuf0YbQmcF2PsDdkNNG1akBJu9XcjZA1eT';
/** What vm-mock gives both of them (nanoMAS). */
export const VM_MOCK_BALANCE = 100_000n;
/** What vm-mock's `createSC` stores whatever it is given (3.x): not a module, but not empty. */
export const VM_MOCK_BYTECODE = new Uint8Array([0, 1, 2, 3]);
/** vm-mock's chain id (buildnet) and slot. */
export const VM_MOCK_CHAIN_ID = 77658366n;
export const VM_MOCK_SLOT = { period: 0, thread: 1 };

/** The helper imports of vm-mock (`assembly/vm-mock/*.ts` of massa-as-sdk 3.x): none is a node ABI. */
export const VM_MOCK_HELPERS = [
  'assembly_script_add_address_to_ledger',
  'assembly_script_change_call_stack',
  'assembly_script_mock_admin_context',
  'assembly_script_mock_balance',
  'assembly_script_mock_call',
  'assembly_script_mock_get_time',
  'assembly_script_reset_storage',
  'assembly_script_set_call_coins',
  'assembly_script_set_chain_id',
  'assembly_script_set_deploy_context',
  'assembly_script_set_local_context',
  'assembly_script_set_op_data',
  'assembly_script_set_origin_operation_id',
  'assembly_script_set_slot',
] as const;

const HELPERS: ReadonlySet<string> = new Set(VM_MOCK_HELPERS);

/** Whether a compiled spec imports a vm-mock helper (it was written for vm-mock). */
export function importsVmMockHelpers(module: WebAssembly.Module): boolean {
  return WebAssembly.Module.imports(module).some((entry) => entry.module === 'massa' && HELPERS.has(entry.name));
}

/** Whether an as-pect config's source instantiates vm-mock (`createMockedABI`). */
export function configUsesVmMock(source: string): boolean {
  return /massa-as-sdk\/vm-mock|createMockedABI/.test(source);
}

/** vm-mock's call-stack string: `'A , B , C'`, bottom → top. */
export function parseVmMockCallStack(text: string): string[] {
  return text.split(' , ').map((address) => address.trim());
}
