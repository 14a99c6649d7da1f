import { formatMas, type OperationContent } from '@mason/codec';
import {
  asyncMessageId,
  formatAsyncMessageId,
  TRACE_VERSION,
  type AsyncMessage,
  type ExecutionTrace,
  type ExecutionTracer,
  type SlotContext,
  type TraceEffect,
} from '@mason/vm';

/** What a trace tells of the operation around the execution. */
export interface TracedOperation {
  id: string;
  sender: string;
  content: OperationContent;
}

/** The JSON of a contract operation's trace (ExecuteSC, CallSC): the VM's, with the operation around it. */
export function contractOperationTrace(tracer: ExecutionTracer, operation: TracedOperation, slot: SlotContext): string | undefined {
  const trace = tracer.trace;
  if (trace === undefined) return undefined;
  return JSON.stringify({
    ...trace,
    operationId: operation.id,
    sender: operation.sender,
    fee: formatMas(operation.content.fee),
    slot: { ...slot.slot },
  } satisfies ExecutionTrace);
}

/** The JSON of a transaction's or a roll operation's trace: no code runs, a simple record. */
export function coinOperationTrace(operation: TracedOperation, slot: SlotContext, failure: string | undefined): string {
  const op = operation.content.op;
  const effects: TraceEffect[] = [];
  let kind: ExecutionTrace['kind'] = 'Transaction';
  let rolls: number | undefined;
  if (op.type === 'Transaction') {
    effects.push({ type: 'transfer', from: operation.sender, to: op.recipient, amount: formatMas(op.amount) });
  } else if (op.type === 'RollBuy' || op.type === 'RollSell') {
    kind = op.type;
    rolls = Number(op.rollCount);
  }
  const trace: ExecutionTrace = {
    version: TRACE_VERSION,
    kind,
    ok: failure === undefined,
    gasLimit: 0,
    gasUsed: 0,
    operationId: operation.id,
    sender: operation.sender,
    fee: formatMas(operation.content.fee),
    slot: { ...slot.slot },
    effects: failure === undefined ? effects : [],
    root: null,
    ...(rolls !== undefined && { rolls }),
    ...(failure !== undefined && { failure: { message: failure } }),
  };
  return JSON.stringify(trace);
}

/** The id (`ASC…`) and JSON of an asynchronous message's trace. */
export function asyncMessageTrace(tracer: ExecutionTracer, message: AsyncMessage, slot: SlotContext): [string, string] | undefined {
  const trace = tracer.trace;
  if (trace === undefined) return undefined;
  const id = formatAsyncMessageId(asyncMessageId(message));
  return [
    id,
    JSON.stringify({ ...trace, asyncMessageId: id, sender: message.sender, fee: formatMas(message.fee), slot: { ...slot.slot } } satisfies ExecutionTrace),
  ];
}
