import type { Slot } from '@mason/codec';
import { DEFERRED_CALLS } from '../../deferredCalls/deferredCallConfig.js';
import { computeDeferredCallFee } from '../../deferredCalls/deferredCallFee.js';
import { deferredCallId, DeferredCallIdError, deferredCallIdSlot, parseDeferredCallId } from '../../deferredCalls/deferredCallId.js';
import { ContextError, hostFailure } from '../failures.js';
import type { ExecutionContext } from '../ExecutionContext.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { currentAddress, transferCoins } from '../contextLedger.js';
import { abi, boolToI32, type HostFunctions } from './hostFunction.js';
import { parseAddressArg } from '../parseAddressArg.js';

const U64_MAX = (1n << 64n) - 1n;
const callsError = (text: string) => hostFailure(`Autonomous smart contract call error: ${text}`);

/** The runtime's argument checks (`massa-sc-runtime` abi.rs): a slot of a u64 period and a u8 thread. */
function slotArgument(period: bigint, thread: number): Slot {
  if (period < 0n) throw hostFailure('negative validity end period');
  if (thread < 0 || thread > 255) throw hostFailure('invalid validity end thread');
  return { period: Number(period), thread };
}

/** The node's `get_deferred_call_quote` interface: available and price, for max gas + 750,000 booked gas. */
function quote(ctx: ExecutionContext, slot: Slot, maxGas: bigint, paramsSize: bigint): { ok: true; fee: bigint } | { ok: false; reason: string } {
  const limits = ctx.host.limits;
  if (slot.thread >= limits.threadCount) throw hostFailure('target slot thread exceeds the configuration thread count');
  const gasRequest = maxGas + DEFERRED_CALLS.callConstantGas > U64_MAX ? U64_MAX : maxGas + DEFERRED_CALLS.callConstantGas;
  return computeDeferredCallFee(ctx.deferredCalls, {
    targetSlot: slot,
    gasRequest,
    currentSlot: ctx.slot.slot,
    paramsSize,
    threadCount: limits.threadCount,
    costPerByte: DEFERRED_CALLS.costPerByte,
    maxFunctionNameLength: limits.maxFunctionNameLength,
    maxParameterSize: limits.maxParameterSize,
  });
}

function parseId(text: string): Uint8Array {
  try {
    return parseDeferredCallId(text);
  } catch (error) {
    if (error instanceof DeferredCallIdError) throw hostFailure(error.message);
    throw error;
  }
}

/**
 * The deferred-call ABIs, as the node's interface (`massa-execution-worker/src/interface_impl.rs`)
 * and context implement them, over the execution's speculative registry (`ctx.deferredCalls`):
 * whatever a failing execution registered or cancelled is rolled back with its other changes.
 */
export function deferredCallFunctions(env: InstanceEnv): HostFunctions {
  return {
    assembly_script_get_deferred_call_quote: abi(
      env,
      'assembly_script_get_deferred_call_quote',
      (period: bigint, thread: number, maxGas: bigint, paramsSize: bigint): bigint => {
        const slot = slotArgument(period, thread);
        if (maxGas < 0n) throw hostFailure('negative max gas');
        if (paramsSize < 0n) throw hostFailure('negative params size');
        const price = quote(env.ctx, slot, maxGas, paramsSize);
        return price.ok ? BigInt.asIntN(64, price.fee) : 0n;
      },
    ),

    assembly_script_deferred_call_register: abi(
      env,
      'assembly_script_deferred_call_register',
      (target: number, func: number, period: bigint, thread: number, maxGas: bigint, params: number, coins: bigint): number => {
        const slot = slotArgument(period, thread);
        if (maxGas < 0n) throw hostFailure('negative max gas');
        if (coins < 0n) throw hostFailure('negative coins');
        const targetText = env.readString(target);
        const functionName = env.readString(func);
        const parameters = env.readBuffer(params);
        const ctx = env.ctx;
        const limits = ctx.host.limits;
        if (slot.thread >= limits.threadCount) throw hostFailure('target slot thread exceeds the configuration thread count');
        const targetAddress = parseAddressArg(targetText, ctx.host.lenientAddresses);
        if (!targetAddress.startsWith('AS')) throw hostFailure('target address is not a smart contract address');
        if (Buffer.byteLength(functionName, 'utf8') > limits.maxFunctionNameLength) throw hostFailure('Function name is too large');
        if (parameters.length > limits.maxParameterSize) throw hostFailure('Parameter size is too large');
        const price = quote(ctx, slot, maxGas, BigInt(parameters.length));
        if (!price.ok) {
          throw hostFailure(
            'The Deferred call cannot be registered. Ensure that the target slot is not before/at the current slot nor too far in the future, and that it has at least max_gas available gas.',
            'MASON_VM_HOST',
            { reason: price.reason },
          );
        }
        const sender = currentAddress(ctx);
        transferCoins(ctx, sender, undefined, coins + price.fee, true);
        const registry = ctx.deferredCalls;
        const id = deferredCallId(slot, BigInt(registry.deferredCallIds(slot).length), ctx.slot.executionTrailHash);
        registry.write({
          kind: 'deferredCall',
          id,
          slot,
          value: { sender, targetSlot: slot, target: targetAddress, function: functionName, parameters, coins, maxGas, fee: price.fee, cancelled: false },
        });
        const booked = maxGas + DEFERRED_CALLS.callConstantGas;
        registry.write({ kind: 'deferredSlotGas', slot, value: registry.deferredSlotGas(slot) + booked });
        registry.write({ kind: 'deferredTotalGas', value: registry.deferredTotalGas() + booked });
        return env.allocString(id);
      },
    ),

    assembly_script_deferred_call_exists: abi(env, 'assembly_script_deferred_call_exists', (idPointer: number): number => {
      const id = env.readString(idPointer);
      const ctx = env.ctx;
      if (!deferredCallIdSlot(parseId(id), ctx.host.limits.threadCount)) return 0;
      const call = ctx.deferredCalls.getDeferredCall(id);
      return boolToI32(call !== undefined && !call.cancelled);
    }),

    assembly_script_deferred_call_cancel: abi(env, 'assembly_script_deferred_call_cancel', (idPointer: number): void => {
      const ctx = env.ctx;
      const caller = currentAddress(ctx);
      const id = env.readString(idPointer);
      parseId(id);
      const call = ctx.deferredCalls.getDeferredCall(id);
      if (!call) throw callsError(`deferred call ${id} does not exist`);
      if (call.sender !== caller) throw callsError(`only the caller ${call.sender} can cancel the deferred call (cancel caller: ${caller})`);
      if (call.cancelled) throw callsError('Call ID is already cancelled.');
      ctx.deferredCalls.write({ kind: 'deferredCall', id, slot: call.targetSlot, value: { ...call, cancelled: true } });
      // The node refunds the coins (never the fee) and ignores a refund that cannot be made.
      try {
        transferCoins(ctx, undefined, call.sender, call.coins, false);
      } catch (error) {
        if (!(error instanceof ContextError)) throw error;
      }
    }),
  };
}
