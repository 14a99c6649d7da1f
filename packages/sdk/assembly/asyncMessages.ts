import { Address } from './Address';
import { Slot } from './Slot';
import * as env from './env/index';

/**
 * Schedules an asynchronous call of `functionName` on the contract `at` (an `AS…` address),
 * executable between the validity start and end slots. `maxGas` must be ≥ 2,100,000; `rawFee` and
 * `coins` are nanoMAS taken from the current contract. With a `filterAddress` (and optional
 * `filterKey`) the message only runs once that address's datastore (entry) changes.
 */
export function sendMessage(
  at: Address,
  functionName: string,
  validityStartPeriod: u64,
  validityStartThread: u8,
  validityEndPeriod: u64,
  validityEndThread: u8,
  maxGas: u64,
  rawFee: u64,
  coins: u64,
  functionParams: StaticArray<u8>,
  filterAddress: Address = new Address(),
  filterKey: StaticArray<u8> = new StaticArray<u8>(0),
): void {
  env.sendMessage(
    at.toString(),
    functionName,
    validityStartPeriod,
    validityStartThread,
    validityEndPeriod,
    validityEndThread,
    maxGas,
    rawFee,
    coins,
    functionParams,
    filterAddress.toString(),
    filterKey,
  );
}

/** `sendMessage` with slots. */
export function asyncCall(
  at: Address,
  functionName: string,
  validityStart: Slot,
  validityEnd: Slot,
  maxGas: u64,
  fee: u64,
  functionParams: StaticArray<u8> = new StaticArray<u8>(0),
  coins: u64 = 0,
  filterAddress: Address = new Address(),
  filterKey: StaticArray<u8> = new StaticArray<u8>(0),
): void {
  sendMessage(
    at,
    functionName,
    validityStart.period,
    validityStart.thread,
    validityEnd.period,
    validityEnd.thread,
    maxGas,
    fee,
    coins,
    functionParams,
    filterAddress,
    filterKey,
  );
}
