// Breaks the node's rules on purpose: an import the node does not provide (the legacy SDK's
// hash_mimc), a real import with the wrong signature. Compiled with both debug and source map.
@external("massa", "assembly_script_hash_mimc")
declare function hashMimc(data: StaticArray<u8>): StaticArray<u8>;

@external("massa", "assembly_script_get_balance")
declare function getBalance(): i32;

export function main(_: StaticArray<u8>): void {
  hashMimc([<u8>getBalance()]);
}
