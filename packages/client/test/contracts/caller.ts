// ExecuteSC bytecode that calls a contract function named in its operation datastore: keys
// "target" (address), "function" and optional "args". Without "target" it only says so.
import { Address, Args, bytesToString, call, generateEvent, getOpData, hasOpKey, stringToBytes } from '@mason/sdk';

export function main(_: StaticArray<u8>): void {
  const targetKey = stringToBytes('target');
  if (!hasOpKey(targetKey)) {
    generateEvent('nothing to call');
    return;
  }
  const target = new Address(bytesToString(getOpData(targetKey)));
  const func = bytesToString(getOpData(stringToBytes('function')));
  const argsKey = stringToBytes('args');
  const args = hasOpKey(argsKey) ? getOpData(argsKey) : new StaticArray<u8>(0);
  const result = call(target, func, new Args(args), 0);
  generateEvent(`${func} returned ${result.length} bytes`);
}
