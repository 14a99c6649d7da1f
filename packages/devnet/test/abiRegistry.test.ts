// mason_register_abi (private port) and mason_get_abis (public and API ports): the ABIs the
// explorer, `mason op` and `mason trace` decode calls with.
import { Address, SecretKey } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { call, rpc, startTestDevnet } from './helpers.js';

const CONTRACT = Address.fromHash('contract', new Uint8Array(32).fill(7)).toString();
const EMPTY = Address.fromHash('contract', new Uint8Array(32).fill(8)).toString();
const USER = SecretKey.fromSeed(new Uint8Array(32).fill(3)).publicKey.address().toString();
const ABI = {
  format: 'mason-abi/1',
  contract: 'token',
  source: 'assembly/contracts/token.ts',
  functions: [
    {
      name: 'transfer',
      params: [
        { name: 'to', type: 'string', format: 'address' },
        { name: 'amount', type: 'u256' },
      ],
      returns: null,
      events: [],
      complete: true,
      notes: [],
    },
  ],
  structs: {},
};

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet({ instant: true });
  await call(devnet.urls.private, 'mason_set_bytecode', [CONTRACT, [0, 97, 115, 109, 1, 0, 0, 0]]);
});
afterAll(() => devnet?.stop());

describe('contract ABIs on the devnet', () => {
  it('registers an ABI on the private port and answers it on the public and API ports', async () => {
    expect(await call(devnet.urls.private, 'mason_register_abi', [CONTRACT, ABI])).toBe(true);
    expect(await call(devnet.urls.public, 'mason_get_abis', [[CONTRACT, EMPTY]])).toEqual([ABI, null]);
    expect(await call(devnet.urls.api, 'mason_get_abis', [[CONTRACT]])).toEqual([ABI]);
    // Registering again replaces it.
    const renamed = { ...ABI, contract: 'token2' };
    await call(devnet.urls.private, 'mason_register_abi', [CONTRACT, renamed]);
    expect(await call(devnet.urls.public, 'mason_get_abis', [[CONTRACT]])).toEqual([renamed]);
  });

  it('answers an ABI only while the contract holds the code it was registered for', async () => {
    const upgraded = Address.fromHash('contract', new Uint8Array(32).fill(9)).toString();
    await call(devnet.urls.private, 'mason_set_bytecode', [upgraded, [0, 97, 115, 109, 1, 0, 0, 0]]);
    await call(devnet.urls.private, 'mason_register_abi', [upgraded, ABI]);
    // The same code written again (another array, the same bytes) keeps it.
    await call(devnet.urls.private, 'mason_set_bytecode', [upgraded, [0, 97, 115, 109, 1, 0, 0, 0]]);
    expect(await call(devnet.urls.public, 'mason_get_abis', [[upgraded]])).toEqual([ABI]);
    // An upgrade: the old layout no longer holds, until the new ABI is registered.
    await call(devnet.urls.private, 'mason_set_bytecode', [upgraded, [0, 97, 115, 109, 1, 0, 0, 0, 0, 0]]);
    expect(await call(devnet.urls.public, 'mason_get_abis', [[upgraded]])).toEqual([null]);
    await call(devnet.urls.private, 'mason_register_abi', [upgraded, ABI]);
    expect(await call(devnet.urls.public, 'mason_get_abis', [[upgraded]])).toEqual([ABI]);
  });

  it('forgets the ABI of a contract a revert removed', async () => {
    const later = Address.fromHash('contract', new Uint8Array(32).fill(10)).toString();
    const snapshot = await call(devnet.urls.private, 'mason_snapshot', []);
    await call(devnet.urls.private, 'mason_set_bytecode', [later, [0, 97, 115, 109, 1, 0, 0, 0]]);
    await call(devnet.urls.private, 'mason_register_abi', [later, ABI]);
    expect(await call(devnet.urls.public, 'mason_get_abis', [[later]])).toEqual([ABI]);
    expect(await call(devnet.urls.private, 'mason_revert', [snapshot])).toBe(true);
    expect(await call(devnet.urls.public, 'mason_get_abis', [[later, CONTRACT]])).toEqual([null, expect.objectContaining({ format: 'mason-abi/1' })]);
  });

  it("tells where to register in get_status' mason extension", async () => {
    const status = await call(devnet.urls.public, 'get_status');
    expect(`http://127.0.0.1:${status.mason.private_port}`).toBe(devnet.urls.private);
  });

  it('is not registered through the public port', async () => {
    const { error } = await rpc(devnet.urls.public, 'mason_register_abi', [CONTRACT, ABI]);
    expect(error).toBeDefined();
  });

  it.each([
    ['a user address', [USER, ABI], `${USER} is a user address, not a smart contract`],
    ['an address with no contract', [EMPTY, ABI], `${EMPTY} holds no contract on this devnet`],
    ['a string that is no address', ['AS1nope', ABI], '"AS1nope" is not an address'],
    ['an ABI given as a string', [CONTRACT, JSON.stringify(ABI)], 'it must be an object, got string'],
    ['another format', [CONTRACT, { ...ABI, format: 'mason-abi/9' }], 'the ABI for'],
    ['a function without parameters list', [CONTRACT, { ...ABI, functions: [{ name: 'f', returns: null, events: [] }] }], 'functions[0].params'],
  ])('refuses %s with -32602 and the reason', async (_, params, reason) => {
    const { error } = await rpc(devnet.urls.private, 'mason_register_abi', params);
    expect(error?.code).toBe(-32602);
    expect(error?.message).toContain('mason_register_abi: ');
    expect(error?.message).toContain(reason);
  });

  it('refuses a wrong number of parameters', async () => {
    const { error } = await rpc(devnet.urls.private, 'mason_register_abi', [CONTRACT]);
    expect(error).toMatchObject({ code: -32602, message: 'Invalid params: expected 2 positional parameters, got 1' });
  });
});
