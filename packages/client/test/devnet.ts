// Helpers for client tests against a real in-process devnet (@mason/devnet).
import { nodeOf } from '@mason/devnet/internal';
import { Args, parseMas, type Datastore } from '@mason/codec';
import { startDevnet, type Devnet, type DevnetOptions } from '@mason/devnet';
import { deployerDatastore } from '@mason/test-utils';
import type { Account } from '../src/account/Account.js';
import { getOperationEvents } from '../src/actions/getOperationEvents.js';
import type { Client } from '../src/client.js';
import { executeSC } from '../src/operations/executeSC.js';
import type { Operation } from '../src/operations/Operation.js';

export type { Devnet };

/**
 * A devnet on free ports, in instant mode (operations final as soon as they arrive) unless a test
 * about slot timing asks for `instant: false`.
 */
export function startTestDevnet(options: Partial<DevnetOptions> = {}): Promise<Devnet> {
  return startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true, ...options });
}

/**
 * delta_f0 for a devnet where finality follows speculative execution by `blocks` fully endorsed
 * blocks (fitness 17 each, one per 16 ms slot), so tests can see an operation executed but not yet
 * final for about `blocks` × 16 ms.
 */
export const finalityAfter = (blocks: number) => 17 * (blocks - 1);

export const utf8 = (text: string) => new TextEncoder().encode(text);
export const text = (bytes: Uint8Array | number[]) => new TextDecoder().decode(Uint8Array.from(bytes));

/**
 * Deploys `contract` through massa-web3's deployer (an ExecuteSC whose operation datastore holds the
 * bytecode, the constructor arguments and the coins sent to the constructor), waits for finality
 * and returns the address the deployer announced in its own event.
 */
export async function deploy(
  client: Client,
  account: Account,
  init: { deployer: Uint8Array; contract: Uint8Array; args: Args; coins?: bigint },
): Promise<{ address: string; operation: Operation }> {
  const datastore: Datastore = deployerDatastore([{ bytecode: init.contract, args: init.args.serialize(), coins: init.coins ?? parseMas('0.1') }]);
  const operation = await executeSC(client, account, { bytecode: init.deployer, datastore, maxCoins: parseMas('10') });
  const result = await operation.waitFinal({ pollIntervalMs: 5, timeoutMs: 10_000 });
  if (result.status !== 'FinalSuccess') throw new Error(`deployment ${operation.id} ended ${result.stage} ${result.status}`);
  const announced = (await getOperationEvents(client, operation.id, { final: true })).findLast(
    (event) => event.context.call_stack.length === 1 && event.data.startsWith('Contract deployed at address: '),
  );
  if (!announced) throw new Error(`deployment ${operation.id} announced no address`);
  return { address: announced.data.slice('Contract deployed at address: '.length), operation };
}

/**
 * Runs `action` while the devnet's staker produces no block, so operations stay in the pool
 * while the clock runs on (a real node's staker can miss its slots the same way). Production
 * resumes afterwards.
 */
export async function withoutBlocks<T>(devnet: Devnet, action: () => Promise<T>): Promise<T> {
  await nodeOf(devnet).stop();
  try {
    return await action();
  } finally {
    nodeOf(devnet).start();
  }
}

/** Resolves as soon as the devnet's clock (`last_slot`) has reached `period`. */
export function untilPeriod(devnet: Devnet, period: number): Promise<void> {
  const at = devnet.config.genesisTimestamp + period * devnet.config.t0;
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - nodeOf(devnet).now()) + 1));
}

/** Polls `condition` every 5 ms for at most `timeoutMs`. */
export async function eventually(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${condition.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
