// The Massa deployer convention (reference §13) written with @mason/sdk: deploys the contracts
// carried in the ExecuteSC operation datastore, calls their constructors, reports their addresses.
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
} from '../../assembly';

const COUNT_KEY: StaticArray<u8> = [0];

function constructorArgsKey(index: u64): StaticArray<u8> {
  return new Args().add(index).add<StaticArray<u8>>([0]).serialize();
}

function coinsKey(index: u64): StaticArray<u8> {
  return new Args().add(index).add<StaticArray<u8>>([1]).serialize();
}

export function main(_: StaticArray<u8>): void {
  assert(hasOpKey(COUNT_KEY), 'The number of smart contracts to deploy is undefined.');
  const count = new Args(getOpData(COUNT_KEY)).mustNext<u64>('nbSC');
  const deployed = new Array<Address>();
  for (let i: u64 = 1; i <= count; i++) {
    const bytecodeKey = u64ToBytes(i);
    assert(hasOpKey(bytecodeKey), `No bytecode found for contract number: ${i}`);
    const address = createSC(getOpData(bytecodeKey));
    if (functionExists(address, 'constructor')) {
      const argsKey = constructorArgsKey(i);
      const args = hasOpKey(argsKey) ? new Args(getOpData(argsKey)) : new Args();
      const key = coinsKey(i);
      const coins = hasOpKey(key) ? new Args(getOpData(key)).mustNext<u64>('coins') : 0;
      call(address, 'constructor', args, coins);
    }
    generateEvent(`Contract deployed at address: ${address.toString()}`);
    deployed.push(address);
  }
  generateRawEvent(new Args().add(deployed).serialize());
}
