import { Address, parseMas, SecretKey, signOperation, toSendOperationInput } from '@mason/codec';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_ID, CONTRACT, ENDORSEMENT_ID, eventFixture, RECIPIENT, SENDER } from '../../test/fixtures.js';
import { startTestNode, type TestNode } from '../../test/testNode.js';
import type { Client } from '../client.js';
import { createClient } from '../createClient.js';
import { RpcError } from '../RpcError.js';
import { executeReadOnlyBytecode } from './executeReadOnlyBytecode.js';
import { executeReadOnlyCall } from './executeReadOnlyCall.js';
import { getAddresses } from './getAddresses.js';
import { getAddressesBytecode } from './getAddressesBytecode.js';
import { getAddressesDatastoreKeys } from './getAddressesDatastoreKeys.js';
import { getBalance } from './getBalance.js';
import { getBlockcliqueBlockBySlot } from './getBlockcliqueBlockBySlot.js';
import { getBlocks } from './getBlocks.js';
import { getChainId } from './getChainId.js';
import { getCliques } from './getCliques.js';
import { getDatastoreEntries } from './getDatastoreEntries.js';
import { getEndorsements } from './getEndorsements.js';
import { getFilteredScOutputEvent } from './getFilteredScOutputEvent.js';
import { getGraphInterval } from './getGraphInterval.js';
import { getLargestStakers } from './getLargestStakers.js';
import { getNextBlockBestParents } from './getNextBlockBestParents.js';
import { getOperationEvents } from './getOperationEvents.js';
import { getOperations } from './getOperations.js';
import { getStakers } from './getStakers.js';
import { getStatus } from './getStatus.js';
import { getVersion } from './getVersion.js';
import { sendOperations } from './sendOperations.js';

let node: TestNode;
let client: Client;

beforeAll(async () => {
  node = await startTestNode();
  client = createClient({ url: node.url, apiUrl: node.apiUrl, retry: false });
});
afterAll(async () => {
  await client.close();
  await node.close();
});
afterEach(() => {
  expect(node.violations).toEqual([]);
  node.received.length = 0;
});

const last = (method: string) => node.paramsOf(method).at(-1);

