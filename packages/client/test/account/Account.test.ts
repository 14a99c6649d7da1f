import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, inspect } from 'node:util';
import { parseMas, SecretKey } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Devnet, startTestDevnet } from '../devnet.js';
import { RECIPIENT, SENDER } from '../fixtures.js';
import { getBalance } from '../../src/actions/getBalance.js';
import { getOperations } from '../../src/actions/getOperations.js';
import type { Client } from '../../src/client.js';
import { createClient } from '../../src/createClient.js';
import { transfer } from '../../src/operations/transfer.js';
import { Account } from '../../src/account/Account.js';

const dir = mkdtempSync(join(tmpdir(), 'mason-account-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function envFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Every way a value commonly ends up in a log. */
function printed(value: unknown): string {
  return [
    String(value),
    `${value}`,
    JSON.stringify(value),
    inspect(value),
    inspect({ nested: value }, { depth: 5 }),
    format('%o %O %j', value, value, value),
  ].join('\n');
}

describe('Account', () => {
  it('fromSecretKey derives the public key and address (test vector)', () => {
    const account = Account.fromSecretKey(SENDER.secret);
    expect(account.address.toString()).toBe(SENDER.address);
    expect(account.publicKey.toString()).toBe(SENDER.publicKey);
    expect(Account.fromSecretKey(SecretKey.fromString(SENDER.secret)).address.toString()).toBe(SENDER.address);
    expect(account.revealSecretKey()).toBe(SENDER.secret);
  });

  it('never prints its secret key', () => {
    const account = Account.fromSecretKey(SENDER.secret);
    const text = printed(account);
    expect(text).not.toContain(SENDER.secret);
    expect(text).toContain(SENDER.address);
    expect(String(account)).toBe(`Account(${SENDER.address})`);
    expect(JSON.parse(JSON.stringify(account))).toEqual({ address: SENDER.address, publicKey: SENDER.publicKey });
    expect(Object.values(account).map(String).join()).not.toContain(SENDER.secret);
  });

  it('rejects a bad key without echoing it', () => {
    const almost = `${SENDER.secret.slice(0, -1)}x`;
    for (const bad of [almost, 'P1241gerYcVAvfk7Vc6gFuqBje5CfVJxT1fgzkym5cq2qthgoo1C', 'S0OIl']) {
      let error: unknown;
      try {
        Account.fromSecretKey(bad);
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ code: 'MASON_CLIENT_INVALID_SECRET_KEY' });
      expect(printed(error)).not.toContain(bad);
      expect(printed((error as Error).message)).not.toContain(bad);
    }
  });

  it('generate() makes distinct keys', () => {
    const a = Account.generate();
    const b = Account.generate();
    expect(a.address.toString()).toMatch(/^AU/);
    expect(a.address.toString()).not.toBe(b.address.toString());
  });

  it('signs like the codec does', () => {
    const account = Account.fromSecretKey(SENDER.secret);
    const data = new TextEncoder().encode('Test message');
    expect(account.publicKey.verify(data, account.sign(data))).toBe(true);
  });
});

describe('Account.fromEnv', () => {
  it('reads PRIVATE_KEY from the environment first', () => {
    const path = envFile('both.env', `PRIVATE_KEY=${RECIPIENT.secret}\n`);
    const account = Account.fromEnv({ path, env: { PRIVATE_KEY: SENDER.secret } });
    expect(account.address.toString()).toBe(SENDER.address);
  });

  it('then from the .env file, without touching process.env', () => {
    const path = envFile('file.env', `# wallet\nPRIVATE_KEY="${RECIPIENT.secret}"\nOTHER=1\n`);
    const account = Account.fromEnv({ path, env: {} });
    expect(account.address.toString()).toBe(RECIPIENT.address);
    expect(process.env.OTHER).toBeUndefined();
    expect(process.env.PRIVATE_KEY).toBeUndefined();
  });

  it('reads process.env and ./.env by default', () => {
    const project = mkdtempSync(join(dir, 'project-'));
    writeFileSync(join(project, '.env'), `PRIVATE_KEY=${RECIPIENT.secret}\n`);
    const cwd = vi.spyOn(process, 'cwd').mockReturnValue(project);
    const saved = process.env.PRIVATE_KEY;
    try {
      delete process.env.PRIVATE_KEY;
      expect(Account.fromEnv().address.toString()).toBe(RECIPIENT.address);
      process.env.PRIVATE_KEY = SENDER.secret;
      expect(Account.fromEnv().address.toString()).toBe(SENDER.address);
    } finally {
      cwd.mockRestore();
      if (saved === undefined) delete process.env.PRIVATE_KEY;
      else process.env.PRIVATE_KEY = saved;
    }
  });

  it('accepts WALLET_SECRET_KEY with a single deprecation warning', async () => {
    const warnings: Error[] = [];
    const listener = (warning: Error) => warnings.push(warning);
    process.on('warning', listener);
    try {
      const path = envFile('legacy.env', `WALLET_SECRET_KEY=${SENDER.secret}\n`);
      expect(Account.fromEnv({ path, env: {} }).address.toString()).toBe(SENDER.address);
      expect(Account.fromEnv({ path: envFile('empty.env', ''), env: { WALLET_SECRET_KEY: SENDER.secret } }).address.toString()).toBe(SENDER.address);
      await new Promise((r) => setImmediate(r));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ name: 'DeprecationWarning', code: 'MASON_CLIENT_WALLET_SECRET_KEY' });
      expect(warnings[0]?.message).toContain('PRIVATE_KEY');
      expect(printed(warnings[0])).not.toContain(SENDER.secret);
    } finally {
      process.off('warning', listener);
    }
  });

  it('prefers PRIVATE_KEY over WALLET_SECRET_KEY', () => {
    const path = envFile('mixed.env', `WALLET_SECRET_KEY=${RECIPIENT.secret}\nPRIVATE_KEY=${SENDER.secret}\n`);
    expect(Account.fromEnv({ path, env: {} }).address.toString()).toBe(SENDER.address);
  });

  it('says where it looked when there is no key', () => {
    const path = envFile('none.env', 'OTHER=1\n');
    expect(() => Account.fromEnv({ path, env: {} })).toThrow(
      expect.objectContaining({
        code: 'MASON_CLIENT_SECRET_KEY_MISSING',
        context: {
          searched: ['PRIVATE_KEY in the environment', `PRIVATE_KEY in ${path}`, 'WALLET_SECRET_KEY in the environment', `WALLET_SECRET_KEY in ${path}`],
        },
      }),
    );
  });

  it('fails on an explicit path that does not exist', () => {
    expect(() => Account.fromEnv({ path: join(dir, 'missing.env'), env: {} })).toThrow(expect.objectContaining({ code: 'MASON_CLIENT_ENV_FILE_NOT_FOUND' }));
  });

  it('names the source of an invalid key, not the key', () => {
    const path = envFile('bad.env', 'PRIVATE_KEY=S1notakey\n');
    let error: unknown;
    try {
      Account.fromEnv({ path, env: {} });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'MASON_CLIENT_INVALID_SECRET_KEY', context: { source: `PRIVATE_KEY in ${path}` } });
    expect(printed(error)).not.toContain('S1notakey');
  });
});

