// Raw bindings to the `massa` import namespace of the Massa node's AssemblyScript runtime
// (massa-sc-runtime `as_execution`), one declaration per host function, nothing else.
// Pointer types: `string` and `StaticArray<u8>` are i32 pointers at the wasm level, `u64`/`i64` are i64,
// `bool` and thread numbers are i32. `abi-imports.json` lists the same table as data.
// Strings crossing the boundary are UTF-16 on the guest side; the host reads and writes them as such.

// @ts-ignore: decorator
@external("massa", "assembly_script_print")
export declare function print(message: string): void;

// @ts-ignore: decorator
@external("massa", "assembly_script_call")
export declare function call(address: string, func: string, param: StaticArray<u8>, coins: u64): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_local_call")
export declare function localCall(address: string, func: string, param: StaticArray<u8>): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_local_execution")
export declare function localExecution(bytecode: StaticArray<u8>, func: string, param: StaticArray<u8>): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_remaining_gas")
export declare function getRemainingGas(): u64;

// @ts-ignore: decorator
@external("massa", "assembly_script_create_sc")
export declare function createSc(bytecode: StaticArray<u8>): string;

// @ts-ignore: decorator
@external("massa", "assembly_script_set_data")
export declare function setData(key: StaticArray<u8>, value: StaticArray<u8>): void;

// @ts-ignore: decorator
@external("massa", "assembly_script_append_data")
export declare function appendData(key: StaticArray<u8>, value: StaticArray<u8>): void;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_data")
export declare function getData(key: StaticArray<u8>): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_has_data")
export declare function hasData(key: StaticArray<u8>): bool;

// @ts-ignore: decorator
@external("massa", "assembly_script_delete_data")
export declare function deleteData(key: StaticArray<u8>): void;

// @ts-ignore: decorator
@external("massa", "assembly_script_set_data_for")
export declare function setDataFor(address: string, key: StaticArray<u8>, value: StaticArray<u8>): void;

// @ts-ignore: decorator
@external("massa", "assembly_script_append_data_for")
export declare function appendDataFor(address: string, key: StaticArray<u8>, value: StaticArray<u8>): void;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_data_for")
export declare function getDataFor(address: string, key: StaticArray<u8>): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_has_data_for")
export declare function hasDataFor(address: string, key: StaticArray<u8>): bool;

// @ts-ignore: decorator
@external("massa", "assembly_script_delete_data_for")
export declare function deleteDataFor(address: string, key: StaticArray<u8>): void;

/** Key list: u32 LE count, then per key a u8 length and the key bytes (see `decodeKeyList`). */
// @ts-ignore: decorator
@external("massa", "assembly_script_get_keys")
export declare function getKeys(prefix: StaticArray<u8>): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_keys_for")
export declare function getKeysFor(address: string, prefix: StaticArray<u8>): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_op_keys")
export declare function getOpKeys(): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_op_keys_prefix")
export declare function getOpKeysPrefix(prefix: StaticArray<u8>): StaticArray<u8>;

/** Returns a one-byte buffer, `[1]` or `[0]`, not an i32. */
// @ts-ignore: decorator
@external("massa", "assembly_script_has_op_key")
export declare function hasOpKey(key: StaticArray<u8>): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_op_data")
export declare function getOpData(key: StaticArray<u8>): StaticArray<u8>;

/** JSON array of addresses, e.g. `["AU1…","AS1…"]`. */
// @ts-ignore: decorator
@external("massa", "assembly_script_get_owned_addresses")
export declare function getOwnedAddresses(): string;

/** JSON array of addresses, bottom (transaction creator) to top (current address). */
// @ts-ignore: decorator
@external("massa", "assembly_script_get_call_stack")
export declare function getCallStack(): string;

// @ts-ignore: decorator
@external("massa", "assembly_script_generate_event")
export declare function generateEvent(event: string): void;

// @ts-ignore: decorator
@external("massa", "assembly_script_transfer_coins")
export declare function transferCoins(to: string, amount: u64): void;

// @ts-ignore: decorator
@external("massa", "assembly_script_transfer_coins_for")
export declare function transferCoinsFor(from: string, to: string, amount: u64): void;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_balance")
export declare function getBalance(): u64;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_balance_for")
export declare function getBalanceFor(address: string): u64;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_call_coins")
export declare function getCallCoins(): u64;

