// Mason's deployer: the Massa deployer convention (reference §13) plus a contract it can carry.
//
// `main` alone is the convention exactly: every contract comes from the operation datastore.
// A bundled deployer (see src/bundleDeployer.ts) is this module with the contract's bytecode
// appended as a passive data segment and `main` re-exported to a small generated function that
// copies the segment into a fresh buffer and calls `deployEmbedded` with it. That contract is
// contract number 1; the count key becomes optional (default 1) and constructor arguments and
// coins still come from the datastore, under massa-web3's keys.
import {
  Address,
  Args,
  call,
  createSC,
  functionExists,
  generateEvent,
  generateRawEvent,
  getOpData,
  hasOpKey,
  u64ToBytes,
} from '@mason/sdk';

const COUNT_KEY: StaticArray<u8> = [0];
const ARGS_TAG: StaticArray<u8> = [0];
const COINS_TAG: StaticArray<u8> = [1];

/** `u64 LE(index) ‖ 01 00 00 00 ‖ tag`: the constructor-arguments (tag 0) and coins (tag 1) keys. */
function contractKey(index: u64, tag: StaticArray<u8>): StaticArray<u8> {
  return new Args().add(index).add(tag).serialize();
}

function bytecodeOf(index: u64, embedded: StaticArray<u8> | null): StaticArray<u8> {
  if (index == 1 && embedded !== null) return embedded;
  const key = u64ToBytes(index);
  assert(hasOpKey(key), `No bytecode found for contract number: ${index}`);
  return getOpData(key);
}

function deploy(embedded: StaticArray<u8> | null): void {
  let count: u64 = 1;
  if (hasOpKey(COUNT_KEY)) {
    count = new Args(getOpData(COUNT_KEY)).mustNext<u64>('nbSC');
  } else {
    assert(embedded !== null, 'The number of smart contracts to deploy is undefined.');
  }
  const deployed = new Array<Address>();
  for (let index: u64 = 1; index <= count; index++) {
    const address = createSC(bytecodeOf(index, embedded));
    if (functionExists(address, 'constructor')) {
      const argsKey = contractKey(index, ARGS_TAG);
      const args = hasOpKey(argsKey) ? new Args(getOpData(argsKey)) : new Args();
      const coinsKey = contractKey(index, COINS_TAG);
      const coins = hasOpKey(coinsKey) ? new Args(getOpData(coinsKey)).mustNext<u64>('coins') : 0;
      call(address, 'constructor', args, coins);
    }
    generateEvent(`Contract deployed at address: ${address.toString()}`);
    deployed.push(address);
  }
  // The operation's last event: what massa-web3 and Mason's deploy runner read the addresses from.
  generateRawEvent(new Args().addSerializableObjectArray(deployed).serialize());
}

export function main(_: StaticArray<u8>): void {
  deploy(null);
}

/** Called by a bundled deployer's generated `main`; an ArrayBuffer has the layout of a StaticArray<u8>. */
export function deployEmbedded(bytecode: ArrayBuffer): void {
  deploy(changetype<StaticArray<u8>>(bytecode));
}