describe('Account on a devnet', () => {
  let devnet: Devnet;
  let client: Client;
  const fast = { pollIntervalMs: 5, timeoutMs: 10_000 };

  beforeAll(async () => {
    devnet = await startTestDevnet();
    client = createClient({ url: devnet.urls.public });
  });
  afterAll(async () => {
    await client?.close();
    await devnet?.stop();
  });

  it('a key from .env and a generated key both sign operations the node verifies and executes', async () => {
    const path = envFile('devnet.env', `PRIVATE_KEY=${devnet.accounts[0]!.secretKey.reveal()}\n`);
    const funder = Account.fromEnv({ path, env: {} });
    expect(funder.address.toString()).toBe(devnet.accounts[0]!.address);
    const fresh = Account.generate();

    const funding = await transfer(client, funder, { to: fresh.address, amount: parseMas('2') });
    expect((await funding.waitFinal(fast)).status).toBe('FinalSuccess');
    const back = await transfer(client, fresh, { to: funder.address, amount: parseMas('1') });
    expect((await back.waitFinal(fast)).status).toBe('FinalSuccess');

    const [info] = await getOperations(client, [back.id]);
    expect(info?.operation).toMatchObject({ content_creator_pub_key: fresh.publicKey.toString(), content_creator_address: fresh.address.toString() });
    // 2 MAS in, less the new address's ledger entry (0.001), 1 MAS back and its fee (0.01).
    expect(await getBalance(client, fresh.address)).toBe(parseMas('0.989'));
  });
});
