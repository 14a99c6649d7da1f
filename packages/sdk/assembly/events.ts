import { encodeBase64 } from './serialization/base64';
import * as env from './env/index';

/** Emits an event with `data` = `event` (≤ 1024 bytes; ≤ 25 events per operation on a node). */
export function generateEvent(event: string): void {
  env.generateEvent(event);
}

/** Emits `bytes` as a base64 event, e.g. serialized `Args` (the deployer reports addresses this way). */
export function generateRawEvent(bytes: StaticArray<u8>): void {
  env.generateEvent(encodeBase64(bytes));
}

/** `"key:arg0,arg1,…"`. */
export function createEvent(key: string, args: Array<string>): string {
  return key + ':' + args.join(',');
}

/** Writes to the node's debug log; not an event, invisible to clients. */
export function print(message: string): void {
  env.print(message);
}
