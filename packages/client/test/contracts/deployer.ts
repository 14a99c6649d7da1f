// ExecuteSC bytecode that deploys the contract in its operation datastore: key "bytecode" (wasm),
// optional "args" (constructor arguments) and "coins" (u64 LE, sent to the constructor).
import { Args, bytesToU64, call, createSC, generateEvent, getOpData, hasOpKey, stringToBytes } from '@mason/sdk';

function opData(key: string): StaticArray<u8> {
  const bytes = stringToBytes(key);
  return hasOpKey(bytes) ? getOpData(bytes) : new StaticArray<u8>(0);
}

export function main(_: StaticArray<u8>): void {
  const contract = createSC(getOpData(stringToBytes('bytecode')));
  const coins = opData('coins');
  call(contract, 'constructor', new Args(opData('args')), coins.length == 8 ? bytesToU64(coins) : 0);
  generateEvent(`Contract deployed at address: ${contract.toString()}`);
}
