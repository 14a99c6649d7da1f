import type { TestHost } from './TestHost.js';
import { encodeEvents } from './encodeEvents.js';
import { stateImports } from './stateImports.js';
import { FUNDED_ACCOUNTS } from './defaults.js';
import { testAccount } from './testAccount.js';

const u64 = (value: bigint): bigint => BigInt.asUintN(64, value);

/**
 * The `mason_testing` import namespace: the wasm side of the AssemblyScript helpers (see
 * assembly/env.ts for their signatures). Only the test host provides it.
 */
export function testingImports(host: TestHost): Record<string, (...args: any[]) => unknown> {
  const { hosted } = host;
  const text = (pointer: number) => hosted.readString(pointer);
  const bytes = (pointer: number) => hosted.readBuffer(pointer);
  return {
    ...stateImports(host),
    set_call_stack: (addresses: number) => host.setCallStack(text(addresses).split(',')),
    set_caller: (address: number) => host.setCaller(text(address)),
    set_callee: (address: number) => host.setCallee(text(address)),
    set_deploy_context: (deployer: number) => host.setDeployContext(text(deployer) || undefined),
    set_transferred_coins: (amount: bigint) => host.setTransferredCoins(u64(amount)),
    set_balance: (address: number, amount: bigint) => host.setBalance(text(address), u64(amount)),
    set_timestamp: (timestamp: bigint) => host.setTimestamp(Number(u64(timestamp))),
    set_slot: (period: bigint, thread: number) => host.setSlot(Number(u64(period)), thread, true),
    set_chain_id: (chainId: bigint) => host.setChainId(u64(chainId)),
    set_op_data: (key: number, value: number) => host.setOperationData(bytes(key), bytes(value)),
    delete_op_data: (key: number) => host.setOperationData(bytes(key), null),
    clear_op_data: () => host.clearOperationData(),
    events: () => hosted.newBuffer(encodeEvents(hosted.events)),
    clear_events: () => hosted.clearEvents(),
    deploy: (bytecode: number, args: number, coins: bigint) => hosted.newString(host.deploy(bytes(bytecode), bytes(args), u64(coins))),
    read_file: (path: number) => hosted.newBuffer(host.readFile(text(path))),
    reset: () => host.reset(),
    set_reset_between_tests: (enabled: number) => {
      host.resetBetweenTests = enabled !== 0;
    },
    account_address: (index: number) =>
      hosted.newString(
        FUNDED_ACCOUNTS[index] ??
          testAccount(index >>> 0)
            .publicKey.address()
            .toString(),
      ),
    account_public_key: (index: number) => hosted.newString(testAccount(index >>> 0).publicKey.toString()),
    account_sign: (index: number, data: number) =>
      hosted.newString(
        testAccount(index >>> 0)
          .sign(new TextEncoder().encode(text(data)))
          .toString(),
      ),
  };
}
