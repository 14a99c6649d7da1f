import { Address, MAS, parseMas, SecretKey } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { call, rpc, sendOp, signForDevnet, startTestDevnet, waitFinal } from './helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(() => devnet.stop());

describe('devnet chain with real signed transfers', () => {
  it('reports a truthful status', async () => {
    const status = await call(devnet.urls.public, 'get_status');
    expect(status.chain_id).toBe(77);
    expect(status.minimal_fees).toBe('0.01');
    expect(status.config.thread_count).toBe(32);
    expect(status.config.t0 % 32).toBe(0);
    expect(status.version).toMatch(/^SAND\./);
    expect(status.last_slot.period).toBeGreaterThanOrEqual(1);
  });

  it('executes a transfer, shows it speculative then final, with candidate and final balances', async () => {
    const [alice] = devnet.accounts;
    const bob = SecretKey.generate().publicKey.address().toString();
    const before = BigInt(parseMas((await call(devnet.urls.public, 'get_addresses', [[alice!.address]]))[0].final_balance));
    const id = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: bob, amount: 5n * MAS });
    const info = await waitFinal(devnet, id);
    expect(info.op_exec_status).toBe(true);
    expect(info.in_pool).toBe(false);
    expect(info.in_blocks).toHaveLength(1);
    const [a, b] = await call(devnet.urls.public, 'get_addresses', [[alice!.address, bob]]);
    expect(parseMas(a.final_balance)).toBe(before - 5n * MAS - parseMas('0.01'));
    expect(parseMas(b.final_balance)).toBe(5n * MAS - parseMas('0.001'));
    const [block] = await call(devnet.urls.public, 'get_blocks', [[info.in_blocks[0]]]);
    expect(block.content.is_final).toBe(true);
    expect(block.content.block.header.content.parents).toHaveLength(32);
    expect(block.content.block.header.content.endorsements).toHaveLength(16);
    expect(block.content.block.operations).toEqual([id]);
    expect(block.content.block.header.content.slot.thread).toBe(info.thread);
  });

  it('rejects as the node does: low fee, expired, bad signature, undecodable bytes', async () => {
    const [alice] = devnet.accounts;
    const to = devnet.accounts[1]!.address;
    const low = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: to, amount: 1n }, 1n).catch((e) => e);
    expect(String(low)).toContain('-32000 Bad request: fee is too low provided: 0.000000001 , minimal_fees required: 0.01');
    const expired = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: to, amount: 1n }, parseMas('0.01'), -1).catch((e) => e);
    expect(String(expired)).toContain('-32016 Inconsistency error: Operation expire_period is lower than the current period of this node.');
    const garbage = await rpc(devnet.urls.public, 'send_operations', [
      [{ serialized_content: [1, 2], creator_public_key: alice!.publicKey, signature: '1111' }],
    ]);
    expect(garbage.error?.code).toBe(-32013);
  });

  it('cannot replay an executed operation', async () => {
    const [, alice] = devnet.accounts;
    const to = SecretKey.generate().publicKey.address().toString();
    const input = await signForDevnet(devnet, alice!.secretKey, { type: 'Transaction', recipient: to, amount: MAS });
    const [id] = await call<string[]>(devnet.urls.public, 'send_operations', [[input]]);
    await waitFinal(devnet, id!);
    const [again] = await call<string[]>(devnet.urls.public, 'send_operations', [[input]]);
    expect(again).toBe(id);
    await nodeOf(devnet).settle(5_000);
    await new Promise((r) => setTimeout(r, 50));
    const [info] = await call(devnet.urls.public, 'get_operations', [[id]]);
    expect(info.in_blocks).toHaveLength(1);
    expect(info.in_pool).toBe(false);
    const [b] = await call(devnet.urls.public, 'get_addresses', [[to]]);
    expect(parseMas(b.final_balance)).toBe(MAS - parseMas('0.001'));
  });

  it('fails transfers with the node error texts, word for word', async () => {
    const [alice] = devnet.accounts;
    const carl = SecretKey.generate();
    const carlAddress = carl.publicKey.address().toString();
    expect((await waitFinal(devnet, await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: carlAddress, amount: MAS }))).op_exec_status).toBe(
      true,
    );
    const newcomer = SecretKey.generate().publicKey.address().toString();
    const nowhere = Address.fromHash('contract', crypto.getRandomValues(new Uint8Array(32))).toString();
    // One call, one block, executed best fee first, from a balance of 0.999.
    const sends = [
      { to: newcomer, amount: parseMas('0.0005'), fee: parseMas('0.05') },
      { to: nowhere, amount: parseMas('0.1'), fee: parseMas('0.04') },
      { to: alice!.address, amount: parseMas('0.9'), fee: parseMas('0.03') },
      { to: alice!.address, amount: parseMas('0.85'), fee: parseMas('0.02') },
      { to: alice!.address, amount: 0n, fee: parseMas('0.0101') },
    ];
    const inputs = await Promise.all(sends.map(({ to, amount, fee }) => signForDevnet(devnet, carl, { type: 'Transaction', recipient: to, amount }, fee)));
    const ids = await call<string[]>(devnet.urls.public, 'send_operations', [inputs]);
    const infos = await Promise.all(ids.slice(0, 4).map((id) => waitFinal(devnet, id)));
    expect(infos.map((info) => info.op_exec_status)).toEqual([false, false, false, true]);
    expect(new Set(infos.map((info) => info.in_blocks[0])).size).toBe(1);
    const errorOf = async (id: string) => (await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]))[0]?.data;
    // execution.rs (execute_transaction_op): "transfer of {} coins from {} to {} failed: {}", a
    // TransactionError ("`Transaction` error: {0}"), around speculative_ledger.rs transfer_coins's
    // RuntimeError ("Runtime error: {0}"); execute_operation adds "runtime error when executing operation {}: {}".
    const failed = (id: string, amount: string, to: string, why: string) =>
      JSON.stringify({
        massa_execution_error: `Runtime error: runtime error when executing operation ${id}: \`Transaction\` error: transfer of ${amount} coins from ${carlAddress} to ${to} failed: Runtime error: ${why}`,
      });
    // speculative_ledger.rs: "insufficient amount {} to create credited address {}"
    expect(await errorOf(ids[0]!)).toBe(failed(ids[0]!, '0.0005', newcomer, `insufficient amount 0.0005 to create credited address ${newcomer}`));
    // speculative_ledger.rs: "cannot transfer coins to non-existing smart contract address {}"
    expect(await errorOf(ids[1]!)).toBe(failed(ids[1]!, '0.1', nowhere, `cannot transfer coins to non-existing smart contract address ${nowhere}`));
    // speculative_ledger.rs: "failed to transfer {} coins from spending address {} due to insufficient balance {}"
    expect(await errorOf(ids[2]!)).toBe(
      failed(ids[2]!, '0.9', alice!.address, `failed to transfer 0.9 coins from spending address ${carlAddress} due to insufficient balance 0.879`),
    );
    // execution.rs (prepare_operation_for_execution): "could not spend fees: {}", plain text; the
    // operation is not executed (no status).
    expect(await errorOf(ids[4]!)).toBe(
      `could not spend fees: Runtime error: failed to transfer 0.0101 coins from spending address ${carlAddress} due to insufficient balance 0.009`,
    );
    const [carlInfo] = await call(devnet.urls.public, 'get_addresses', [[carlAddress]]);
    expect(carlInfo.final_balance).toBe('0.009');
  });
});
