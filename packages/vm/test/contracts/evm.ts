// The EVM host functions through the official @massalabs/massa-as-sdk 3.x. Parameters are raw
// bytes at fixed offsets: signature (65) ‖ public key (64) ‖ data for `verify`, digest (32) ‖
// signature (65) for `recover`.
import { evmGetAddressFromPubkey, evmGetPubkeyFromSignature, isEvmSignatureValid } from '@massalabs/massa-as-sdk';

export function constructor(_: StaticArray<u8>): void {}

export function verify(param: StaticArray<u8>): StaticArray<u8> {
  const signature = param.slice<StaticArray<u8>>(0, 65);
  const publicKey = param.slice<StaticArray<u8>>(65, 129);
  const data = param.slice<StaticArray<u8>>(129);
  return [isEvmSignatureValid(data, signature, publicKey) ? 1 : 0];
}

export function recover(param: StaticArray<u8>): StaticArray<u8> {
  return evmGetPubkeyFromSignature(param.slice<StaticArray<u8>>(0, 32), param.slice<StaticArray<u8>>(32));
}

export function address(publicKey: StaticArray<u8>): StaticArray<u8> {
  return evmGetAddressFromPubkey(publicKey);
}