/** BLAKE3, 32 bytes. */
// @ts-ignore: decorator
@external("massa", "assembly_script_hash")
export declare function hash(data: StaticArray<u8>): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_hash_sha256")
export declare function hashSha256(data: StaticArray<u8>): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_keccak256_hash")
export declare function keccak256Hash(data: StaticArray<u8>): StaticArray<u8>;

/** Ed25519 over blake3(UTF-8 data); malformed signature or key strings give false. */
// @ts-ignore: decorator
@external("massa", "assembly_script_signature_verify")
export declare function signatureVerify(data: string, signature: string, publicKey: string): bool;

// @ts-ignore: decorator
@external("massa", "assembly_script_evm_signature_verify")
export declare function evmSignatureVerify(data: StaticArray<u8>, signature: StaticArray<u8>, publicKey: StaticArray<u8>): bool;

// @ts-ignore: decorator
@external("massa", "assembly_script_evm_get_address_from_pubkey")
export declare function evmGetAddressFromPubkey(publicKey: StaticArray<u8>): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_evm_get_pubkey_from_signature")
export declare function evmGetPubkeyFromSignature(hash: StaticArray<u8>, signature: StaticArray<u8>): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_is_address_eoa")
export declare function isAddressEoa(address: string): bool;

// @ts-ignore: decorator
@external("massa", "assembly_script_address_from_public_key")
export declare function addressFromPublicKey(publicKey: string): string;

// @ts-ignore: decorator
@external("massa", "assembly_script_validate_address")
export declare function validateAddress(address: string): bool;

// @ts-ignore: decorator
@external("massa", "assembly_script_unsafe_random")
export declare function unsafeRandom(): i64;

/** Timestamp of the current slot in milliseconds. */
// @ts-ignore: decorator
@external("massa", "assembly_script_get_time")
export declare function getTime(): u64;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_current_period")
export declare function getCurrentPeriod(): u64;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_current_thread")
export declare function getCurrentThread(): i32;

/** `"O…"`, or `""` outside an operation. */
// @ts-ignore: decorator
@external("massa", "assembly_script_get_origin_operation_id")
export declare function getOriginOperationId(): string;

// @ts-ignore: decorator
@external("massa", "assembly_script_send_message")
export declare function sendMessage(
  target: string,
  handler: string,
  validityStartPeriod: u64,
  validityStartThread: i32,
  validityEndPeriod: u64,
  validityEndThread: i32,
  maxGas: u64,
  rawFee: u64,
  rawCoins: u64,
  data: StaticArray<u8>,
  filterAddress: string,
  filterKey: StaticArray<u8>,
): void;

// @ts-ignore: decorator
@external("massa", "assembly_script_set_bytecode")
export declare function setBytecode(bytecode: StaticArray<u8>): void;

// @ts-ignore: decorator
@external("massa", "assembly_script_set_bytecode_for")
export declare function setBytecodeFor(address: string, bytecode: StaticArray<u8>): void;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_bytecode")
export declare function getBytecode(): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_bytecode_for")
export declare function getBytecodeFor(address: string): StaticArray<u8>;

// @ts-ignore: decorator
@external("massa", "assembly_script_caller_has_write_access")
export declare function callerHasWriteAccess(): bool;

// @ts-ignore: decorator
@external("massa", "assembly_script_function_exists")
export declare function functionExists(address: string, func: string): bool;

// @ts-ignore: decorator
@external("massa", "assembly_script_chain_id")
export declare function chainId(): u64;

// @ts-ignore: decorator
@external("massa", "assembly_script_get_deferred_call_quote")
export declare function getDeferredCallQuote(period: u64, thread: i32, maxGas: u64, paramsSize: u64): u64;

/** Returns the call id, `"D…"`. */
// @ts-ignore: decorator
@external("massa", "assembly_script_deferred_call_register")
export declare function deferredCallRegister(
  target: string,
  func: string,
  period: u64,
  thread: i32,
  maxGas: u64,
  params: StaticArray<u8>,
  rawCoins: u64,
): string;

// @ts-ignore: decorator
@external("massa", "assembly_script_deferred_call_exists")
export declare function deferredCallExists(id: string): bool;

// @ts-ignore: decorator
@external("massa", "assembly_script_deferred_call_cancel")
export declare function deferredCallCancel(id: string): void;
