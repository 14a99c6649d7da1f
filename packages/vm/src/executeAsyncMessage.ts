import { ContextError, ExecutionFailure } from './execution/failures.js';
import { checkTargetScAddress, transferCoins } from './execution/contextLedger.js';
import type { ExecutionContext, ExecutionHost } from './execution/ExecutionContext.js';
import { loadModule, ModuleLoadError } from './execution/loadModule.js';
import { executeOperation, type OperationOutcome } from './executeOperation.js';
import type { AsyncMessage } from './asyncMessages.js';
import { asyncMessageId, asyncMessageIdJson } from './asyncMessageId.js';
import type { SlotContext } from './SlotContext.js';
import type { LedgerReader } from './state/LedgerState.js';
import type { ExecutionTracer } from './trace/ExecutionTracer.js';
import type { DeferredCallReader } from './deferredCalls/DeferredCall.js';

export interface AsyncMessageRun {
  host: ExecutionHost;
  state: LedgerReader;
  deferredCalls?: DeferredCallReader;
  slot: SlotContext;
  message: AsyncMessage;
  commit: boolean;
  tracer?: ExecutionTracer | undefined;
}

/**
 * The node's `execute_async_message`: credits the message coins to the destination (they were
 * taken from the sender at emission), runs its handler with the message gas; on failure rolls
 * back and refunds the coins to the sender.
 */
export function executeAsyncMessage(run: AsyncMessageRun): OperationOutcome {
  const { message, host } = run;
  const refund = (ctx: ExecutionContext) => {
    try {
      transferCoins(ctx, undefined, message.sender, message.coins, false);
    } catch (error) {
      if (!(error instanceof ContextError)) throw error;
    }
  };
  return executeOperation(
    {
      host,
      state: run.state,
      deferredCalls: run.deferredCalls,
      slot: run.slot,
      operationId: null,
      maxGas: message.maxGas,
      vmContext: 'Asynchronous Message',
      emitErrorEvent: true,
      commit: run.commit,
      tracer: run.tracer,
      prepare: (ctx) => {
        ctx.asyncMessageId = asyncMessageIdJson(asyncMessageId(message));
        ctx.stack = [
          { address: message.sender, coins: 0n, ownedAddresses: [message.sender], operationDatastore: undefined },
          { address: message.destination, coins: message.coins, ownedAddresses: [message.destination], operationDatastore: undefined },
        ];
        checkTargetScAddress(ctx, message.destination);
        const bytecode = ctx.ledger.getBytecode(message.destination);
        if (!bytecode) throw new ContextError('no target bytecode found', 'MASON_VM_TARGET', { target: message.destination, reason: 'it has no bytecode' });
        try {
          transferCoins(ctx, undefined, message.destination, message.coins, false);
        } catch (error) {
          if (!(error instanceof ContextError)) throw error;
          throw new ContextError(`could not credit coins to target of async execution: ${error.display}`, 'MASON_VM_COINS');
        }
        try {
          return { compiled: loadModule(host, bytecode, message.maxGas, 'stored'), functionName: message.function, param: message.data };
        } catch (error) {
          if (!(error instanceof ModuleLoadError)) throw error;
          throw new ExecutionFailure(`Runtime error: could not load module for async execution: ${error.display}`, error.detail);
        }
      },
      afterFailure: refund,
    },
    message.function,
  );
}
