// Real chain activity for the explorer's test and its screenshot script (plain JS: both use it):
// a compiled contract deployed with massa-web3's deployer layout, signed transfers and calls.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Args, MAS, parseMas, signOperation, toSendOperationInput } from '@mason/codec';
import { compileContract, DEPLOYER_SOURCE } from '@mason/test-utils';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));

/** What a contract says, verbatim, in an event and a datastore key: markup the page must show as text. */
export const HOSTILE_TEXT = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold?</b>`;

/** Compiles test/contracts/<name>.ts (`deployer`: the shared one) with @mason/sdk's asconfig or (official) as massa-as-compile does. */
function compile(name, official = false) {
  const source = name === 'deployer' ? DEPLOYER_SOURCE : join(packageDir, 'test', 'contracts', `${name}.ts`);
  const baseDir = name === 'deployer' ? undefined : packageDir;
  return official
    ? compileContract(source, { flavor: 'official', baseDir })
    : compileContract(source, { asconfig: join(packageDir, 'node_modules', '@mason', 'sdk', 'asconfig.json'), baseDir });
}

/** The echo contract and the deployer that deploys it. */
export async function compileEcho() {
  const [deployer, echo] = await Promise.all([compile('deployer', true), compile('echo')]);
  return { deployer, echo };
}

let nextId = 1;
export async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  const { result, error } = await response.json();
  if (error) throw new Error(`${method} → ${error.code} ${error.message}`);
  return result;
}

/** Signs for the devnet's chain id, valid for the next periods, and sends; returns the operation id. */
export async function send(devnet, account, op, fee = parseMas('0.01')) {
  const status = await rpc(devnet.urls.public, 'get_status');
  const signed = signOperation({ fee, expirePeriod: status.last_slot.period + 9, op }, account.secretKey, BigInt(status.chain_id));
  const [id] = await rpc(devnet.urls.public, 'send_operations', [[toSendOperationInput(signed)]]);
  return id;
}

function u64le(n) {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, n, true);
  return bytes;
}

/** ExecuteSC of the deployer with the contract and 1 MAS for its storage in the operation datastore. */
export function sendDeploy(devnet, wasm, account = devnet.accounts[0]) {
  const datastore = [
    [Uint8Array.of(0), u64le(1n)],
    [u64le(1n), wasm.echo],
    [Uint8Array.of(...u64le(1n), 1, 0, 0, 0, 1), u64le(MAS)],
  ];
  return send(devnet, account, { type: 'ExecuteSC', maxGas: 3_000_000_000n, maxCoins: 10n * MAS, bytecode: wasm.deployer, datastore });
}

/** The contract address, from the deployer's own event (once the deployment executed). */
export async function deployedAddress(devnet, deployOperation) {
  const events = await rpc(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: deployOperation }]);
  const text = events.map((e) => e.data).find((d) => d.startsWith('Contract deployed at address: '));
  if (!text) throw new Error(`the deployment ${deployOperation} emitted no address: ${JSON.stringify(events)}`);
  return text.slice('Contract deployed at address: '.length);
}

export function sendTransfer(devnet, from = devnet.accounts[0], to = devnet.accounts[1], amount = 5n * MAS) {
  return send(devnet, from, { type: 'Transaction', recipient: to.address, amount });
}

/** CallSC of the echo contract's `shout(message)` (or of any function, to make a call fail). */
export function sendShout(devnet, contract, message = HOSTILE_TEXT, from = devnet.accounts[1], func = 'shout') {
  return send(devnet, from, { type: 'CallSC', maxGas: 100_000_000n, coins: 0n, target: contract, func, param: new Args().addString(message).serialize() });
}
