import type { Datastore } from './datastore.js';

export type Transaction = { type: 'Transaction'; recipient: string; amount: bigint };
export type RollBuy = { type: 'RollBuy'; rollCount: bigint };
export type RollSell = { type: 'RollSell'; rollCount: bigint };
export type ExecuteSC = { type: 'ExecuteSC'; maxGas: bigint; maxCoins: bigint; bytecode: Uint8Array; datastore: Datastore };
export type CallSC = { type: 'CallSC'; maxGas: bigint; coins: bigint; target: string; func: string; param: Uint8Array };

export type Operation = Transaction | RollBuy | RollSell | ExecuteSC | CallSC;
export type OperationType = Operation['type'];

/** What a user signs: amounts in nanoMAS, the expire period as a number. */
export interface OperationContent {
  fee: bigint;
  expirePeriod: number;
  op: Operation;
}

export const OPERATION_TYPE_IDS: Record<OperationType, number> = {
  Transaction: 0,
  RollBuy: 1,
  RollSell: 2,
  ExecuteSC: 3,
  CallSC: 4,
};
