import { getOperations, type Client } from '@mason/client';

export interface OperationGas {
  /** Gas the execution used: Mason's devnet reports it (`gas_used`); a Massa node does not, so null there. */
  used: number | null;
  /** The operation's gas limit. */
  max: number | null;
}

/** What an executed CallSC or ExecuteSC used, as far as the node says (see OperationGas). */
export async function operationGas(client: Client, operationId: string): Promise<OperationGas> {
  const [info] = await getOperations(client, [operationId]);
  const op = info?.operation.content.op;
  const max = op && 'CallSC' in op ? op.CallSC.max_gas : op && 'ExecuteSC' in op ? op.ExecuteSC.max_gas : null;
  return { used: info?.gas_used ?? null, max };
}

const grouped = (gas: number) => gas.toLocaleString('en-US');

/** `356,474 of 427,768 max`, or what is known when the node does not report the gas used. */
export function gasText(gas: OperationGas): string {
  if (gas.used !== null) return gas.max === null ? grouped(gas.used) : `${grouped(gas.used)} of ${grouped(gas.max)} max`;
  const max = gas.max === null ? '' : ` (max gas ${grouped(gas.max)})`;
  return `unknown: a Massa node does not report it${max}; mason read gives a read-only estimate`;
}
