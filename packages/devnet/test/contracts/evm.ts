// The EVM host functions, run by the devnet's worker bundles (which bundle the VM's secp256k1).
import { evmGetAddressFromPubkey, evmGetPubkeyFromSignature, generateEvent } from '@mason/sdk';

export function constructor(_: StaticArray<u8>): void {}

/** The Ethereum address of a 64-byte public key, as an event (hex) and as the result. */
export function address(publicKey: StaticArray<u8>): StaticArray<u8> {
  const address = evmGetAddressFromPubkey(publicKey);
  let text = '';
  for (let i = 0; i < address.length; i++) text += (<u32>address[i]).toString(16).padStart(2, '0');
  generateEvent(text);
  return address;
}

/** The signer's public key from digest (32) ‖ signature (65). */
export function recover(param: StaticArray<u8>): StaticArray<u8> {
  return evmGetPubkeyFromSignature(param.slice<StaticArray<u8>>(0, 32), param.slice<StaticArray<u8>>(32));
}
