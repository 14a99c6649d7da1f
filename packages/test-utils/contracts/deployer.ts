// The deployer convention (reference §13): read the op datastore, create each SC, call its
// constructor with its args and coins, announce the address.
import { Args, bytesToU64 } from '@massalabs/as-types';
import {
  Address,
  call,
  createSC,
  functionExists,
  generateEvent,
  generateRawEvent,
  getOpData,
  hasOpKey,
} from '@massalabs/massa-as-sdk';

function key(i: u64, suffix: i32): StaticArray<u8> {
  const args = new Args().add(i);
  if (suffix >= 0) args.add<Uint8Array>(Uint8Array.wrap(changetype<ArrayBuffer>([u8(suffix)] as StaticArray<u8>)));
  return args.serialize();
}

export function main(_: StaticArray<u8>): void {
  assert(hasOpKey([0]), 'The number of smart contracts to deploy is undefined.');
  const count = new Args(getOpData([0])).mustNext<u64>('nbSC');
  const addresses: Array<Address> = [];
  for (let i: u64 = 1; i <= count; i++) {
    const codeKey = key(i, -1);
    assert(hasOpKey(codeKey), `No bytecode found for contract number: ${i}`);
    const address = createSC(getOpData(codeKey));
    if (functionExists(address, 'constructor')) {
      const argsKey = key(i, 0);
      const coinsKey = key(i, 1);
      const args = hasOpKey(argsKey) ? new Args(getOpData(argsKey)) : new Args();
      const coins = hasOpKey(coinsKey) ? bytesToU64(getOpData(coinsKey)) : 0;
      call(address, 'constructor', args, coins);
    }
    generateEvent(`Contract deployed at address: ${address.toString()}`);
    addresses.push(address);
  }
  generateRawEvent(new Args().addSerializableObjectArray(addresses).serialize());
}
