import { Account, Args, JsonRpcProvider, SmartContract, bytesToStr } from '@massalabs/massa-web3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAS, parseMas, SecretKey } from '@mason/codec';
import type { Devnet } from '../src/index.js';
import { compileContract } from './compileContract.js';
import { call, startTestDevnet } from './helpers.js';

// @massalabs/massa-web3 5.x, unchanged, reads what the state-control methods wrote.

let devnet: Devnet;
let provider: JsonRpcProvider;

beforeAll(async () => {
  devnet = await startTestDevnet({ instant: true });
  provider = JsonRpcProvider.fromRPCUrl(devnet.urls.public, await Account.fromPrivateKey(devnet.accounts[0]!.secretKey.reveal())) as JsonRpcProvider;
}, 60_000);
afterAll(() => devnet.stop());

describe('massa-web3 reads state set by mason_set_*', () => {
  it('sees a balance set by mason_set_balance, final and candidate', async () => {
    const target = SecretKey.generate().publicKey.address().toString();
    await call(devnet.urls.private, 'mason_set_balance', [target, '12.5']);
    for (const final of [true, false]) expect(await provider.balanceOf([target], final)).toEqual([{ address: target, balance: parseMas('12.5') }]);
  });

  it("reads a contract's storage set by mason_set_datastore_entry, and its read-only call sees it", async () => {
    const contract = await SmartContract.deploy(provider, await compileContract('greeter'), new Args().addString('Mason'), { coins: MAS / 10n });
    await call(devnet.urls.private, 'mason_set_datastore_entry', [
      contract.address,
      Array.from(new TextEncoder().encode('name')),
      Array.from(new TextEncoder().encode('web3')),
    ]);
    const [value] = await provider.readStorage(contract.address, ['name'], true);
    expect(bytesToStr(value!)).toBe('web3');
    expect(bytesToStr((await contract.read('greet')).value)).toBe('Hello, web3!');
    await call(devnet.urls.private, 'mason_delete_datastore_entry', [contract.address, Array.from(new TextEncoder().encode('name'))]);
    expect(await provider.getStorageKeys(contract.address, 'name', true)).toEqual([]);
  });
});
