// Wasm signatures of the host functions a node registers (massa-sc-runtime as_execution/context.rs),
// written as parameter/result letters: i = i32, I = i64, F = f64.

export interface HostSignature {
  params: string;
  results: string;
}

const sig = (params: string, results = ''): HostSignature => ({ params, results });

export const HOST_SIGNATURES: Readonly<Record<'env' | 'massa', Readonly<Record<string, HostSignature>>>> = {
  env: {
    abort: sig('iiii'),
    seed: sig('', 'F'),
    'Date.now': sig('', 'F'),
    'console.log': sig('i'),
    'console.info': sig('i'),
    'console.warn': sig('i'),
    'console.error': sig('i'),
    'console.debug': sig('i'),
    trace: sig('iiFFFFF'),
    'process.exit': sig('i'),
  },
  massa: {
    assembly_script_print: sig('i'),
    assembly_script_call: sig('iiiI', 'i'),
    assembly_script_get_remaining_gas: sig('', 'I'),
    assembly_script_create_sc: sig('i', 'i'),
    assembly_script_set_data: sig('ii'),
    assembly_script_set_data_for: sig('iii'),
    assembly_script_get_data: sig('i', 'i'),
    assembly_script_get_data_for: sig('ii', 'i'),
    assembly_script_delete_data: sig('i'),
    assembly_script_delete_data_for: sig('ii'),
    assembly_script_append_data: sig('ii'),
    assembly_script_append_data_for: sig('iii'),
    assembly_script_has_data: sig('i', 'i'),
    assembly_script_has_data_for: sig('ii', 'i'),
    assembly_script_get_owned_addresses: sig('', 'i'),
    assembly_script_get_call_stack: sig('', 'i'),
    assembly_script_generate_event: sig('i'),
    assembly_script_transfer_coins: sig('iI'),
    assembly_script_transfer_coins_for: sig('iiI'),
    assembly_script_get_balance: sig('', 'I'),
    assembly_script_get_balance_for: sig('i', 'I'),
    assembly_script_hash: sig('i', 'i'),
    assembly_script_hash_sha256: sig('i', 'i'),
    assembly_script_keccak256_hash: sig('i', 'i'),
    assembly_script_signature_verify: sig('iii', 'i'),
    assembly_script_evm_signature_verify: sig('iii', 'i'),
    assembly_script_evm_get_address_from_pubkey: sig('i', 'i'),
    assembly_script_evm_get_pubkey_from_signature: sig('ii', 'i'),
    assembly_script_is_address_eoa: sig('i', 'i'),
    assembly_script_address_from_public_key: sig('i', 'i'),
    assembly_script_validate_address: sig('i', 'i'),
    assembly_script_unsafe_random: sig('', 'I'),
    assembly_script_get_call_coins: sig('', 'I'),
    assembly_script_get_time: sig('', 'I'),
    assembly_script_send_message: sig('iiIiIiIIIiii'),
    assembly_script_get_origin_operation_id: sig('', 'i'),
    assembly_script_get_current_period: sig('', 'I'),
    assembly_script_get_current_thread: sig('', 'i'),
    assembly_script_set_bytecode: sig('i'),
    assembly_script_set_bytecode_for: sig('ii'),
    assembly_script_get_op_keys: sig('', 'i'),
    assembly_script_get_op_keys_prefix: sig('i', 'i'),
    assembly_script_get_keys: sig('i', 'i'),
    assembly_script_get_keys_for: sig('ii', 'i'),
    assembly_script_has_op_key: sig('i', 'i'),
    assembly_script_get_op_data: sig('i', 'i'),
    assembly_script_get_bytecode: sig('', 'i'),
    assembly_script_get_bytecode_for: sig('i', 'i'),
    assembly_script_local_call: sig('iii', 'i'),
    assembly_script_local_execution: sig('iii', 'i'),
    assembly_script_caller_has_write_access: sig('', 'i'),
    assembly_script_function_exists: sig('ii', 'i'),
    assembly_script_chain_id: sig('', 'I'),
    assembly_script_get_deferred_call_quote: sig('IiII', 'I'),
    assembly_script_deferred_call_register: sig('iiIiIiI', 'i'),
    assembly_script_deferred_call_exists: sig('i', 'i'),
    assembly_script_deferred_call_cancel: sig('i'),
  },
};

const LETTER: Record<number, string> = { 0x7f: 'i', 0x7e: 'I', 0x7d: 'f', 0x7c: 'F' };
const WASMER_TYPE: Record<string, string> = { i: 'I32', I: 'I64', f: 'F32', F: 'F64' };

export function signatureLetters(types: number[]): string {
  return types.map((type) => LETTER[type] ?? '?').join('');
}

/** wasmer's Debug rendering of a function type, used in link errors. */
export function describeSignature(signature: HostSignature): string {
  const list = (letters: string) => [...letters].map((letter) => WASMER_TYPE[letter] ?? letter).join(', ');
  return `Function(FunctionType { params: [${list(signature.params)}], results: [${list(signature.results)}] })`;
}
