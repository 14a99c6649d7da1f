import { MAS, type Datastore, type SecretKey } from '@mason/codec';
import type { Devnet } from '../src/index.js';
import { deployerDatastore } from '@mason/test-utils';
import { compileContract } from './compileContract.js';
import { call, sendOp, waitFinal } from './helpers.js';

let deployer: Promise<Uint8Array> | undefined;

/**
 * Deploys `wasm` through massa-web3's deployer layout (deployer compiled from the test contract)
 * with `coins` for the contract; returns its address from the deployer's event.
 */
export async function deployContract(devnet: Devnet, sender: SecretKey, wasm: Uint8Array, coins = MAS): Promise<string> {
  deployer ??= compileContract('deployer', { official: true });
  const datastore: Datastore = deployerDatastore([{ bytecode: wasm, coins }]);
  const id = await sendOp(devnet, sender, { type: 'ExecuteSC', maxGas: 3_000_000_000n, maxCoins: coins + 10n * MAS, bytecode: await deployer, datastore });
  const info = await waitFinal(devnet, id);
  const events = await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
  if (!info.op_exec_status) throw new Error(`deployment failed: ${JSON.stringify(events.at(-1))}`);
  const text: string = events.map((e: any) => e.data).find((d: string) => d.startsWith('Contract deployed at address: '));
  return text.slice('Contract deployed at address: '.length);
}
