import { formatMas } from './amount.js';
import { byteList } from './bytes.js';
import type { OperationContent } from './operation.js';
import type { OperationContentJson, OperationTypeJson } from './wire/operation.js';

/** The node's JSON `content` object of an operation (as in get_operations and subscriptions). */
export function operationContentToJson(content: OperationContent): OperationContentJson {
  return { fee: formatMas(content.fee), expire_period: content.expirePeriod, op: operationToJson(content) };
}

function operationToJson({ op }: OperationContent): OperationTypeJson {
  switch (op.type) {
    case 'Transaction':
      return { Transaction: { recipient_address: op.recipient, amount: formatMas(op.amount) } };
    case 'RollBuy':
      return { RollBuy: { roll_count: Number(op.rollCount) } };
    case 'RollSell':
      return { RollSell: { roll_count: Number(op.rollCount) } };
    case 'ExecuteSC':
      return {
        ExecuteSC: {
          data: byteList(op.bytecode),
          max_gas: Number(op.maxGas),
          max_coins: formatMas(op.maxCoins),
          datastore: op.datastore.map(([key, value]): [number[], number[]] => [byteList(key), byteList(value)]),
        },
      };
    case 'CallSC':
      return {
        CallSC: {
          target_addr: op.target,
          target_func: op.func,
          param: byteList(op.param),
          max_gas: Number(op.maxGas),
          coins: formatMas(op.coins),
        },
      };
  }
}
