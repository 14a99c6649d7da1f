import { nodeOf } from '@mason/devnet/internal';
import {
  Address,
  Args,
  type Block,
  compareSlots,
  isValidAddress,
  parseMas,
  serializeDatastore,
  signOperation,
  slotAt,
  toSendOperationInput,
} from '@mason/codec';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compileContract } from '../compileContract.js';
import { deploy, type Devnet, finalityAfter, startTestDevnet, utf8 } from '../devnet.js';
import { addressInfoFixture, blockFixture, eventFixture, RECIPIENT, readOnlyFixture, SENDER, statusFixture } from '../fixtures.js';
import { shapeMismatches } from '../shape.js';
import { Wire } from '../wire.js';
import { Account } from '../../src/account/Account.js';
import type { Client } from '../../src/client.js';
import { createClient } from '../../src/createClient.js';
import { callSC } from '../../src/operations/callSC.js';
import type { Operation } from '../../src/operations/Operation.js';
import { transfer } from '../../src/operations/transfer.js';
import { RpcError } from '../../src/RpcError.js';
import { speculative } from '../../src/wait/speculative.js';
import { executeReadOnlyBytecode } from '../../src/actions/executeReadOnlyBytecode.js';
import { executeReadOnlyCall } from '../../src/actions/executeReadOnlyCall.js';
import { getAddresses } from '../../src/actions/getAddresses.js';
import { getAddressesBytecode } from '../../src/actions/getAddressesBytecode.js';
import { getAddressesDatastoreKeys } from '../../src/actions/getAddressesDatastoreKeys.js';
import { getBalance } from '../../src/actions/getBalance.js';
import { getBlockcliqueBlockBySlot } from '../../src/actions/getBlockcliqueBlockBySlot.js';
import { getBlocks } from '../../src/actions/getBlocks.js';
import { getChainId } from '../../src/actions/getChainId.js';
import { getCliques } from '../../src/actions/getCliques.js';
import { getDatastoreEntries } from '../../src/actions/getDatastoreEntries.js';
import { getEndorsements } from '../../src/actions/getEndorsements.js';
import { getFilteredScOutputEvent } from '../../src/actions/getFilteredScOutputEvent.js';
import { getGraphInterval } from '../../src/actions/getGraphInterval.js';
import { getLargestStakers } from '../../src/actions/getLargestStakers.js';
import { getNextBlockBestParents } from '../../src/actions/getNextBlockBestParents.js';
import { getOperationEvents } from '../../src/actions/getOperationEvents.js';
import { getOperations } from '../../src/actions/getOperations.js';
import { getStakers } from '../../src/actions/getStakers.js';
import { getStatus } from '../../src/actions/getStatus.js';
import { getVersion } from '../../src/actions/getVersion.js';
import { sendOperations } from '../../src/actions/sendOperations.js';

// Every node method against a real devnet: the params the node received (recorded on the wire),
// and results checked against the reference's JSON shapes (test/fixtures.ts).

let devnet: Devnet;
let client: Client;
let wire: Wire;
let greeterWasm: Uint8Array;
let callerWasm: Uint8Array;
let contract: string;
let deployment: Operation;
let deploymentBlock: Block;
let staker: string;
let deployer: Account;

beforeAll(async () => {
  let deployerWasm: Uint8Array;
  [devnet, greeterWasm, deployerWasm, callerWasm] = await Promise.all([
    // SENDER (reference test vector, thread 18) holds 1000 MAS and never sends anything here.
    // Finality 24 blocks after execution: about 0.4 s where candidate and final state differ.
    startTestDevnet({ initialLedger: { [SENDER.address]: { balance: '1000' } }, deltaF0: finalityAfter(24), instant: false }),
    compileContract('greeter'),
    compileContract('deployer'),
    compileContract('caller'),
  ]);
  wire = new Wire();
  client = createClient({ url: devnet.urls.public, apiUrl: devnet.urls.api, retry: false });
  deployer = Account.fromSecretKey(devnet.accounts[0]!.secretKey);
  staker = nodeOf(devnet).stakers[0]!.publicKey.address().toString();
  ({ address: contract, operation: deployment } = await deploy(client, deployer, {
    deployer: deployerWasm,
    contract: greeterWasm,
    args: new Args().addString('Mason'),
  }));
  const [info] = await getOperations(client, [deployment.id]);
  const [block] = await getBlocks(client, [info!.in_blocks[0]!]);
  deploymentBlock = block!.content!.block;
});
afterAll(async () => {
  wire?.dispose();
  await client?.close();
  await devnet?.stop();
});
beforeEach(() => wire.clear());

const last = (method: string) => wire.last(method);

