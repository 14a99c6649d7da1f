import { Args, MAS, type Datastore } from '@mason/codec';
import type { Devnet } from '../../src/index.js';
import { compileContract } from '../compileContract.js';
import { call, sendOp } from '../helpers.js';

/** What a contract says, verbatim, in events and a datastore key: markup the page must show as text. */
export const HOSTILE_TEXT = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold?</b>`;

function u64le(n: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, n, true);
  return bytes;
}

/** The echo test contract, compiled, with massa-web3's deployer (its datastore layout) to deploy it. */
export async function compileEcho(): Promise<{ deployer: Uint8Array; echo: Uint8Array }> {
  const [deployer, echo] = await Promise.all([compileContract('deployer', { official: true }), compileContract('echo')]);
  return { deployer, echo };
}

/** Sends the deployment (ExecuteSC of the deployer); returns its operation id. */
export function sendDeploy(devnet: Devnet, wasm: { deployer: Uint8Array; echo: Uint8Array }): Promise<string> {
  const datastore: Datastore = [
    [Uint8Array.of(0), u64le(1n)],
    [u64le(1n), wasm.echo],
    [Uint8Array.of(...u64le(1n), 1, 0, 0, 0, 1), u64le(MAS)],
  ];
  const [alice] = devnet.accounts;
  return sendOp(devnet, alice!.secretKey, { type: 'ExecuteSC', maxGas: 3_000_000_000n, maxCoins: 10n * MAS, bytecode: wasm.deployer, datastore });
}

/** The contract address, from the deployer's own event. */
export async function deployedAddress(devnet: Devnet, deployOperation: string): Promise<string> {
  const events = await call<Array<{ data: string }>>(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: deployOperation }]);
  const text = events.map((e) => e.data).find((d) => d.startsWith('Contract deployed at address: '));
  if (!text) throw new Error(`the deployment ${deployOperation} emitted no address: ${JSON.stringify(events)}`);
  return text.slice('Contract deployed at address: '.length);
}

export function sendTransfer(devnet: Devnet, amount = 5n * MAS): Promise<string> {
  const [alice, bob] = devnet.accounts;
  return sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: bob!.address, amount });
}

export function sendShout(devnet: Devnet, contract: string, message = HOSTILE_TEXT): Promise<string> {
  const [, bob] = devnet.accounts;
  return sendOp(devnet, bob!.secretKey, { type: 'CallSC', maxGas: 100_000_000n, coins: 0n, target: contract, func: 'shout', param: new Args().addString(message).serialize() });
}
