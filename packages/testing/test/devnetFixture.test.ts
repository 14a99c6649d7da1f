import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { getBalance, getStatus } from '@mason/client';
import { Args, MAS } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetFixture, TestingError, type DevnetFixture } from '../src/index.js';
import { fixtureProject, type FixtureProject } from './support/fixtureProject.js';

const u64 = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(0, true);

let project: FixtureProject;
let fixture: DevnetFixture;

beforeAll(async () => {
  // counter.wasm built by asc (the .wasm path route); the fixture's own build makes the manifest.
  project = await fixtureProject('project', ['counter']);
  fixture = await devnetFixture({ root: project.root });
}, 120_000);
afterAll(async () => {
  await fixture?.close();
  project?.remove();
});

describe('devnetFixture', () => {
  it('builds the project and deploys a contract by name, on an instant devnet running contracts inline', async () => {
    expect(fixture.devnet.instant).toBe(true);
    expect(fixture.devnet.execution).toBe('inline');
    expect(existsSync(join(project.root, 'build', 'manifest.json'))).toBe(true);
    const { deploy, events, read } = fixture; // the helpers work destructured
    const counter = await deploy('counter', { args: new Args().addU64(5n), coins: MAS / 10n });
    expect(counter.address).toMatch(/^AS/);
    expect((await events(counter)).map((e) => e.data)).toEqual(['Counter starts at 5']);
    expect(u64(await read(counter, 'increment', new Args().addU64(1n)))).toBe(6n);
    // throwaway deployments are not recorded in the project
    expect(existsSync(join(project.root, 'deployments'))).toBe(false);
  });

  it('deploys a .wasm file, calls it to final and reads its events; a failed call resolves with ok: false', async () => {
    const counter = await fixture.deploy('build/counter.wasm', { args: new Args().addU64(10n).serialize(), coins: MAS / 10n });
    const result = await fixture.call(counter, 'increment', new Args().addU64(3n));
    expect(result).toMatchObject({ status: 'FinalSuccess', ok: true });
    expect(result.events.map((e) => e.data)).toEqual(['Counter is 13']);
    expect((await fixture.events(result.operationId)).map((e) => e.data)).toEqual(['Counter is 13']);
    const failed = await fixture.call(counter.address, 'boom', undefined, { maxGas: 10_000_000n, from: fixture.accounts[1] });
    expect(failed).toMatchObject({ status: 'FinalError', ok: false });
    expect(failed.events.at(-1)?.data).toContain('the counter exploded');
  });

  it('gives each call its execution trace as data, and any operation’s by id', async () => {
    const counter = await fixture.deploy('build/counter.wasm', { args: new Args().addU64(1n).serialize(), coins: MAS / 10n });
    const result = await fixture.call(counter, 'increment', new Args().addU64(2n));
    expect(result.trace).toMatchObject({
      kind: 'CallSC',
      ok: true,
      operationId: result.operationId,
      root: { address: counter.address, function: 'increment' },
    });
    const events = result.trace!.root!.hostCalls.flatMap((call) => call.effects ?? []).filter((effect) => effect.type === 'event');
    expect(events).toEqual([{ type: 'event', data: 'Counter is 3' }]);
    const failed = await fixture.call(counter, 'boom', undefined, { maxGas: 10_000_000n });
    expect(failed.trace!.failure!.message).toContain('the counter exploded');
    expect(failed.trace!.root!.failure).toEqual(failed.trace!.failure);
    expect(fixture.trace(counter)).toMatchObject({ kind: 'ExecuteSC', ok: true, operationId: counter.operationId });
    expect(fixture.trace(result.operationId)).toEqual(result.trace);
    expect(fixture.trace('O1unknown')).toBeNull();
    expect(() => fixture.trace(42 as never)).toThrow(TestingError);
  });

  it('sends its requests to the devnet in process, while the devnet still serves HTTP for other clients', async () => {
    const devnet = fixture.devnet;
    const handle = devnet.handleRequest;
    const methods: string[] = [];
    devnet.handleRequest = (server, body) => {
      methods.push(`${server} ${JSON.parse(body).method}`);
      return handle(server, body);
    };
    try {
      const to = fixture.accounts[3]!.address.toString();
      await fixture.transfer(to, MAS);
      expect(methods).toContain('public send_operations');
    } finally {
      devnet.handleRequest = handle;
    }
    const overHttp = await fetch(devnet.urls.public, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'get_status', params: [] }),
    });
    expect(((await overHttp.json()) as { result: { chain_id: number } }).result.chain_id).toBe(77);
  });

  it('transfers coins and moves time on', async () => {
    const to = fixture.accounts[2]!.address.toString();
    const before = await getBalance(fixture.client, to, { final: true });
    await fixture.transfer(to, 2n * MAS);
    expect(await getBalance(fixture.client, to, { final: true })).toBe(before + 2n * MAS);
    const slot = (await getStatus(fixture.client)).last_slot!;
    const advanced = await fixture.advanceSlots(64);
    expect(advanced.period).toBeGreaterThanOrEqual(slot.period + 2);
  });

  it('refuses what is not a contract, with the code and what to give instead', async () => {
    const cases: Array<[() => Promise<unknown>, string]> = [
      [() => fixture.deploy('' as string), 'MASON_TESTING_FIXTURE_ARGUMENT'],
      [() => fixture.deploy(42 as unknown as string), 'MASON_TESTING_FIXTURE_ARGUMENT'],
      [() => fixture.deploy('missing.wasm'), 'MASON_TESTING_FILE_NOT_FOUND'],
      [() => fixture.deploy('nope'), 'MASON_DEPLOY_NOT_BUILT'],
      // the constructor needs its `start` argument
      [() => fixture.deploy('counter', { coins: MAS / 10n }), 'MASON_TESTING_DEPLOY_FAILED'],
      [() => fixture.call({} as { address: string }, 'increment'), 'MASON_TESTING_FIXTURE_ARGUMENT'],
      [() => fixture.read(null as unknown as string, 'increment'), 'MASON_TESTING_FIXTURE_ARGUMENT'],
    ];
    for (const [attempt, code] of cases) {
      const error = await attempt().catch((e: unknown) => e);
      expect((error as { code?: string }).code, String(error)).toBe(code);
    }
  });

  it('refuses a MASON_TEST_TIMING it does not know, and runs on real slots with "real"', async () => {
    const saved = process.env.MASON_TEST_TIMING;
    try {
      process.env.MASON_TEST_TIMING = 'fast';
      const error = await devnetFixture({ root: project.root, build: false }).catch((e: unknown) => e);
      expect((error as TestingError).code).toBe('MASON_TESTING_FIXTURE_ARGUMENT');
      expect(String(error)).toContain('MASON_TEST_TIMING');
      process.env.MASON_TEST_TIMING = 'real';
      const real = await devnetFixture({ root: project.root, build: false, devnet: { execution: 'workers' } });
      expect(real.devnet.instant).toBe(false);
      expect(real.devnet.execution).toBe('workers');
      await real.close();
    } finally {
      if (saved === undefined) delete process.env.MASON_TEST_TIMING;
      else process.env.MASON_TEST_TIMING = saved;
    }
  });

  it("sets a contract's storage and an account's balance, which the contract and the client then see", async () => {
    const { deploy, read, setDatastoreEntry, setBalance, client } = fixture; // destructured, as the other helpers
    const counter = await deploy('counter', { args: new Args().addU64(1n), coins: MAS / 10n });
    await setDatastoreEntry(counter.address, new TextEncoder().encode('value'), new Args().addU64(41n).serialize());
    expect(u64(await read(counter, 'increment', new Args().addU64(1n)))).toBe(42n);
    const someone = fixture.accounts[5]!.address.toString();
    await setBalance(someone, '3.5');
    const [info] = await client.request<any[]>('get_addresses', [[someone]]);
    expect(info.final_balance).toBe('3.5');
    await expect(setBalance(someone, '-3')).rejects.toThrow(/setBalance: the amount must be MAS as a decimal string/);
  });

  it('snapshots the whole devnet and reverts to it, as a reset between tests', async () => {
    const { snapshot, revert, deploy, call, read, transfer, client } = fixture;
    const to = fixture.accounts[3]!.address.toString();
    const before = await getBalance(client, to, { final: true });
    const id = await snapshot();
    const counter = await deploy('counter', { args: new Args().addU64(1n), coins: MAS / 10n });
    expect((await call(counter, 'increment', new Args().addU64(2n))).ok).toBe(true);
    await transfer(to, MAS);
    expect(await revert(id)).toBe(true);
    expect(await getBalance(client, to, { final: true })).toBe(before);
    await expect(read(counter, 'increment', new Args().addU64(1n))).rejects.toThrow();
    expect(await revert(id)).toBe(false);
    // the chain goes on from the snapshot
    await transfer(to, MAS);
    expect(await getBalance(client, to, { final: true })).toBe(before + MAS);
  });

  it('stops the devnet on close (also through await using), after which helpers refuse', async () => {
    let stopped: DevnetFixture;
    {
      await using own = await devnetFixture({ root: project.root, build: false });
      stopped = own;
      expect((await own.client.request<any>('get_status', [])).chain_id).toBe(77);
    }
    await stopped.devnet.closed;
    const error = await stopped.read('AS12', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TestingError);
    expect((error as TestingError).code).toBe('MASON_TESTING_FIXTURE_CLOSED');
    expect(() => stopped.setBalance('AU12', '1')).toThrow(/setBalance/);
    expect(() => stopped.snapshot()).toThrow(/snapshot/);
  });
});
