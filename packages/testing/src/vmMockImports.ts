import type { TestHost } from './TestHost.js';
import { parseVmMockCallStack } from './vmMock.js';

const u64 = (value: bigint): bigint => BigInt.asUintN(64, value);

/**
 * vm-mock's helper imports (see vmMock.ts), each mapped onto the test host's real state: the
 * ledger, the call stack and its rights, the slot, the operation datastore and the VM's calls.
 */
export function vmMockImports(host: TestHost): Record<string, (...args: any[]) => unknown> {
  const { hosted, vmMockHelpers: vmMock } = host;
  const text = (pointer: number) => hosted.readString(pointer);
  const optionalText = (pointer: number) => (pointer === 0 ? undefined : text(pointer) || undefined);
  return {
    assembly_script_add_address_to_ledger: (address: number) => vmMock.addAddressToLedger(text(address)),
    assembly_script_change_call_stack: (callStack: number) => vmMock.keepingCallCoins(() => host.setCallStack(parseVmMockCallStack(text(callStack)))),
    assembly_script_mock_admin_context: (isAdmin: number) => vmMock.setWriteAccess(isAdmin !== 0),
    assembly_script_mock_balance: (address: number, amount: bigint) => vmMock.mockBalance(text(address), u64(amount)),
    assembly_script_mock_call: (value: number) => vmMock.mockCall(hosted.readBuffer(value)),
    assembly_script_mock_get_time: (timestamp: bigint) => host.setTimestamp(Number(u64(timestamp))),
    assembly_script_reset_storage: () => vmMock.resetStorage(),
    assembly_script_set_call_coins: (amount: bigint) => vmMock.setCallCoins(u64(amount)),
    // vm-mock declares the chain id as `number` (f64).
    assembly_script_set_chain_id: (chainId: number) => host.setChainId(BigInt(Math.trunc(chainId))),
    assembly_script_set_deploy_context: (caller: number) => vmMock.keepingCallCoins(() => host.setDeployContext(optionalText(caller))),
    assembly_script_set_local_context: (address: number) => vmMock.keepingCallCoins(() => vmMock.setLocalContext(optionalText(address))),
    assembly_script_set_op_data: (key: number, value: number) => host.setOperationData(hosted.readBuffer(key), hosted.readBuffer(value)),
    assembly_script_set_origin_operation_id: (operationId: number) => {
      hosted.operationId = text(operationId);
    },
    assembly_script_set_slot: (period: bigint, thread: number) => host.setSlot(Number(u64(period)), thread & 0xff),
  };
}
