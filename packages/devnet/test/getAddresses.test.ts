import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { byteLengthOf, RawJson, SplicedJson, serializeJson, stringifyJson } from '../src/rpc/json.js';
import { call, rpc, startTestDevnet } from './helpers.js';

// get_addresses answers one element per address asked for, as the node does, but builds each
// address's info once: the staker's address repeated 128 times costs one staker's draws.

let devnet: Devnet | undefined;
afterEach(async () => {
  await devnet?.stop();
  devnet = undefined;
});

const stakerOf = (d: Devnet) => nodeOf(d).stakers[0]!.publicKey.address().toString();

describe('get_addresses with repeated addresses', () => {
  it('answers each position, in order, building each address once', async () => {
    devnet = await startTestDevnet();
    const staker = stakerOf(devnet);
    const alice = devnet.accounts[0]!.address;
    const built = vi.spyOn(nodeOf(devnet).createdOperations, 'get');
    const list = [...Array(64).fill(staker), alice, ...Array(63).fill(staker)];
    const answer = await call<any[]>(devnet.urls.public, 'get_addresses', [list]);
    // one lookup per distinct address: the staker's info is built once, not 127 times
    expect(built.mock.calls.map(([address]) => address).sort()).toEqual([alice, staker].sort());
    expect(answer).toHaveLength(128);
    expect(answer.map((info) => info.address)).toEqual(list);
    // the 127 staker elements are the same, and what a request for the staker alone answers
    expect(new Set(answer.filter((info) => info.address === staker).map((info) => JSON.stringify(info))).size).toBe(1);
    const [single] = await call<any[]>(devnet.urls.public, 'get_addresses', [[staker]]);
    const first = answer[0];
    expect(first).toEqual({ ...single, next_block_draws: first.next_block_draws, next_endorsement_draws: first.next_endorsement_draws });
    expect(first.next_endorsement_draws).toHaveLength(single.next_endorsement_draws.length);
  });

  it("bounds the draws to the node's look-ahead (10 periods), and the answer to maxResponseBodySize", async () => {
    devnet = await startTestDevnet({ serverLimits: { maxResponseBodySize: 4 * 1024 * 1024 } });
    const staker = stakerOf(devnet);
    const [info] = await call<any[]>(devnet.urls.public, 'get_addresses', [[staker]]);
    // the only staker holds every draw of the window: 10 periods × 32 threads × 16 endorsements
    expect(info.next_endorsement_draws).toHaveLength(10 * 32 * 16);
    expect(info.next_block_draws).toHaveLength(10 * 32);
    const periods = info.next_endorsement_draws.map((draw: { slot: { period: number } }) => draw.slot.period);
    expect(Math.max(...periods) - Math.min(...periods)).toBe(9);
    // 128 copies (~30 MB) are past this devnet's 4 MiB response limit: the node's -32008
    const big = await rpc(devnet.urls.public, 'get_addresses', [Array(128).fill(staker)]);
    expect(big.error).toEqual({ code: -32008, message: 'Response is too big', data: 'Exceeded max limit of 4194304' });
    expect((await call(devnet.urls.public, 'get_status')).chain_id).toBe(77);
  });

  it('refuses the whole list when one repeated address is invalid', async () => {
    devnet = await startTestDevnet();
    const answer = await rpc(devnet.urls.public, 'get_addresses', [[...Array(10).fill(stakerOf(devnet)), 'AU1nope']]);
    expect(answer.error?.code).toBe(-32602);
  });
});

describe('RawJson', () => {
  it('is written verbatim by stringifyJson, beside bigints, and parsed back by JSON.stringify', () => {
    const shared = new RawJson('{"a":[1,2,{"b":"\\u0000x"}]}');
    const value = { list: [shared, 2n ** 64n - 1n, shared], text: 'raw' };
    expect(stringifyJson(value)).toBe('{"list":[{"a":[1,2,{"b":"\\u0000x"}]},18446744073709551615,{"a":[1,2,{"b":"\\u0000x"}]}],"text":"raw"}');
    expect(stringifyJson([shared])).toBe('[{"a":[1,2,{"b":"\\u0000x"}]}]');
    expect(JSON.stringify([shared])).toBe('[{"a":[1,2,{"b":"\\u0000x"}]}]');
  });

  it('leaves a text holding it in parts, a repeated part encoded once', () => {
    const shared = new RawJson('{"draws":["é"]}');
    const text = serializeJson({ result: [shared, shared, shared] });
    expect(text).toBeInstanceOf(SplicedJson);
    const buffers = (text as SplicedJson).buffers();
    expect(buffers.filter((bytes) => bytes === buffers[1])).toHaveLength(3);
    expect(Buffer.concat(buffers).toString()).toBe('{"result":[{"draws":["é"]},{"draws":["é"]},{"draws":["é"]}]}');
    expect(String(text)).toBe(Buffer.concat(buffers).toString());
    expect(byteLengthOf(text)).toBe(Buffer.concat(buffers).length);
  });
});
