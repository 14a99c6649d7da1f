import {
  executeSC,
  MAX_GAS_EXECUTE,
  type Account,
  type Client,
  type Operation,
  type OperationStatus,
  type SCOutputEvent,
  type WaitResult,
} from '@mason/client';
import { deployerDatastore, LIMITS, type Datastore } from '@mason/codec';
import { DeployError } from './errors.js';
import { findDeployedAddress } from './findDeployedAddress.js';
import { contractStorageCost } from './storageCost.js';

/** What a deployment sends: the deployer's bytecode, the contract's, its constructor's arguments and coins. */
export interface DeploymentInput {
  /** The bytecode the ExecuteSC runs: a Mason deployer (build/<name>.deployer.wasm) or Massa's generic deployer. */
  deployer: Uint8Array;
  /** The contract's own bytecode: its size sets the storage cost; given to a generic deployer through the datastore. */
  contractBytecode: Uint8Array;
  /** Whether `deployer` carries the contract itself (Mason's bundled deployer, the default) or reads it from the datastore. */
  deployerCarriesContract?: boolean;
  /** Serialized constructor arguments (default none). */
  args?: Uint8Array;
  /** nanoMAS sent to the constructor (default 0). */
  coins?: bigint;
}

/** The ExecuteSC's datastore and coins: the deployer reads the first, the second pays the contract's storage and constructor. */
export interface DeploymentExecution {
  datastore: Datastore;
  /** What storing the contract costs (its bytecode and ledger entry). */
  storage: bigint;
  /** `storage` + the constructor's coins: the ExecuteSC's maxCoins. */
  maxCoins: bigint;
}

/** What a sent deployment came to, once `wait` returned. */
export interface DeploymentOutcome {
  operationId: string;
  /** How the wait ended. */
  result: WaitResult;
  status: OperationStatus;
  /** The operation's final events. */
  events: SCOutputEvent[];
  /** The new contract's address, from the deployer's own event; null when it emitted none. */
  address: string | null;
}

export interface SendDeploymentParams extends DeploymentInput {
  client: Client;
  account: Account;
  /** Gas of the ExecuteSC (default the most an ExecuteSC may use: no dry run estimates it). */
  maxGas?: bigint;
  /** Until when to wait (default `operation.waitFinal()`); the events are read once it returns. */
  wait?: (operation: Operation) => Promise<WaitResult>;
}

/** The datastore and coins of a deployment's ExecuteSC; refuses a contract too large for the datastore of a generic deployer. */
export function deploymentExecution(input: DeploymentInput): DeploymentExecution {
  const carries = input.deployerCarriesContract ?? true;
  const coins = input.coins ?? 0n;
  if (input.contractBytecode.length > LIMITS.maxOperationDatastoreValueLength && !carries) {
    throw new DeployError('MASON_DEPLOY_TOO_LARGE', { size: input.contractBytecode.length, limit: LIMITS.maxOperationDatastoreValueLength });
  }
  const datastore = deployerDatastore([{ args: input.args ?? new Uint8Array(), coins, ...(carries ? {} : { bytecode: input.contractBytecode }) }]);
  const storage = contractStorageCost(input.contractBytecode.length);
  return { datastore, storage, maxCoins: storage + coins };
}

/** Waits for a sent deployment, then reads its final events and the address its deployer announced. */
export async function deploymentOutcome(
  operation: Operation,
  creator: string,
  wait: (operation: Operation) => Promise<WaitResult>,
): Promise<DeploymentOutcome> {
  const result = await wait(operation);
  const events = await operation.events({ final: true });
  return { operationId: operation.id, result, status: result.status, events, address: findDeployedAddress(events, creator) };
}

/**
 * Sends one deployment and waits for it: the deployer's ExecuteSC, without a dry run, records or
 * progress (`deployContract` adds them). A failed deployment is an outcome, not an error: its
 * status and events tell why.
 */
export async function sendDeployment(params: SendDeploymentParams): Promise<DeploymentOutcome> {
  const { client, account } = params;
  const { datastore, maxCoins } = deploymentExecution(params);
  const operation = await executeSC(client, account, { bytecode: params.deployer, datastore, maxCoins, maxGas: params.maxGas ?? MAX_GAS_EXECUTE });
  return deploymentOutcome(operation, account.address.toString(), params.wait ?? ((sent) => sent.waitFinal()));
}