describe('public API methods send positional params and return the node shapes', () => {
  it('get_status', async () => {
    const status = await getStatus(client);
    expect(last('get_status')).toEqual([]);
    // The devnet's own extension says it is not a real node (docs/devnet.md); the rest is the node's shape.
    const { mason, ...nodeStatus } = status as typeof status & { mason?: unknown };
    expect(mason).toMatchObject({ devnet: true, impersonating: [] });
    expect(shapeMismatches(nodeStatus, statusFixture({ period: 1 }))).toEqual([]);
    expect(status.chain_id).toBe(77);
    expect(status.minimal_fees).toBe('0.01');
    // last_slot is the slot of current_time (reference §5.2).
    const timing = { genesisTimestamp: status.config.genesis_timestamp, t0: status.config.t0, threadCount: status.config.thread_count };
    expect(status.last_slot).toEqual(slotAt(status.current_time, timing));
    expect(status.config.t0).toBe(devnet.config.t0);
    expect(compareSlots(status.execution_stats.active_cursor, status.last_slot!)).toBeLessThanOrEqual(0);
    expect(status.execution_stats.active_cursor.period).toBeGreaterThanOrEqual(deploymentBlock.header.content.slot.period);
  });

  it('get_cliques', async () => {
    const cliques = await getCliques(client);
    expect(last('get_cliques')).toEqual([]);
    expect(cliques[0]).toEqual({ block_ids: expect.any(Array), fitness: expect.any(Number), is_blockclique: true });
  });

  it('get_stakers with and without a page', async () => {
    expect(await getStakers(client)).toEqual([[staker, 100]]);
    expect(last('get_stakers')).toEqual([]);
    expect(await getStakers(client, { limit: 10, offset: 1 })).toEqual([]);
    expect(last('get_stakers')).toEqual([{ limit: 10, offset: 1 }]);
  });

  it('get_addresses takes [[addresses]] and codec Addresses', async () => {
    const infos = await getAddresses(client, [SENDER.address, Address.fromString(RECIPIENT.address)]);
    expect(last('get_addresses')).toEqual([[SENDER.address, RECIPIENT.address]]);
    expect(infos.map((i) => i.address)).toEqual([SENDER.address, RECIPIENT.address]);
    expect(shapeMismatches(infos[0], addressInfoFixture(SENDER.address, '1000', '1000'))).toEqual([]);
    expect(infos[0]).toMatchObject({ thread: 18, final_balance: '1000', candidate_balance: '1000', final_roll_count: 0, deferred_credits: [] });
    expect(infos[1]).toMatchObject({ thread: 2, final_balance: '0', candidate_balance: '0' });
  });

  it('getBalance returns nanoMAS, final by default', async () => {
    const from = Account.fromSecretKey(devnet.accounts[1]!.secretKey);
    const before = await getBalance(client, from.address);
    expect(before).toBe(parseMas('1000000'));
    const op = await transfer(client, from, { to: Account.generate().address, amount: parseMas('1.5') });
    expect(await op.wait([speculative()], { pollIntervalMs: 5 })).toMatchObject({ status: 'SpeculativeSuccess' });
    // Executed, not final yet: the final ledger still has the old balance.
    expect(await getBalance(client, from.address)).toBe(before);
    expect(await getBalance(client, from.address, { final: false })).toBe(before - parseMas('1.51'));
    expect((await op.waitFinal({ pollIntervalMs: 5, timeoutMs: 10_000 })).status).toBe('FinalSuccess');
    expect(await getBalance(client, from.address)).toBe(before - parseMas('1.51'));
  });

  it('get_addresses_datastore_keys', async () => {
    const result = await getAddressesDatastoreKeys(client, [{ address: contract, prefix: Array.from(utf8('na')), is_final: false, count: 10 }]);
    expect(last('get_addresses_datastore_keys')).toEqual([[{ address: contract, prefix: [110, 97], is_final: false, count: 10 }]]);
    expect(result).toEqual([{ address: contract, is_final: false, keys: [Array.from(utf8('name'))] }]);
  });

  it('get_graph_interval', async () => {
    const genesis = devnet.config.genesisTimestamp;
    const blocks = await getGraphInterval(client, { start: genesis, end: genesis + 1 });
    expect(last('get_graph_interval')).toEqual([{ start: genesis, end: genesis + 1 }]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ slot: { period: 0, thread: 0 }, is_final: true, is_stale: false, parents: [] });
    expect(isValidAddress(blocks[0]!.creator) && blocks[0]!.creator.startsWith('AU')).toBe(true);
    const all = await getGraphInterval(client);
    expect(last('get_graph_interval')).toEqual([{}]);
    expect(all.map((b) => b.id)).toContain(deploymentBlock.header.id);
  });

  it('get_blocks', async () => {
    const id = deploymentBlock.header.id;
    const blocks = await getBlocks(client, [id, 'B1unknown']);
    expect(last('get_blocks')).toEqual([[id, 'B1unknown']]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.content?.block.header.content.parents).toHaveLength(32);
    expect(blocks[0]?.content?.block.operations).toEqual([deployment.id]);
    expect(shapeMismatches(blocks[0]?.content?.block, blockFixture({ period: 1, thread: 0 }, ['O1']))).toEqual([]);
  });

  it('get_operations: unknown ids are omitted', async () => {
    expect(await getOperations(client, ['O1unknown'])).toEqual([]);
    expect(last('get_operations')).toEqual([['O1unknown']]);
  });

  it('get_endorsements', async () => {
    const endorsement = deploymentBlock.header.content.endorsements[0]!;
    const endorsements = await getEndorsements(client, [endorsement.id]);
    expect(last('get_endorsements')).toEqual([[endorsement.id]]);
    expect(endorsements[0]?.endorsement.content.index).toBe(0);
    expect(endorsements[0]).toMatchObject({ id: endorsement.id, in_pool: false, in_blocks: [deploymentBlock.header.id], is_final: true });
    expect(endorsements[0]?.endorsement).toEqual(endorsement);
  });

  it('get_filtered_sc_output_event and getOperationEvents (speculative, then final)', async () => {
    const op = await callSC(client, deployer, { target: contract, func: 'sum', parameter: new Args().addI32(2).addI32(3) });
    expect(await op.wait([speculative()], { pollIntervalMs: 5 })).toMatchObject({ status: 'SpeculativeSuccess' });

    const all = await getFilteredScOutputEvent(client, { emitter_address: contract, start: { period: 0, thread: 0 } });
    expect(last('get_filtered_sc_output_event')).toEqual([{ emitter_address: contract, start: { period: 0, thread: 0 } }]);
    expect(all.map((e) => e.data)).toEqual(['Constructor called with name Mason', 'sum: 2 + 3 = 5']);
    expect(all[0]?.context).toMatchObject({ deferred_call_id: null, async_msg_id: null, is_final: true });
    expect(shapeMismatches(all[1], eventFixture({ data: '', operationId: op.id }))).toEqual([]);

    // Executed, not final yet: the operation's events are speculative only.
    expect((await getOperationEvents(client, op.id)).map((e) => [e.data, e.context.is_final])).toEqual([['sum: 2 + 3 = 5', false]]);
    expect(last('get_filtered_sc_output_event')).toEqual([{ original_operation_id: op.id }]);
    expect(await getOperationEvents(client, op.id, { final: true })).toEqual([]);
    expect(last('get_filtered_sc_output_event')).toEqual([{ original_operation_id: op.id, is_final: true }]);
    expect((await getOperationEvents(client, op.id, { final: false })).map((e) => [e.data, e.context.is_final])).toEqual([['sum: 2 + 3 = 5', false]]);
    expect(last('get_filtered_sc_output_event')).toEqual([{ original_operation_id: op.id, is_final: false }]);

    expect((await op.waitFinal({ pollIntervalMs: 5, timeoutMs: 10_000 })).status).toBe('FinalSuccess');
    const final = await getOperationEvents(client, op.id, { final: true });
    expect(final.map((e) => [e.data, e.context.is_final, e.context.call_stack])).toEqual([['sum: 2 + 3 = 5', true, [deployer.address.toString(), contract]]]);
  });

  it('send_operations with a real signed operation', async () => {
    const status = await getStatus(client);
    const signed = signOperation(
      { fee: parseMas('0.01'), expirePeriod: status.last_slot!.period + 5, op: { type: 'Transaction', recipient: RECIPIENT.address, amount: parseMas('1') } },
      devnet.accounts[2]!.secretKey,
      77n,
    );
    const ids = await sendOperations(client, [toSendOperationInput(signed)]);
    expect(ids).toEqual([signed.id]);
    expect(last('send_operations')).toEqual([[toSendOperationInput(signed)]]);
    const [info] = await getOperations(client, [signed.id]);
    expect(info?.operation.content).toEqual({
      fee: '0.01',
      expire_period: status.last_slot!.period + 5,
      op: { Transaction: { recipient_address: RECIPIENT.address, amount: '1' } },
    });
    expect(info?.operation.content_creator_address).toBe(devnet.accounts[2]!.address);
  });

  it('execute_read_only_call and execute_read_only_bytecode', async () => {
    const call = {
      max_gas: 100_000_000,
      target_address: contract,
      target_function: 'greet',
      parameter: [1, 2, 3],
      caller_address: SENDER.address,
      coins: '0.5',
      fee: null,
    };
    const [response] = await executeReadOnlyCall(client, [call]);
    expect(last('execute_read_only_call')).toEqual([[call]]);
    expect(response?.result).toEqual({ Ok: Array.from(utf8('Hello, Mason!')) });
    expect(response?.state_changes.execution_trail_hash_change).toBe('Keep');
    expect(shapeMismatches(response, readOnlyFixture({ Ok: [] }, 1))).toEqual([]);
    expect(response?.gas_cost).toBeGreaterThanOrEqual(2_100_000);

    const datastore = serializeDatastore([
      [utf8('args'), new Args().addI32(2).addI32(3).serialize()],
      [utf8('function'), utf8('sum')],
      [utf8('target'), utf8(contract)],
    ]);
    const execution = { max_gas: 3_980_167_295, bytecode: Array.from(callerWasm), address: SENDER.address, operation_datastore: Array.from(datastore) };
    const [ran] = await executeReadOnlyBytecode(client, [execution]);
    expect(last('execute_read_only_bytecode')).toEqual([[execution]]);
    expect(ran?.result).toEqual({ Ok: [] });
    expect(ran?.output_events.map((e) => [e.data, e.context.read_only])).toEqual([
      ['sum: 2 + 3 = 5', true],
      ['sum returned 1 bytes', true],
    ]);
  });

  it('get_datastore_entries', async () => {
    const entries = await getDatastoreEntries(client, [
      { address: contract, key: Array.from(utf8('name')) },
      { address: contract, key: [1] },
    ]);
    expect(last('get_datastore_entries')).toEqual([
      [
        { address: contract, key: Array.from(utf8('name')) },
        { address: contract, key: [1] },
      ],
    ]);
    expect(entries).toEqual([
      { final_value: Array.from(utf8('Mason')), candidate_value: Array.from(utf8('Mason')) },
      { final_value: null, candidate_value: null },
    ]);
  });

  it('get_addresses_bytecode', async () => {
    expect(await getAddressesBytecode(client, [{ address: contract, is_final: true }])).toEqual([Array.from(greeterWasm)]);
    expect(last('get_addresses_bytecode')).toEqual([[{ address: contract, is_final: true }]]);
  });

  it('get_blockclique_block_by_slot', async () => {
    const slot = deploymentBlock.header.content.slot;
    const block = await getBlockcliqueBlockBySlot(client, slot);
    expect(last('get_blockclique_block_by_slot')).toEqual([slot]);
    expect(block?.header.content.slot).toEqual(slot);
    expect(block?.header.id).toBe(deploymentBlock.header.id);
    expect(await getBlockcliqueBlockBySlot(client, { period: 1_000_000, thread: 0 })).toBeNull();
  });

  it('getChainId asks get_status once per client', async () => {
    const fresh = createClient({ url: devnet.urls.public });
    expect(await getChainId(fresh)).toBe(77n);
    expect(await getChainId(fresh)).toBe(77n);
    expect(wire.count('get_status')).toBe(1);
    await fresh.close();
  });
});

