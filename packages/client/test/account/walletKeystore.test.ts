import { Account as Web3Account } from '@massalabs/massa-web3';
import { describe, expect, it } from 'vitest';
import { isClientError } from '../../src/errors.js';
import { Account } from '../../src/account/Account.js';
import { checkKeystore, decryptKeystore, encryptKeystore, type WalletKeystore } from '../../src/account/walletKeystore.js';

// A wallet file of Massa Station's own tests (password "bonjour"): its CipheredData holds the
// 64-byte Ed25519 key, as older Station versions wrote it.
const STATION_WALLET: WalletKeystore = {
  Version: 1,
  Nickname: 'bonjour',
  Address: 'AU1uSeKuYRQkC8fHWoohBmq8WKYxGTXuzaTcGomAoLXTGdq8kEsR',
  Salt: [145, 114, 211, 33, 247, 163, 215, 171, 90, 186, 97, 47, 43, 252, 68, 170],
  Nonce: [113, 122, 168, 123, 48, 187, 178, 12, 209, 91, 243, 63],
  CipheredData: [
    2, 86, 133, 146, 82, 184, 193, 160, 120, 44, 198, 209, 69, 230, 83, 35, 36, 235, 18, 105, 74, 117, 228, 237, 112, 65, 32, 0, 250, 180, 199, 26, 40, 28, 76,
    116, 162, 95, 0, 103, 172, 8, 41, 11, 240, 185, 188, 215, 56, 170, 246, 2, 14, 16, 27, 214, 137, 103, 89, 111, 85, 149, 191, 38, 2, 43, 8, 183, 149, 104,
    64, 149, 10, 106, 102, 156, 242, 178, 254, 189, 135,
  ],
  PublicKey: [
    0, 45, 150, 188, 218, 203, 190, 65, 56, 44, 162, 62, 82, 227, 210, 25, 108, 186, 101, 231, 161, 172, 210, 9, 223, 201, 92, 107, 50, 182, 161, 138, 147,
  ],
};
const STATION_SECRET_KEY = 'S12eCL2rGvRT4wZKaH7KdLd7fuhCF1Vt34SrNnRDEtduMZrjMxHz';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('Massa wallet keystores', () => {
  it('decrypts a wallet written by Massa Station', async () => {
    const account = await decryptKeystore(STATION_WALLET, 'bonjour');
    expect(account.address.toString()).toBe(STATION_WALLET.Address);
    expect(account.revealSecretKey()).toBe(STATION_SECRET_KEY);
  });

  it('refuses a wrong password without saying anything of the key', async () => {
    const error = await rejection(decryptKeystore(STATION_WALLET, 'bonsoir'));
    expect(isClientError(error, 'MASON_CLIENT_KEYSTORE_WRONG_PASSWORD')).toBe(true);
    expect(String(error)).toContain(STATION_WALLET.Address);
    expect(String(error)).not.toContain(STATION_SECRET_KEY);
  });

  it('round-trips, and massa-web3 reads what it writes and the other way round', async () => {
    const account = Account.fromSecretKey(STATION_SECRET_KEY);
    const keystore = await encryptKeystore(account, 'pässwörd', { nickname: 'savings' });
    expect(keystore).toMatchObject({ Version: 1, Nickname: 'savings', Address: STATION_WALLET.Address, PublicKey: STATION_WALLET.PublicKey });
    expect(keystore.CipheredData).toHaveLength(33 + 16);
    expect((await decryptKeystore(keystore, 'pässwörd')).revealSecretKey()).toBe(STATION_SECRET_KEY);

    // massa-web3 types the keystore as its own (Uint8Array salt and nonce); the file's plain arrays are what it reads.
    const byWeb3 = await Web3Account.fromKeyStore(keystore as unknown as Parameters<typeof Web3Account.fromKeyStore>[0], 'pässwörd');
    expect(byWeb3.address.toString()).toBe(STATION_WALLET.Address);

    const web3Keystore = await (await Web3Account.fromPrivateKey(STATION_SECRET_KEY)).toKeyStore('pässwörd');
    const fromWeb3 = await decryptKeystore(
      { ...web3Keystore, Salt: [...web3Keystore.Salt], Nonce: [...web3Keystore.Nonce], CipheredData: [...web3Keystore.CipheredData] },
      'pässwörd',
    );
    expect(fromWeb3.revealSecretKey()).toBe(STATION_SECRET_KEY);
  });

  it('uses a fresh salt and nonce for every encryption', async () => {
    const account = Account.generate();
    const [first, second] = [await encryptKeystore(account, 'x'), await encryptKeystore(account, 'x')];
    expect(first.Salt).not.toEqual(second.Salt);
    expect(first.Nonce).not.toEqual(second.Nonce);
  });

  it('refuses an altered ciphertext as a wrong password (the tag does not verify)', async () => {
    const tampered = { ...STATION_WALLET, CipheredData: STATION_WALLET.CipheredData.map((byte, index) => (index === 5 ? byte ^ 1 : byte)) };
    expect(isClientError(await rejection(decryptKeystore(tampered, 'bonjour')), 'MASON_CLIENT_KEYSTORE_WRONG_PASSWORD')).toBe(true);
  });

  it.each([
    ['Version', { Version: 7 }, 'not a known version'],
    ['Salt', { Salt: STATION_WALLET.Salt.slice(1) }, 'has 15 bytes, not 16'],
    ['Nonce', { Nonce: undefined }, 'missing'],
    ['CipheredData', { CipheredData: [1, 2, 3] }, 'too short'],
    ['PublicKey', { PublicKey: [0, ...STATION_WALLET.PublicKey.slice(1, 32), 256] }, 'not a byte'],
    ['PublicKey', { PublicKey: [1, ...STATION_WALLET.PublicKey.slice(1)] }, 'version 1'],
    ['Address', { Address: 'AU12Fo4uRLbLCAsLqmMeo7T8fcBtUDf3kWcbgxhPPwsnGXMPi8LMM' }, 'is not the address of PublicKey'],
  ] as const)('refuses a malformed %s before deriving any key', (field, change, reason) => {
    const broken = { ...STATION_WALLET, ...change } as WalletKeystore;
    let error: unknown;
    try {
      checkKeystore(broken);
    } catch (caught) {
      error = caught;
    }
    expect(isClientError(error, 'MASON_CLIENT_KEYSTORE_INVALID')).toBe(true);
    expect((error as { context: { field: string } }).context.field).toBe(field);
    expect(String(error)).toContain(reason);
  });

  it('refuses a key that is not the one of PublicKey', async () => {
    const other = await encryptKeystore(Account.generate(), 'x');
    const swapped = { ...other, Address: undefined, PublicKey: STATION_WALLET.PublicKey } as WalletKeystore;
    const error = await rejection(decryptKeystore(swapped, 'x'));
    expect(isClientError(error, 'MASON_CLIENT_KEYSTORE_INVALID')).toBe(true);
    expect(String(error)).toContain('holds the key of');
  });
});
