import {
  type Account,
  type Client,
  executeReadOnlyCall,
  expired,
  final,
  getOperations,
  getStatus,
  isClientError,
  Operation,
  prepareOperation,
  type PreparedOperation,
  RpcError,
  type SCOutputEvent,
  sendPreparedOperation,
  timeout,
} from '@mason/client';
import { formatMas, MAX_GAS_CALL, MIN_GAS_CALL } from '@mason/codec';
import type { DeploymentRecords } from '../deploymentRecords.js';
import { DeployError } from '../errors.js';
import { resendWhenLost } from '../resendWhenLost.js';
import type { ScriptStepRecord } from './scriptJournal.js';

export interface CallStep {
  module: string;
  step: string;
  kind: 'call' | 'upgrade';
  inputsSha256: string;
  /** Step id of the contract called, and its address. */
  targetStep: string;
  target: string;
  func: string;
  parameter: Uint8Array;
  coins: bigint;
  /** Recorded by an interrupted run: its operation is looked up, and sent again as it is only if the node lost it. */
  sent: ScriptStepRecord | undefined;
}

export interface CallStepContext {
  client: Client;
  account: Account;
  records: DeploymentRecords;
  fee?: bigint;
  stageTimeoutMs: number;
  pollIntervalMs?: number;
  onSent: (operationId: string, resumed: boolean) => void;
}

/** A dry run of the call (a read-only call), its gas + 20 %: a call that would fail says so before anything is sent. */
async function dryRun(client: Client, account: Account, call: CallStep, fee: bigint): Promise<bigint> {
  const [result] = await executeReadOnlyCall(client, [
    {
      max_gas: Number(MAX_GAS_CALL),
      target_address: call.target,
      target_function: call.func,
      parameter: Array.from(call.parameter),
      caller_address: account.address.toString(),
      coins: formatMas(call.coins),
      fee: formatMas(fee),
    },
  ]);
  if (!result || 'Error' in result.result) {
    const error = result && 'Error' in result.result ? result.result.Error : 'no result';
    throw new DeployError('MASON_DEPLOY_WOULD_FAIL', { error: `step "${call.step}" (${call.func} on ${call.target}): ${error}` });
  }
  const gas = (BigInt(result.gas_cost) * 12n) / 10n;
  return gas < MIN_GAS_CALL ? MIN_GAS_CALL : gas > MAX_GAS_CALL ? MAX_GAS_CALL : gas;
}

async function prepare(context: CallStepContext, call: CallStep): Promise<PreparedOperation> {
  try {
    return await prepareOperation(context.client, context.account, context.fee !== undefined ? { fee: context.fee } : {}, ({ fee }) => ({
      spending: call.coins,
      payload: async () => ({
        type: 'CallSC',
        maxGas: await dryRun(context.client, context.account, call, fee),
        coins: call.coins,
        target: call.target,
        func: call.func,
        param: call.parameter,
      }),
    }));
  } catch (error) {
    if (isClientError(error, 'MASON_CLIENT_INSUFFICIENT_BALANCE')) {
      throw new DeployError('MASON_DEPLOY_INSUFFICIENT_BALANCE', {
        address: error.context.address,
        balance: error.context.balance,
        needed: error.context.required,
        fee: formatMas(context.fee ?? 0n),
        storage: '0',
        coins: formatMas(call.coins),
      });
    }
    throw error;
  }
}

/** The operation an interrupted run sent, if it can still be followed (known to the node, or sent again before its expiry). */
async function resumeSent(context: CallStepContext, sent: ScriptStepRecord): Promise<Operation | null> {
  const { client, account } = context;
  if (!sent.input || sent.expirePeriod === undefined) return null;
  const [info] = await getOperations(client, [sent.operationId]);
  const known = info && (info.in_pool || info.in_blocks.length > 0 || info.op_exec_status !== null);
  const recorded = { id: sent.operationId, type: 'CallSC', expirePeriod: sent.expirePeriod, creator: account.address.toString(), input: sent.input } as const;
  if (known) return new Operation(client, recorded);
  const status = await getStatus(client);
  if ((status.last_slot?.period ?? 0) > sent.expirePeriod) return null; // expired unexecuted: nothing was done
  try {
    return await sendPreparedOperation(client, recorded);
  } catch (error) {
    if (error instanceof RpcError && error.rpcCode === -32016 && /expire_period/.test(error.rpcMessage)) return null;
    throw error;
  }
}

/**
 * A call (or an upgrade, a call with the new bytecode) of a script: dry-run, signed, recorded as
 * `sent` with its signed bytes, sent, then followed to finality. A rerun after an interruption
 * follows the recorded operation instead of sending another.
 */
export async function runCallStep(context: CallStepContext, call: CallStep): Promise<{ operationId: string; events: SCOutputEvent[] }> {
  const { client, records } = context;
  let operation = call.sent ? await resumeSent(context, call.sent) : null;
  let input = call.sent?.input;
  if (operation) context.onSent(operation.id, true);
  else {
    const prepared = await prepare(context, call);
    records.updateScript(call.module, (journal) => {
      journal.steps[call.step] = {
        kind: call.kind,
        inputsSha256: call.inputsSha256,
        status: 'sent',
        operationId: prepared.id,
        address: call.target,
        target: call.targetStep,
        func: call.func,
        input: prepared.input,
        expirePeriod: prepared.expirePeriod,
        sentAt: new Date().toISOString(),
      };
    });
    operation = await sendPreparedOperation(client, prepared);
    input = prepared.input;
    context.onSent(operation.id, false);
  }

  const waitOptions = context.pollIntervalMs !== undefined ? { pollIntervalMs: context.pollIntervalMs } : {};
  const result = await operation.wait([final(), expired(), timeout(context.stageTimeoutMs), resendWhenLost(client, input!)], waitOptions);
  const forget = () => records.updateScript(call.module, (journal) => void delete journal.steps[call.step]);
  if (result.stage === 'expired') {
    forget();
    throw new DeployError('MASON_DEPLOY_EXPIRED', { operationId: operation.id, expirePeriod: operation.expirePeriod });
  }
  if (result.stage === 'timeout') {
    throw new DeployError('MASON_DEPLOY_TIMEOUT', { operationId: operation.id, stage: 'final', timeoutMs: context.stageTimeoutMs, status: result.status });
  }
  const events = await operation.events({ final: true });
  if (result.status === 'FinalError') {
    forget();
    const errorEvent = [...events].reverse().find((e) => e.context.is_error);
    let error = errorEvent?.data ?? 'no error event';
    try {
      error = (JSON.parse(error) as { massa_execution_error?: string }).massa_execution_error ?? error;
    } catch {
      // plain-text error event
    }
    throw new DeployError('MASON_DEPLOY_FAILED', { error: `step "${call.step}": ${error}`, operationId: operation.id });
  }
  const id = operation.id;
  records.updateScript(call.module, (journal) => {
    const { input: _input, expirePeriod: _expire, ...rest } = journal.steps[call.step] ?? ({} as ScriptStepRecord);
    journal.steps[call.step] = {
      ...rest,
      kind: call.kind,
      inputsSha256: call.inputsSha256,
      status: 'done',
      operationId: id,
      address: call.target,
      target: call.targetStep,
      func: call.func,
      sentAt: rest.sentAt ?? new Date().toISOString(),
      finishedAt: new Date().toISOString(),
    };
  });
  return { operationId: id, events };
}