describe('public API methods send positional params and return the node shapes', () => {
  it('get_status', async () => {
    const status = await getStatus(client);
    expect(last('get_status')).toEqual([]);
    expect(status.chain_id).toBe(77);
    expect(status.minimal_fees).toBe('0.01');
    expect(status.last_slot).toEqual({ period: 100, thread: 24 });
    expect(status.config.t0).toBe(16000);
    expect(status.execution_stats.active_cursor.period).toBe(100);
  });

  it('get_cliques', async () => {
    const cliques = await getCliques(client);
    expect(last('get_cliques')).toEqual([]);
    expect(cliques[0]).toEqual({ block_ids: [BLOCK_ID], fitness: 17, is_blockclique: true });
  });

  it('get_stakers with and without a page', async () => {
    expect(await getStakers(client)).toEqual([[SENDER.address, 10]]);
    expect(last('get_stakers')).toEqual([]);
    expect(await getStakers(client, { limit: 10, offset: 1 })).toEqual([]);
    expect(last('get_stakers')).toEqual([{ limit: 10, offset: 1 }]);
  });

  it('get_addresses takes [[addresses]] and codec Addresses', async () => {
    const infos = await getAddresses(client, [SENDER.address, Address.fromString(RECIPIENT.address)]);
    expect(last('get_addresses')).toEqual([[SENDER.address, RECIPIENT.address]]);
    expect(infos.map((i) => i.address)).toEqual([SENDER.address, RECIPIENT.address]);
    expect(infos[0]?.deferred_credits[0]).toEqual({ slot: { period: 511, thread: 31 }, amount: '100' });
  });

  it('getBalance returns nanoMAS, final by default', async () => {
    node.state.balances.set(SENDER.address, ['999.99', '998.98']);
    expect(await getBalance(client, SENDER.address)).toBe(parseMas('999.99'));
    expect(await getBalance(client, SENDER.address, { final: false })).toBe(998_980_000_000n);
    node.state.balances.set(SENDER.address, ['1000', '1000']);
  });

  it('get_addresses_datastore_keys', async () => {
    const result = await getAddressesDatastoreKeys(client, [
      { address: CONTRACT, prefix: [1, 2], is_final: false, count: 10 },
    ]);
    expect(last('get_addresses_datastore_keys')).toEqual([[{ address: CONTRACT, prefix: [1, 2], is_final: false, count: 10 }]]);
    expect(result).toEqual([{ address: CONTRACT, is_final: false, keys: [[1, 2, 1]] }]);
  });

  it('get_graph_interval', async () => {
    const blocks = await getGraphInterval(client, { start: 1, end: 2 });
    expect(last('get_graph_interval')).toEqual([{ start: 1, end: 2 }]);
    expect(blocks[0]?.creator).toBe(SENDER.address);
    await getGraphInterval(client);
    expect(last('get_graph_interval')).toEqual([{}]);
  });

  it('get_blocks', async () => {
    const blocks = await getBlocks(client, [BLOCK_ID, 'B1unknown']);
    expect(last('get_blocks')).toEqual([[BLOCK_ID, 'B1unknown']]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.content?.block.header.content.parents).toHaveLength(32);
  });

  it('get_operations: unknown ids are omitted', async () => {
    expect(await getOperations(client, ['O1unknown'])).toEqual([]);
    expect(last('get_operations')).toEqual([['O1unknown']]);
  });

  it('get_endorsements', async () => {
    const endorsements = await getEndorsements(client, [ENDORSEMENT_ID]);
    expect(last('get_endorsements')).toEqual([[ENDORSEMENT_ID]]);
    expect(endorsements[0]?.endorsement.content.index).toBe(0);
  });

  it('get_filtered_sc_output_event and getOperationEvents', async () => {
    node.state.events.push(
      eventFixture({ data: 'spec', operationId: 'O1a', isFinal: false }),
      eventFixture({ data: 'final', operationId: 'O1a', isFinal: true }),
      eventFixture({ data: 'other', operationId: 'O1b', isFinal: true }),
    );
    const all = await getFilteredScOutputEvent(client, { emitter_address: CONTRACT, start: { period: 0, thread: 0 } });
    expect(last('get_filtered_sc_output_event')).toEqual([{ emitter_address: CONTRACT, start: { period: 0, thread: 0 } }]);
    expect(all).toHaveLength(3);
    expect(all[0]?.context).toMatchObject({ deferred_call_id: null, async_msg_id: null });

    expect((await getOperationEvents(client, 'O1a')).map((e) => e.data)).toEqual(['spec', 'final']);
    expect(last('get_filtered_sc_output_event')).toEqual([{ original_operation_id: 'O1a' }]);
    expect((await getOperationEvents(client, 'O1a', { final: true })).map((e) => e.data)).toEqual(['final']);
    expect(last('get_filtered_sc_output_event')).toEqual([{ original_operation_id: 'O1a', is_final: true }]);
    node.state.events.length = 0;
  });

  it('send_operations with a real signed operation', async () => {
    const signed = signOperation(
      { fee: parseMas('0.01'), expirePeriod: 105, op: { type: 'Transaction', recipient: RECIPIENT.address, amount: parseMas('1') } },
      SecretKey.fromString(SENDER.secret),
      77n,
    );
    const ids = await sendOperations(client, [toSendOperationInput(signed)]);
    expect(ids).toEqual([signed.id]);
    expect(last('send_operations')).toEqual([[toSendOperationInput(signed)]]);
    const [info] = await getOperations(client, [signed.id]);
    expect(info?.operation.content).toEqual({
      fee: '0.01',
      expire_period: 105,
      op: { Transaction: { recipient_address: RECIPIENT.address, amount: '1' } },
    });
  });

  it('execute_read_only_call and execute_read_only_bytecode', async () => {
    const call = { max_gas: 2_100_000, target_address: CONTRACT, target_function: 'hello', parameter: [1, 2, 3], caller_address: SENDER.address, coins: '0.5', fee: null };
    const [response] = await executeReadOnlyCall(client, [call]);
    expect(last('execute_read_only_call')).toEqual([[call]]);
    expect(response?.result).toEqual({ Ok: [] });
    expect(response?.state_changes.execution_trail_hash_change).toBe('Keep');

    const execution = { max_gas: 3_980_167_295, bytecode: [0, 97, 115, 109], address: SENDER.address, operation_datastore: [1, 1, 0, 1, 7] };
    await executeReadOnlyBytecode(client, [execution]);
    expect(last('execute_read_only_bytecode')).toEqual([[execution]]);
  });

  it('get_datastore_entries', async () => {
    const entries = await getDatastoreEntries(client, [{ address: CONTRACT, key: [1] }]);
    expect(last('get_datastore_entries')).toEqual([[{ address: CONTRACT, key: [1] }]]);
    expect(entries).toEqual([{ final_value: null, candidate_value: [42] }]);
  });

  it('get_addresses_bytecode', async () => {
    expect(await getAddressesBytecode(client, [{ address: CONTRACT, is_final: true }])).toEqual([[0, 97, 115, 109]]);
    expect(last('get_addresses_bytecode')).toEqual([[{ address: CONTRACT, is_final: true }]]);
  });

  it('get_blockclique_block_by_slot', async () => {
    const block = await getBlockcliqueBlockBySlot(client, { period: 12, thread: 18 });
    expect(last('get_blockclique_block_by_slot')).toEqual([{ period: 12, thread: 18 }]);
    expect(block?.header.content.slot).toEqual({ period: 12, thread: 18 });
    expect(await getBlockcliqueBlockBySlot(client, { period: 1000, thread: 0 })).toBeNull();
  });

  it('getChainId asks get_status once per client', async () => {
    const fresh = createClient({ url: node.url });
    expect(await getChainId(fresh)).toBe(77n);
    expect(await getChainId(fresh)).toBe(77n);
    expect(node.count('get_status')).toBe(1);
    await fresh.close();
  });
});

