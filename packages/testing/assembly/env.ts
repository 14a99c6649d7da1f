// Host functions of Mason's test host. `mason_testing` exists only there: a contract must never
// import it (a node refuses the module at deployment, and Mason's compiler rejects it first).
// `assembly_script_call` is the node's own ABI, declared here so the helpers work with any SDK.

// @ts-ignore: decorator
@external("mason_testing", "set_call_stack")
export declare function setCallStack(addresses: string): void;

// @ts-ignore: decorator
@external("mason_testing", "set_caller")
export declare function setCaller(address: string): void;

// @ts-ignore: decorator
@external("mason_testing", "set_callee")
export declare function setCallee(address: string): void;

// @ts-ignore: decorator
@external("mason_testing", "set_deploy_context")
export declare function setDeployContext(deployer: string): void;

// @ts-ignore: decorator
@external("mason_testing", "set_transferred_coins")
export declare function setTransferredCoins(amount: u64): void;

// @ts-ignore: decorator
@external("mason_testing", "set_balance")
export declare function setBalance(address: string, amount: u64): void;

// @ts-ignore: decorator
@external("mason_testing", "set_timestamp")
export declare function setTimestamp(timestamp: u64): void;

// @ts-ignore: decorator
@external("mason_testing", "set_slot")
export declare function setSlot(period: u64, thread: u8): void;

// @ts-ignore: decorator
@external("mason_testing", "set_chain_id")
export declare function setChainId(chainId: u64): void;

// @ts-ignore: decorator
@external("mason_testing", "set_op_data")
export declare function setOpData(key: StaticArray<u8>, value: StaticArray<u8>): void;

// @ts-ignore: decorator
@external("mason_testing", "delete_op_data")
export declare function deleteOpData(key: StaticArray<u8>): void;

// @ts-ignore: decorator
@external("mason_testing", "clear_op_data")
export declare function clearOpData(): void;

// @ts-ignore: decorator
@external("mason_testing", "events")
export declare function events(): StaticArray<u8>;

// @ts-ignore: decorator
@external("mason_testing", "clear_events")
export declare function clearEvents(): void;

// @ts-ignore: decorator
@external("mason_testing", "deploy")
export declare function deploy(bytecode: StaticArray<u8>, args: StaticArray<u8>, coins: u64): string;

// @ts-ignore: decorator
@external("mason_testing", "read_file")
export declare function readFile(path: string): StaticArray<u8>;

// @ts-ignore: decorator
@external("mason_testing", "reset")
export declare function reset(): void;

// @ts-ignore: decorator
@external("mason_testing", "set_reset_between_tests")
export declare function setResetBetweenTests(enabled: bool): void;

// @ts-ignore: decorator
@external("mason_testing", "account_address")
export declare function accountAddress(index: u32): string;

// @ts-ignore: decorator
@external("mason_testing", "account_public_key")
export declare function accountPublicKey(index: u32): string;

// @ts-ignore: decorator
@external("mason_testing", "account_sign")
export declare function accountSign(index: u32, data: string): string;

// @ts-ignore: decorator
@external("massa", "assembly_script_call")
export declare function call(address: string, functionName: string, args: StaticArray<u8>, coins: u64): StaticArray<u8>;
