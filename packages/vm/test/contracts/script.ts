// ExecuteSC bytecode: runs in the sender's context.
import { Args, stringToBytes } from '@massalabs/as-types';
import { Context, Storage, generateEvent, getOpData, getOpKeys, hasOpKey } from '@massalabs/massa-as-sdk';

export function main(_: StaticArray<u8>): void {
  Storage.set('script', 'ran');
  generateEvent(`caller ${Context.caller().toString()} keys ${getOpKeys().length}`);
  if (hasOpKey(stringToBytes('msg'))) {
    generateEvent(`msg ${String.UTF8.decode(changetype<ArrayBuffer>(getOpData(stringToBytes('msg'))))}`);
  }
  if (hasOpKey(stringToBytes('missing!'))) generateEvent('impossible');
  if (hasOpKey(stringToBytes('read-missing'))) getOpData(stringToBytes('nope'));
  const unused = new Args();
  unused.add(u8(1));
}
