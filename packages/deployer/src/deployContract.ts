import { createHash } from 'node:crypto';
import {
  ClientError,
  Operation,
  RpcError,
  expired,
  final,
  getOperations,
  getStatus,
  isClientError,
  prepareExecuteSC,
  sendPreparedOperation,
  speculative,
  timeout,
  type Account,
  type Client,
  type NodeStatus,
  type PreparedOperation,
  type SendOperationInput,
  type SCOutputEvent,
  type WaitResult,
} from '@mason/client';
import { type Datastore, formatMas, MAX_AMOUNT, parseMas, toHex } from '@mason/codec';
import { DeploymentRecords, type PendingDeployment } from './deploymentRecords.js';
import { DeployError } from './errors.js';
import { resendWhenLost } from './resendWhenLost.js';
import { deploymentExecution, deploymentOutcome } from './sendDeployment.js';

export type DeployProgress =
  | { stage: 'checked'; balance: bigint; needed: bigint; maxGas: bigint }
  | { stage: 'resuming'; operationId: string }
  | { stage: 'discarded'; operationId: string; expirePeriod: number; sentAt: string }
  | { stage: 'sent'; operationId: string; expirePeriod: number }
  | { stage: 'executed'; operationId: string; slot: { period: number; thread: number } | null }
  | { stage: 'final'; operationId: string };

export interface DeployParams {
  client: Client;
  account: Account;
  /** Name recorded in deployments/<network>.json. */
  contract: string;
  /** The bytecode the ExecuteSC runs: a Mason deployer (build/<name>.deployer.wasm) or Massa's generic deployer. */
  deployer: Uint8Array;
  /** The contract's own bytecode: its size sets the storage cost; given to a generic deployer through the datastore. */
  contractBytecode: Uint8Array;
  /** Whether `deployer` carries the contract itself (Mason's bundled deployer) or reads it from the datastore. */
  deployerCarriesContract: boolean;
  /** Serialized constructor arguments. */
  args?: Uint8Array;
  /** nanoMAS sent to the constructor. */
  coins?: bigint;
  /** nanoMAS; default and minimum: the node's minimal fee (the client's send pipeline checks both, as for every operation). */
  fee?: bigint;
  /** Gas of the ExecuteSC; default: its dry run's gas + 20 %. The dry run runs either way, with this gas when given. */
  maxGas?: bigint;
  /** Periods after the node's last slot during which the deployment may be included (1…9, default 9). */
  periodToLive?: number;
  /** Records and pending deployments live in <root>/deployments/<network>.json. */
  root: string;
  network: string;
  /**
   * Discard a deployment an interrupted run left pending (even one sent with other inputs) and
   * deploy anew. The discarded operation was sent: a node may still execute it until its expire
   * period, creating a contract of its own. Without it, a pending deployment with other inputs
   * is refused (MASON_DEPLOY_PENDING_MISMATCH).
   */
  fresh?: boolean;
  /** How long each stage may take (default 120 s). */
  stageTimeoutMs?: number;
  pollIntervalMs?: number;
  onProgress?: (progress: DeployProgress) => void;
}

