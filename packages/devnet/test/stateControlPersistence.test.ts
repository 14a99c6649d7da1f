import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAS, parseMas, SecretKey, signOperation, toSendOperationInput } from '@mason/codec';
import { afterAll, describe, expect, it } from 'vitest';
import { isDevnetError, readStateFile } from '../src/index.js';
import { compileContract } from './compileContract.js';
import { call, deployContract, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// State-control writes in the data directory's journal, and state files (dump / load).

const dir = mkdtempSync(join(tmpdir(), 'mason-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const utf8 = (text: string) => Array.from(new TextEncoder().encode(text));

describe('state control in a data directory', () => {
  it('journals the writes between final blocks: a restart restores them, impersonation included', async () => {
    const dataDir = join(dir, 'restart');
    const target = SecretKey.generate().publicKey.address().toString();
    const first = await startTestDevnet({ dataDir, instant: true });
    const [alice, bob] = first.accounts;
    await call(first.urls.private, 'mason_set_balance', [target, '3']);
    // a block after the write changes the same balance: the order of the two is kept on disk
    await waitFinal(first, await sendOp(first, alice!.secretKey, { type: 'Transaction', recipient: target, amount: MAS }));
    await call(first.urls.private, 'mason_set_datastore_entry', [target, utf8('k'), utf8('v')]);
    await call(first.urls.private, 'mason_set_rolls', [alice!.address, 9]);
    await call(first.urls.private, 'mason_impersonate', [bob!.address]);
    const [before] = await call(first.urls.public, 'get_addresses', [[target]]);
    expect(before.final_balance).toBe('4');
    await first.stop();
    const journal = readFileSync(join(dataDir, 'final-blocks.jsonl'), 'utf8');
    expect(journal).toContain('"method":"mason_set_balance"');

    const second = await startTestDevnet({ dataDir, instant: true });
    try {
      const [t, a] = await call(second.urls.public, 'get_addresses', [[target, alice!.address]]);
      expect(t.final_balance).toBe('4');
      expect(t.final_datastore_keys).toEqual([utf8('k')]);
      expect(a.final_roll_count).toBe(9);
      expect((await call(second.urls.public, 'get_status')).mason.impersonating).toEqual([bob!.address]);
    } finally {
      await second.stop();
    }
  });

  it('a write overrides what a block not final yet wrote to the same balance, before and after a restart', async () => {
    const dataDir = join(dir, 'pending');
    const devnet = await startTestDevnet({ dataDir });
    const [, , carol] = devnet.accounts;
    const recipient = SecretKey.generate().publicKey.address().toString();
    let id: string;
    try {
      id = await sendOp(devnet, carol!.secretKey, { type: 'Transaction', recipient, amount: MAS });
      // executed in a block, not final yet (finality needs 16 more blocks, t0 = 512 ms)
      for (;;) {
        const [info] = await call(devnet.urls.public, 'get_operations', [[id]]);
        if (info.in_blocks.length > 0 && !info.is_operation_final) break;
        if (info.is_operation_final) throw new Error('the block became final before the test could write: the devnet is too slow');
        await new Promise((r) => setTimeout(r, 5));
      }
      await call(devnet.urls.private, 'mason_set_balance', [carol!.address, '42']);
      await waitFinal(devnet, id, 60_000);
      const [info] = await call(devnet.urls.public, 'get_addresses', [[carol!.address]]);
      expect([info.final_balance, info.candidate_balance]).toEqual(['42', '42']);
    } finally {
      await devnet.stop();
    }
    const again = await startTestDevnet({ dataDir });
    try {
      const [info, r] = await call(again.urls.public, 'get_addresses', [[carol!.address, recipient]]);
      expect(info.final_balance).toBe('42');
      expect(r.final_balance).toBe('0.999');
    } finally {
      await again.stop();
    }
  });
});

describe('impersonation in a data directory', () => {
  it('restores a final block holding an impersonated operation whose impersonation stopped before the block was final', async () => {
    const dataDir = join(dir, 'impersonated');
    const devnet = await startTestDevnet({ dataDir });
    const victim = devnet.accounts[6]!;
    const recipient = SecretKey.generate().publicKey.address().toString();
    try {
      await call(devnet.urls.private, 'mason_impersonate', [victim.address]);
      const status = await call(devnet.urls.public, 'get_status');
      const content = { fee: parseMas('0.01'), expirePeriod: status.last_slot.period + 9, op: { type: 'Transaction' as const, recipient, amount: MAS } };
      const forged = { ...toSendOperationInput(signOperation(content, SecretKey.generate(), 77n)), creator_public_key: victim.publicKey };
      const [id] = await call<string[]>(devnet.urls.public, 'send_operations', [[forged]]);
      // stopped at once: the block holding the operation is final (and journaled) after this
      await call(devnet.urls.private, 'mason_stop_impersonating', [victim.address]);
      expect((await waitFinal(devnet, id!, 60_000)).op_exec_status).toBe(true);
    } finally {
      await devnet.stop();
    }
    const again = await startTestDevnet({ dataDir });
    try {
      const [info] = await call(again.urls.public, 'get_addresses', [[recipient]]);
      expect(info.final_balance).toBe('0.999');
      expect((await call(again.urls.public, 'get_status')).mason.impersonating).toEqual([]);
    } finally {
      await again.stop();
    }
  });
});

describe('state files', () => {
  it('dumps the state (mason_dump_state, dumpState on stop) and loads it into a new devnet, contracts included', async () => {
    const file = join(dir, 'state.json');
    const first = await startTestDevnet({ instant: true, dumpState: file });
    const wasm = await compileContract('stateReader');
    const reader = await deployContract(first, first.accounts[0]!.secretKey, wasm);
    await first.setDatastoreEntry(reader, utf8('color'), utf8('red'));
    await first.setBalance(first.accounts[1]!.address, '7.25');
    await first.setRolls(first.accounts[2]!.address, 4);
    const dumped = await call(first.urls.private, 'mason_dump_state', []);
    expect(dumped).toMatchObject({ format: 'mason-devnet-state', version: 1 });
    expect(dumped.state.accounts[reader].datastore).toContainEqual([Buffer.from('color').toString('hex'), Buffer.from('red').toString('hex')]);
    const time = (await call(first.urls.public, 'get_status')).current_time;
    await first.stop();
    // a stopped devnet takes no more writes (they would reach no API and no journal)
    await expect(first.setBalance(first.accounts[1]!.address, '1')).rejects.toSatisfy((e) => isDevnetError(e, 'MASON_DEVNET_STOPPED'));
    expect(readStateFile(file).state.accounts[first.accounts[1]!.address]!.balance).toBe('7.25');

    const second = await startTestDevnet({ instant: true, loadState: file, accounts: 1 });
    try {
      const [b, c, contract] = await call(second.urls.public, 'get_addresses', [[first.accounts[1]!.address, first.accounts[2]!.address, reader]]);
      expect(b.final_balance).toBe('7.25');
      expect(c.final_roll_count).toBe(4);
      expect(contract.final_datastore_keys).toContainEqual(utf8('color'));
      expect((await call(second.urls.public, 'get_status')).current_time).toBeGreaterThanOrEqual(time);
      // the contract's bytecode came along: a signed call runs it and reads the loaded datastore
      const id = await sendOp(second, second.accounts[0]!.secretKey, {
        type: 'CallSC',
        maxGas: 100_000_000n,
        coins: 0n,
        target: reader,
        func: 'readKey',
        param: Uint8Array.from([5, 0, 0, 0, ...utf8('color')]),
      });
      await waitFinal(second, id);
      const events = await call(second.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
      expect(events.map((e: { data: string }) => e.data)).toEqual(['color = red']);
    } finally {
      await second.stop();
    }
  });

  it('refuses a corrupt state file with its name and what is wrong', async () => {
    const good = join(dir, 'good.json');
    const devnet = await startTestDevnet({ instant: true });
    writeFileSync(good, JSON.stringify(await call(devnet.urls.private, 'mason_dump_state', [])));
    await devnet.stop();
    const text = readFileSync(good, 'utf8');
    // checksummed, but holding an entry no devnet can take
    const dump = JSON.parse(text);
    dump.state.deferred_credits = [{ address: 'AU1nope', period: 1, thread: 0, amount: '1' }];
    dump.checksum = createHash('sha256').update(JSON.stringify(dump.state)).digest('hex');
    const cases: Array<[string, string, RegExp]> = [
      ['edited.json', text.replace('"1000000"', '"2000000"'), /its checksum does not match its state/],
      ['newer.json', text.replace('"version":1', '"version":2'), /it is version 2 of the format; this Mason reads version 1/],
      ['truncated.json', text.slice(0, 100), /it is not JSON/],
      ['other.json', '{"format":"something"}', /it is not a devnet state file/],
      ['invalid.json', JSON.stringify(dump), /a deferred credit is invalid/],
    ];
    for (const [name, content, reason] of cases) {
      const file = join(dir, name);
      writeFileSync(file, content);
      const attempt = startTestDevnet({ loadState: file });
      await expect(attempt, name).rejects.toSatisfy((e) => isDevnetError(e, 'MASON_DEVNET_STATE_FILE'));
      await expect(attempt, name).rejects.toThrow(file);
      await expect(attempt, name).rejects.toThrow(reason);
    }
    await expect(startTestDevnet({ loadState: join(dir, 'missing.json') })).rejects.toThrow(
      /missing\.json cannot be loaded as a devnet state: it cannot be read \(ENOENT\)/,
    );
  });
});