describe('API port methods', () => {
  it('get_version, get_largest_stakers, get_next_block_best_parents over apiUrl', async () => {
    expect(await getVersion(client)).toBe('SAND.5.0');
    expect(last('get_version')).toEqual([]);
    expect(await getLargestStakers(client)).toEqual({ content: [[staker, 100]], total_count: 1 });
    expect(last('get_largest_stakers')).toEqual([]);
    await getLargestStakers(client, { limit: 5, offset: 0 });
    expect(last('get_largest_stakers')).toEqual([{ page_request: { limit: 5, offset: 0 } }]);
    const parents = await getNextBlockBestParents(client);
    expect(parents).toHaveLength(32);
    expect(parents[0]).toEqual([expect.stringMatching(/^B1/), expect.any(Number)]);
    expect(wire.requests.every((r) => r.transport === 'http' && r.url === devnet.urls.api)).toBe(true);
  });

  it('fall back to the WebSocket when only wsUrl is given', async () => {
    const wsOnly = createClient({ url: devnet.urls.public, wsUrl: devnet.urls.ws });
    expect(await getVersion(wsOnly)).toBe('SAND.5.0');
    expect(wire.requests.at(-1)).toMatchObject({ transport: 'ws', url: devnet.urls.ws, method: 'get_version', params: [] });
    await wsOnly.close();
  });

  it('need apiUrl or wsUrl', async () => {
    const publicOnly = createClient({ url: devnet.urls.public });
    await expect(getVersion(publicOnly)).rejects.toMatchObject({ code: 'MASON_CLIENT_API_URL_MISSING' });
    await publicOnly.close();
  });

  it('are not served by the public port', async () => {
    const wrong = createClient({ url: devnet.urls.public, apiUrl: devnet.urls.public, retry: false });
    const error = await getVersion(wrong).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ rpcCode: -32601, rpcMessage: 'Method not found', kind: 'MethodNotFound' });
    await wrong.close();
  });
});
