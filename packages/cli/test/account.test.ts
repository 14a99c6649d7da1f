// `mason account`: encrypted keys in the Massa wallet format, and deploy --account signing with one.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decryptKeystore } from '@mason/client';
import { devnetAccountKey, startDevnet, type Devnet } from '@mason/devnet';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWalletFile } from '../src/keystore/walletFile.js';

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'mason-account-'));
const userDir = join(root, 'user-accounts');
const stationDir = join(root, 'station');
const project = join(root, 'project');

// A wallet file from Massa Station's own tests; its password is "bonjour".
const STATION_WALLET = `Version: 1
Nickname: bonjour
Address: AU1uSeKuYRQkC8fHWoohBmq8WKYxGTXuzaTcGomAoLXTGdq8kEsR
Salt: [145, 114, 211, 33, 247, 163, 215, 171, 90, 186, 97, 47, 43, 252, 68, 170]
Nonce: [113, 122, 168, 123, 48, 187, 178, 12, 209, 91, 243, 63]
CipheredData: [2, 86, 133, 146, 82, 184, 193, 160, 120, 44, 198, 209, 69, 230, 83,
  35, 36, 235, 18, 105, 74, 117, 228, 237, 112, 65, 32, 0, 250, 180, 199, 26, 40,
  28, 76, 116, 162, 95, 0, 103, 172, 8, 41, 11, 240, 185, 188, 215, 56, 170, 246,
  2, 14, 16, 27, 214, 137, 103, 89, 111, 85, 149, 191, 38, 2, 43, 8, 183, 149, 104,
  64, 149, 10, 106, 102, 156, 242, 178, 254, 189, 135]
PublicKey: [0, 45, 150, 188, 218, 203, 190, 65, 56, 44, 162, 62, 82, 227, 210, 25,
  108, 186, 101, 231, 161, 172, 210, 9, 223, 201, 92, 107, 50, 182, 161, 138, 147]
`;
const STATION_ADDRESS = 'AU1uSeKuYRQkC8fHWoohBmq8WKYxGTXuzaTcGomAoLXTGdq8kEsR';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function mason(args: string[], options: { env?: Record<string, string>; input?: string; cwd?: string } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: options.cwd ?? root,
      env: {
        ...process.env,
        NO_COLOR: '1',
        PRIVATE_KEY: '',
        MASON_ACCOUNT: '',
        MASON_ACCOUNT_PASSWORD: '',
        MASON_KEYSTORE_DIR: userDir,
        MASON_STATION_WALLET_DIR: stationDir,
        MASON_NODE_URL: 'http://127.0.0.1:9',
        ...options.env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.stdin.end(options.input ?? '');
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

// Error codes, not the MASON_ACCOUNT_PASSWORD variable messages name.
const codes = (text: string) => text.match(/MASON_CLI(ENT)?_[A-Z_]+/g) ?? [];
const secret = (index: number) => devnetAccountKey(index).reveal();
const addressOf = (index: number) => devnetAccountKey(index).publicKey.address().toString();

beforeAll(() => {
  mkdirSync(stationDir, { recursive: true });
  writeFileSync(join(stationDir, 'wallet_bonjour.yaml'), STATION_WALLET);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('mason account', () => {
  it('new: encrypts a fresh key into a wallet file only its owner reads, never printing the key', async () => {
    const made = await mason(['account', 'new', 'fresh', '--json'], { env: { MASON_ACCOUNT_PASSWORD: 'hunter2' } });
    expect(made.code, made.stderr).toBe(0);
    const { name, address, path, scope } = JSON.parse(made.stdout);
    expect({ name, scope, path }).toEqual({ name: 'fresh', scope: 'user', path: join(userDir, 'wallet_fresh.yaml') });
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(made.stdout + made.stderr).not.toMatch(/S1[1-9A-HJ-NP-Za-km-z]{40,}/);
    const account = await decryptKeystore(readWalletFile(path), 'hunter2');
    expect(account.address.toString()).toBe(address);
  });

  it('import: from PRIVATE_KEY, from stdin, and a Massa Station wallet file kept as it is', async () => {
    const env = { MASON_ACCOUNT_PASSWORD: 'pw' };
    const fromEnv = await mason(['account', 'import', 'one', '--from-env', '--json'], { env: { ...env, PRIVATE_KEY: secret(1) } });
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    expect(JSON.parse(fromEnv.stdout).address).toBe(addressOf(1));

    const piped = await mason(['account', 'import', 'two', '--json'], { env, input: `${secret(2)}\n` });
    expect(piped.code, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout).address).toBe(addressOf(2));

    const file = join(root, 'station-export.yaml');
    writeFileSync(file, STATION_WALLET);
    writeFileSync(join(root, 'bonjour.txt'), 'bonjour\n');
    const fromFile = await mason(['account', 'import', 'savings', '--file', file, '--password-file', join(root, 'bonjour.txt'), '--json']);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(JSON.parse(fromFile.stdout).address).toBe(STATION_ADDRESS);
    const stored = readWalletFile(join(userDir, 'wallet_savings.yaml'));
    expect(stored.Nickname).toBe('savings');
    expect(stored.CipheredData).toEqual(readWalletFile(file).CipheredData);
  });

  it("list: the user's accounts and Massa Station's, with their addresses", async () => {
    const listed = await mason(['account', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as { name: string; scope: string; address: string }[];
    expect(rows).toContainEqual(expect.objectContaining({ name: 'one', scope: 'user', address: addressOf(1) }));
    expect(rows).toContainEqual(expect.objectContaining({ name: 'bonjour', scope: 'station', address: STATION_ADDRESS }));
    const text = await mason(['account', 'list']);
    expect(text.stdout).toMatch(new RegExp(`two\\s+${addressOf(2)}\\s+user`));
  });

  it('export writes the encrypted file, the same bytes Massa Station reads', async () => {
    const exported = await mason(['account', 'export', 'one']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toBe(readFileSync(join(userDir, 'wallet_one.yaml'), 'utf8'));
    const out = join(root, 'one.yaml');
    expect((await mason(['account', 'export', 'one', '--out', out])).code).toBe(0);
    expect((await decryptKeystore(readWalletFile(out), 'pw')).address.toString()).toBe(addressOf(1));
  });

  it('remove asks for --yes without a terminal, and never deletes a Massa Station wallet', async () => {
    writeFileSync(join(root, 'pw.txt'), 'pw');
    expect((await mason(['account', 'import', 'gone', '--from-env', '--password-file', join(root, 'pw.txt')], { env: { PRIVATE_KEY: secret(3) } })).code).toBe(
      0,
    );
    const unconfirmed = await mason(['account', 'remove', 'gone']);
    expect(unconfirmed.code).toBe(1);
    expect(codes(unconfirmed.stderr)).toEqual(['MASON_CLI_CONFIRM_REQUIRED']);
    expect(existsSync(join(userDir, 'wallet_gone.yaml'))).toBe(true);
    expect((await mason(['account', 'remove', 'gone', '--yes'])).code).toBe(0);
    expect(existsSync(join(userDir, 'wallet_gone.yaml'))).toBe(false);
    const station = await mason(['account', 'remove', 'bonjour', '--yes']);
    expect(codes(station.stderr)).toEqual(['MASON_CLI_ACCOUNT_READ_ONLY']);
    expect(existsSync(join(stationDir, 'wallet_bonjour.yaml'))).toBe(true);
  });
});

describe('mason account refuses', () => {
  it.each([
    ['a bad name', ['account', 'new', 'no spaces'], {}, 'MASON_CLI_ACCOUNT_BAD_NAME'],
    ['a name taken', ['account', 'new', 'one'], { MASON_ACCOUNT_PASSWORD: 'x' }, 'MASON_CLI_ACCOUNT_EXISTS'],
    ['no password without a terminal', ['account', 'new', 'nopass'], {}, 'MASON_CLI_PASSWORD_REQUIRED'],
    ['an unknown account, with the nearest name', ['account', 'export', 'onee'], {}, 'MASON_CLI_ACCOUNT_UNKNOWN'],
    ['a missing password file', ['account', 'new', 'x', '--password-file', '/nonexistent/pw'], {}, 'MASON_CLI_PASSWORD_FILE_UNREADABLE'],
  ])('%s', async (_what, args, env, code) => {
    const refused = await mason(args, { env });
    expect(refused.code).toBe(1);
    expect(codes(refused.stderr)).toEqual([code]);
    if (code === 'MASON_CLI_ACCOUNT_UNKNOWN') expect(refused.stderr).toContain('did you mean one?');
  });

  it('a secret key that is not one, without echoing it', async () => {
    const refused = await mason(['account', 'import', 'bad', '--json'], { env: { MASON_ACCOUNT_PASSWORD: 'x' }, input: 'S1notakeyatall\n' });
    expect(codes(refused.stderr)).toEqual(['MASON_CLI_BAD_SECRET_KEY']);
    expect(refused.stderr).not.toContain('S1notakeyatall');
  });

  it('a corrupt wallet file, with its path and line, and leaves it as it is', async () => {
    const path = join(userDir, 'wallet_broken.yaml');
    const text = STATION_WALLET.replace('Nonce: [113, 122,', 'Nonce: [113,');
    writeFileSync(path, text);
    const refused = await mason(['account', 'export', 'broken']);
    expect(codes(refused.stderr)).toEqual(['MASON_CLI_ACCOUNT_CORRUPT']);
    expect(refused.stderr).toContain(`${path}:5: not a valid Massa wallet file: Nonce has 11 bytes, not 12`);
    expect(readFileSync(path, 'utf8')).toBe(text);
    const garbage = join(userDir, 'wallet_garbage.yaml');
    writeFileSync(garbage, 'Version: 1\nSalt: [1, 2\n');
    expect((await mason(['account', 'export', 'garbage'])).stderr).toContain(`${garbage}:`);
    const listed = await mason(['account', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/broken\s+unreadable: .*Nonce has 11 bytes/);
    rmSync(path);
    rmSync(garbage);
  });
});

describe('deploy and transfer --account', () => {
  let devnet: Devnet;
  beforeAll(async () => {
    mkdirSync(join(project, 'assembly/contracts'), { recursive: true });
    symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(project, 'node_modules'), 'dir');
    const template = fileURLToPath(new URL('../../../templates/token/', import.meta.url));
    copyFileSync(join(template, 'assembly/contracts/token.ts'), join(project, 'assembly/contracts/token.ts'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'signer', private: true, devDependencies: { '@mason/cli': '0.1.0' } }));
    devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true });
    const imported = await mason(['account', 'import', 'signer', '--from-env'], { env: { PRIVATE_KEY: secret(4), MASON_ACCOUNT_PASSWORD: 'pw' } });
    expect(imported.code, imported.stderr).toBe(0);
  }, scaledTimeout(60_000));
  afterAll(() => devnet?.stop());

  it(
    'signs with the named account, after its password; a wrong one sends nothing',
    async () => {
      const node = { MASON_NODE_URL: devnet.urls.public, MASON_NODE_WS_URL: devnet.urls.ws };
      const wrong = await mason(['deploy', '--account', 'signer', '--args', 'string:Coin', 'string:CN', 'u8:9', 'u64:1000'], {
        cwd: project,
        env: { ...node, MASON_ACCOUNT_PASSWORD: 'not-pw' },
      });
      expect(wrong.code).toBe(1);
      expect(codes(wrong.stderr)).toEqual(['MASON_CLI_ACCOUNT_WRONG_PASSWORD']);
      expect(wrong.stderr).toContain('MASON_ACCOUNT_PASSWORD');
      expect(wrong.stdout).not.toContain('Deploying');
      expect(wrong.stdout).not.toContain('build');

      const args = ['--args', 'string:Coin', 'string:CN', 'u8:9', 'u64:1000'];
      const deployed = await mason(['deploy', ...args, '--json'], { cwd: project, env: { ...node, MASON_ACCOUNT: 'signer', MASON_ACCOUNT_PASSWORD: 'pw' } });
      expect(deployed.code, deployed.stderr).toBe(0);
      const { address } = JSON.parse(deployed.stdout.trim().split('\n').at(-1)!);
      const events = JSON.parse(deployed.stdout.trim().split('\n').at(-1)!).events as { data: string }[];
      expect(address).toMatch(/^AS/);
      // The token's constructor mints the supply to its caller: the account named, not devnet account 0.
      expect(events.map((event) => event.data).join('\n')).toContain(addressOf(4));

      const sent = await mason(['transfer', addressOf(5), '1.5', '--account', 'signer', '--json'], {
        cwd: project,
        env: { ...node, MASON_ACCOUNT_PASSWORD: 'pw' },
      });
      expect(sent.code, sent.stderr).toBe(0);
      expect(JSON.parse(sent.stdout)).toMatchObject({ from: addressOf(4), to: addressOf(5), amount: '1.5' });
    },
    scaledTimeout(180_000),
  );
});