describe('API port methods', () => {
  it('get_version, get_largest_stakers, get_next_block_best_parents over apiUrl', async () => {
    expect(await getVersion(client)).toBe('SAND.5.0');
    expect(last('get_version')).toEqual([]);
    expect(await getLargestStakers(client)).toEqual({ content: [[SENDER.address, 10]], total_count: 1 });
    expect(last('get_largest_stakers')).toEqual([]);
    await getLargestStakers(client, { limit: 5, offset: 0 });
    expect(last('get_largest_stakers')).toEqual([{ page_request: { limit: 5, offset: 0 } }]);
    const parents = await getNextBlockBestParents(client);
    expect(parents).toHaveLength(32);
    expect(parents[0]).toEqual([BLOCK_ID, 100]);
    expect(node.received.every((r) => r.port === 'api')).toBe(true);
  });

  it('fall back to the WebSocket when only wsUrl is given', async () => {
    const wsOnly = createClient({ url: node.url, wsUrl: node.wsUrl });
    expect(await getVersion(wsOnly)).toBe('SAND.5.0');
    expect(node.received.at(-1)).toEqual({ port: 'ws', method: 'get_version', params: [] });
    await wsOnly.close();
  });

  it('need apiUrl or wsUrl', async () => {
    const publicOnly = createClient({ url: node.url });
    await expect(getVersion(publicOnly)).rejects.toMatchObject({ code: 'MASON_CLIENT_API_URL_MISSING' });
    await publicOnly.close();
  });

  it('are not served by the public port', async () => {
    const wrong = createClient({ url: node.url, apiUrl: node.url, retry: false });
    const error = await getVersion(wrong).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ rpcCode: -32601, rpcMessage: 'Method not found', kind: 'MethodNotFound' });
    await wrong.close();
  });
});