export interface DeployResult {
  address: string;
  operationId: string;
  events: SCOutputEvent[];
  recordsPath: string;
  /** True when an earlier interrupted run had already sent this deployment. */
  resumed: boolean;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** What a deployment is made of: the deployer and contract bytecode, the constructor arguments, the coins. */
function inputsSha256(deployer: Uint8Array, contractBytecode: Uint8Array, args: Uint8Array, coins: bigint): string {
  const hash = createHash('sha256');
  for (const part of [deployer, contractBytecode, args, new TextEncoder().encode(coins.toString())]) {
    hash.update(`${part.length}:`).update(part);
  }
  return hash.digest('hex');
}

interface Inputs {
  inputsSha256: string;
  bytecodeSha256: string;
  args: Uint8Array;
  coins: bigint;
}

/** How this run's inputs differ from those of a pending deployment (records written before inputsSha256 compare field by field). */
function differences(pending: PendingDeployment, current: Inputs): string[] {
  const out: string[] = [];
  if (pending.bytecodeSha256 !== current.bytecodeSha256) out.push('contract bytecode');
  if (pending.constructorArgs !== toHex(current.args))
    out.push(`constructor arguments (pending: ${pending.constructorArgs || 'none'}, now: ${toHex(current.args) || 'none'})`);
  if (pending.coins !== current.coins.toString()) out.push(`coins (pending: ${formatMas(BigInt(pending.coins))} MAS, now: ${formatMas(current.coins)} MAS)`);
  if (out.length === 0 && pending.inputsSha256 !== undefined && pending.inputsSha256 !== current.inputsSha256) out.push('deployer bytecode');
  return out;
}

/**
 * Deploys one contract: checks balance, limits and a dry run before spending anything (the
 * client's send pipeline, `prepareExecuteSC`, as for every operation), sends one ExecuteSC, waits
 * for execution then finality, and takes the address from the deployer's own event. The signed
 * operation is recorded before it is sent, so an interrupted run resumes the same operation (its
 * id is content-addressed) instead of deploying twice.
 */
export async function deployContract(params: DeployParams): Promise<DeployResult> {
  const { client, contract } = params;
  const records = new DeploymentRecords(params.root, params.network);
  const { args, coins } = checkInputs(params);
  const status = await reach(client, () => getStatus(client));
  const chainId = BigInt(status.chain_id);

  const bytecodeSha256 = sha256(params.contractBytecode);
  const inputs: Inputs = { inputsSha256: inputsSha256(params.deployer, params.contractBytecode, args, coins), bytecodeSha256, args, coins };
  const pending = records.pending(contract);
  if (pending) {
    const resumed = await resume(params, records, pending, status, inputs);
    if (resumed) return resumed;
  }

  const { datastore, storage } = deploymentExecution({ ...params, args, coins });
  const prepared = await prepare(params, { datastore, storage, coins });
  const maxGas = prepared.operation.type === 'ExecuteSC' ? prepared.operation.maxGas : 0n;
  params.onProgress?.({ stage: 'checked', balance: prepared.balance, needed: prepared.cost, maxGas });

  records.setPending({
    contract,
    operationId: prepared.id,
    expirePeriod: prepared.expirePeriod,
    input: prepared.input,
    bytecodeSha256,
    inputsSha256: inputs.inputsSha256,
    constructorArgs: toHex(args),
    coins: coins.toString(),
    sentAt: new Date().toISOString(),
  });
  const operation = await sendPreparedOperation(client, prepared);
  params.onProgress?.({ stage: 'sent', operationId: operation.id, expirePeriod: operation.expirePeriod });
  return follow(params, records, { operation, input: prepared.input, bytecodeSha256, args, coins, chainId, resumed: false });
}

/** The deployment's own inputs, refused as the client refuses an operation's (MASON_CLIENT_INVALID_ARGUMENT) before anything is read or sent. */
function checkInputs(params: DeployParams): { args: Uint8Array; coins: bigint } {
  const refuse = (name: string, value: unknown, expected: string) =>
    new ClientError('MASON_CLIENT_INVALID_ARGUMENT', { name, value: value instanceof Uint8Array ? 'bytes' : String(value), expected });
  for (const name of ['deployer', 'contractBytecode'] as const) {
    if (!(params[name] instanceof Uint8Array)) throw refuse(name, typeof params[name], 'a Uint8Array');
  }
  const args = params.args ?? new Uint8Array();
  if (!(args instanceof Uint8Array))
    throw refuse('args', typeof args, 'serialized constructor arguments (a Uint8Array, e.g. new Args().addString("hi").serialize())');
  const coins = params.coins ?? 0n;
  if (typeof coins !== 'bigint' || coins < 0n || coins > MAX_AMOUNT) {
    throw refuse('coins', coins, 'a bigint amount of nanoMAS in [0, 2^64 - 1] (use parseMas("1.5") for MAS)');
  }
  return { args, coins };
}

/**
 * The ExecuteSC of the deployer, checked and signed by the client's one send pipeline (fee,
 * balance, gas, expire period). The dry run always runs, with maxGas when given: a deployment
 * that cannot succeed says so before anything is spent.
 */
async function prepare(params: DeployParams, deployment: { datastore: Datastore; storage: bigint; coins: bigint }): Promise<PreparedOperation> {
  const { client, account } = params;
  const maxCoins = deployment.storage + deployment.coins;
  try {
    return await prepareExecuteSC(client, account, {
      bytecode: params.deployer,
      datastore: deployment.datastore,
      maxCoins,
      dryRun: true,
      ...(params.fee !== undefined && { fee: params.fee }),
      ...(params.maxGas !== undefined && { maxGas: params.maxGas }),
      ...(params.periodToLive !== undefined && { periodToLive: params.periodToLive }),
    });
  } catch (error) {
    if (isClientError(error, 'MASON_CLIENT_INSUFFICIENT_BALANCE')) {
      const needed = parseMas(error.context.required);
      throw new DeployError('MASON_DEPLOY_INSUFFICIENT_BALANCE', {
        address: error.context.address,
        balance: error.context.balance,
        needed: error.context.required,
        fee: formatMas(needed - maxCoins),
        storage: formatMas(deployment.storage),
        coins: formatMas(deployment.coins),
      });
    }
    if (isClientError(error, 'MASON_CLIENT_GAS_ESTIMATION_FAILED') || isClientError(error, 'MASON_CLIENT_DRY_RUN_FAILED')) {
      let reason = error.context.error;
      if (deployment.coins === 0n && reason.includes('failed to charge storage costs')) {
        reason += ' — the new contract pays for what its constructor stores: send it coins with the deployment (e.g. --coins 0.1).';
      }
      throw new DeployError('MASON_DEPLOY_WOULD_FAIL', { error: reason });
    }
    throw error;
  }
}

async function resume(
  params: DeployParams,
  records: DeploymentRecords,
  pending: PendingDeployment,
  status: NodeStatus,
  inputs: Inputs,
): Promise<DeployResult | null> {
  const { client, account } = params;
  if (params.fresh) {
    records.clearPending(params.contract);
    params.onProgress?.({ stage: 'discarded', operationId: pending.operationId, expirePeriod: pending.expirePeriod, sentAt: pending.sentAt });
    return null;
  }
  const [info] = await getOperations(client, [pending.operationId]);
  const known = info && (info.in_pool || info.in_blocks.length > 0 || info.op_exec_status !== null);
  if (!known && (status.last_slot?.period ?? 0) > pending.expirePeriod) {
    // Expired without inclusion: nothing was deployed, a new deployment is safe.
    records.clearPending(params.contract);
    return null;
  }
  const changed = differences(pending, inputs);
  if (changed.length > 0) {
    throw new DeployError('MASON_DEPLOY_PENDING_MISMATCH', {
      contract: params.contract,
      operationId: pending.operationId,
      sentAt: pending.sentAt,
      path: records.path,
      differences: changed.join('; '),
      expirePeriod: pending.expirePeriod,
    });
  }
  const input = pending.input as SendOperationInput;
  const recorded = { id: pending.operationId, type: 'ExecuteSC', expirePeriod: pending.expirePeriod, creator: account.address.toString(), input } as const;
  let operation = new Operation(client, recorded);
  if (!known) {
    try {
      operation = await sendPreparedOperation(client, recorded);
    } catch (error) {
      // The period turned between our clock read and the resend: the node refuses it as expired,
      // so it was never executed and a new deployment is safe.
      if (error instanceof RpcError && error.rpcCode === -32016 && /expire_period/.test(error.rpcMessage)) {
        records.clearPending(params.contract);
        return null;
      }
      throw error;
    }
  }
  params.onProgress?.({ stage: 'resuming', operationId: pending.operationId });
  return follow(params, records, {
    operation,
    input,
    bytecodeSha256: pending.bytecodeSha256,
    args: Uint8Array.from(Buffer.from(pending.constructorArgs, 'hex')),
    coins: BigInt(pending.coins),
    chainId: BigInt(status.chain_id),
    resumed: true,
  });
}

interface Sent {
  operation: Operation;
  input: SendOperationInput;
  bytecodeSha256: string;
  args: Uint8Array;
  coins: bigint;
  chainId: bigint;
  resumed: boolean;
}

async function follow(params: DeployParams, records: DeploymentRecords, sent: Sent): Promise<DeployResult> {
  const { client, account, contract } = params;
  const { operation } = sent;
  const stageTimeoutMs = params.stageTimeoutMs ?? 120_000;
  const waitOptions = params.pollIntervalMs !== undefined ? { pollIntervalMs: params.pollIntervalMs } : {};
  const check = (result: WaitResult, stage: string) => {
    if (result.stage === 'expired') {
      records.clearPending(contract);
      throw new DeployError('MASON_DEPLOY_EXPIRED', { operationId: operation.id, expirePeriod: operation.expirePeriod });
    }
    if (result.stage === 'timeout') {
      throw new DeployError('MASON_DEPLOY_TIMEOUT', { operationId: operation.id, stage, timeoutMs: stageTimeoutMs, status: result.status });
    }
  };

  const untilFinal = async (): Promise<WaitResult> => {
    const executed = await operation.wait([speculative(), final(), expired(), timeout(stageTimeoutMs), resendWhenLost(client, sent.input)], waitOptions);
    check(executed, 'executed');
    if (executed.stage === 'speculative' || executed.stage === 'final') {
      params.onProgress?.({ stage: 'executed', operationId: operation.id, slot: null });
    }
    const finality = executed.stage === 'final' ? executed : await operation.wait([final(), timeout(stageTimeoutMs)], waitOptions);
    check(finality, 'final');
    return finality;
  };
  const { result: finality, events, address } = await deploymentOutcome(operation, account.address.toString(), untilFinal);
  if (finality.stage === 'final' && finality.status === 'FinalError') {
    records.clearPending(contract);
    const errorEvent = [...events].reverse().find((e) => e.context.is_error);
    let error = errorEvent?.data ?? 'no error event';
    try {
      error = (JSON.parse(error) as { massa_execution_error?: string }).massa_execution_error ?? error;
    } catch {
      // plain-text error event (e.g. "could not spend fees")
    }
    throw new DeployError('MASON_DEPLOY_FAILED', { error, operationId: operation.id });
  }
  params.onProgress?.({ stage: 'final', operationId: operation.id });

  if (!address) throw new DeployError('MASON_DEPLOY_ADDRESS_NOT_FOUND', { operationId: operation.id });
  records.record({
    contract,
    address,
    operationId: operation.id,
    network: params.network,
    chainId: Number(sent.chainId),
    deployer: account.address.toString(),
    bytecodeSha256: sent.bytecodeSha256,
    constructorArgs: toHex(sent.args),
    coins: sent.coins.toString(),
    deployedAt: new Date().toISOString(),
  });
  return { address, operationId: operation.id, events, recordsPath: records.path, resumed: sent.resumed };
}

/** Turns "connection refused" into the hint a person needs. */
async function reach<T>(client: Client, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ClientError && (error.code === 'MASON_CLIENT_CONNECTION_REFUSED' || error.code === 'MASON_CLIENT_NETWORK_ERROR')) {
      throw new DeployError('MASON_DEPLOY_NO_NODE', { url: client.url, hint: error.shortMessage });
    }
    throw error;
  }
}
