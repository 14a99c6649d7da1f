import { compareSlots } from '@mason/codec';
import { currentAddress, transferCoins } from '../contextLedger.js';
import { hostFailure } from '../failures.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { abi, type HostFunctions } from './hostFunction.js';
import { parseAddressArg } from '../parseAddressArg.js';
import type { AsyncMessage } from '../../asyncMessages.js';
import { asyncMessageEffect } from '../../trace/traceEffects.js';

/**
 * `send_message`: validates the message, burns its coins and fee from the sender, and records it in
 * the execution result for the host's asynchronous pool.
 */
export function asyncMessageFunctions(env: InstanceEnv): HostFunctions {
  return {
    assembly_script_send_message: abi(
      env,
      'assembly_script_send_message',
      (
        target: number,
        handler: number,
        startPeriod: bigint,
        startThread: number,
        endPeriod: bigint,
        endThread: number,
        maxGas: bigint,
        fee: bigint,
        coins: bigint,
        data: number,
        filterAddress: number,
        filterKey: number,
      ) => {
        if (startPeriod < 0n) throw hostFailure('negative validity start period');
        if (startThread < 0 || startThread > 255) throw hostFailure('invalid validity start thread');
        if (endPeriod < 0n) throw hostFailure('negative validity end period');
        if (endThread < 0 || endThread > 255) throw hostFailure('invalid validity end thread');
        if (maxGas < 0n) throw hostFailure('negative max gas');
        if (fee < 0n) throw hostFailure('negative raw_fee');
        if (coins < 0n) throw hostFailure('negative coins');
        const targetText = env.readString(target);
        const handlerName = env.readString(handler);
        const payload = env.readBuffer(data);
        const filterText = env.readString(filterAddress);
        const key = env.readBuffer(filterKey);

        const limits = env.ctx.host.limits;
        if (startThread >= limits.threadCount) throw hostFailure('validity start thread exceeds the configuration thread count');
        if (endThread >= limits.threadCount) throw hostFailure('validity end thread exceeds the configuration thread count');
        const destination = parseAddressArg(targetText);
        if (!destination.startsWith('AS')) throw hostFailure('target address is not a smart contract address');
        if (Buffer.byteLength(handlerName, 'utf8') > limits.maxFunctionNameLength) throw hostFailure('Function name is too large');
        if (payload.length > limits.maxParameterSize) throw hostFailure('Parameter size is too large');
        if (maxGas < env.ctx.host.gasCosts.maxInstance) throw hostFailure('max gas is lower than the minimum instance cost');
        const validityStart = { period: Number(startPeriod), thread: startThread };
        const validityEnd = { period: Number(endPeriod), thread: endThread };
        if (compareSlots(validityEnd, validityStart) < 0) throw hostFailure('validity end is earlier than the validity start');
        if (compareSlots(validityEnd, env.ctx.slot.slot) < 0) throw hostFailure('validity end is earlier than the current slot');

        const sender = currentAddress(env.ctx);
        transferCoins(env.ctx, sender, undefined, coins, true);
        transferCoins(env.ctx, sender, undefined, fee, true);
        let trigger: { address: string; datastoreKey: Uint8Array | undefined } | undefined;
        if (filterText !== '') {
          if (key.length > limits.maxDatastoreKeyLength) throw hostFailure('datastore key is too long');
          trigger = { address: parseAddressArg(filterText), datastoreKey: key.length > 0 ? key : undefined };
        }
        const message: AsyncMessage = {
          emissionSlot: { ...env.ctx.slot.slot },
          emissionIndex: env.ctx.slot.createdMessageIndex,
          sender,
          destination,
          function: handlerName,
          maxGas,
          fee,
          coins,
          validityStart,
          validityEnd,
          data: payload,
          trigger,
        };
        env.ctx.asyncMessages.push(message);
        env.ctx.tracer?.effect(asyncMessageEffect(message));
        env.ctx.slot.createdMessageIndex++;
      },
    ),
  };
}
