// `mason codegen` on a project: the bindings it writes type-check under strict TypeScript, and drive
// a deployed token on a real in-process devnet through @mason/client and through massa-web3; its
// AssemblyScript callers make a contract call the token.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Account, createClient, type Client } from '@mason/client';
import { MAS, parseAbi } from '@mason/codec';
import { CODEGEN_HEADER, generateAsBindings, generateTsBindings } from '@mason/compiler';
import { startDevnet, type Devnet } from '@mason/devnet';
import { runProcess, scaledTimeout } from '@mason/test-utils';
import { Account as Web3Account, JsonRpcProvider, OperationStatus } from '@massalabs/massa-web3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const template = join(repo, 'templates/token');
const fixtures = fileURLToPath(new URL('fixtures/codegen/', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'mason-codegen-'));

function mason(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const read = (path: string) => readFileSync(join(root, path), 'utf8');
const bytes = (path: string) => new Uint8Array(readFileSync(join(root, path)));
const bytecode = (name: string) => ({ deployer: bytes(`build/${name}.deployer.wasm`), wasm: bytes(`build/${name}.wasm`) });
/** A generated module, loaded at run time (its types are checked by the type-check test). */
const load = (path: string): Promise<any> => import(pathToFileURL(join(root, path)).href);

/** A contract that calls the token through its generated AssemblyScript class. */
const VAULT = `import { Address, Args, u64ToBytes } from '@mason/sdk';
import { TokenRef } from '../generated/token';

export function pay(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const token = new Address(args.nextString().expect('token is missing'));
  const to = new Address(args.nextString().expect('to is missing'));
  const amount = args.nextU64().expect('amount is missing');
  new TokenRef(token).transfer(to, amount);
}

export function tokenBalance(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const token = new Address(args.nextString().expect('token is missing'));
  const who = args.nextString().expect('who is missing');
  return u64ToBytes(new TokenRef(token).balanceOf(who));
}
`;

let devnet: Devnet;
let client: Client;

beforeAll(async () => {
  // The generated modules import @mason/* and @massalabs/massa-web3, as a user's project has them.
  mkdirSync(join(root, 'node_modules'));
  const cliModules = fileURLToPath(new URL('../node_modules/', import.meta.url));
  for (const entry of readdirSync(cliModules)) symlinkSync(join(cliModules, entry), join(root, 'node_modules', entry), 'dir');
  symlinkSync(join(repo, 'node_modules/@massalabs'), join(root, 'node_modules/@massalabs'), 'dir');
  mkdirSync(join(root, 'assembly/contracts'), { recursive: true });
  copyFileSync(join(template, 'assembly/contracts/token.ts'), join(root, 'assembly/contracts/token.ts'));
  const { mason: config } = JSON.parse(readFileSync(join(template, 'package.json'), 'utf8'));
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ name: 'codegen', private: true, type: 'module', devDependencies: { '@mason/cli': '0.1.0' }, mason: config }),
  );
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true });
  client = createClient({ url: devnet.urls.public, wsUrl: devnet.urls.ws });
}, scaledTimeout(60_000));

afterAll(async () => {
  await client?.close();
  await devnet?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('mason codegen', () => {
  it("mason build writes the bindings package.json asks for: the token template's, byte for byte", async () => {
    const built = await mason(['build']);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toMatch(/src\/contracts\/token\.js\s+written/);
    // The template's committed bindings are what its build writes: they are up to date with its contract.
    expect(read('src/contracts/token.js')).toBe(readFileSync(join(template, 'src/contracts/token.js'), 'utf8'));
    expect(read('src/contracts/token.js')).toContain(CODEGEN_HEADER);

    const again = await mason(['codegen', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ files: [{ contract: 'token', kind: 'js', path: 'src/contracts/token.js', written: false }] });
  }, 240_000);

  it('writes TypeScript over @mason/client or massa-web3, and AssemblyScript callers; refuses what it cannot do', async () => {
    const ts = await mason(['codegen', '--language', 'ts', '--out', 'src/mason']);
    expect(ts.code, ts.stderr).toBe(0);
    expect(ts.stdout).toMatch(/src\/mason\/token\.ts\s+written/);
    expect(read('src/mason/token.ts')).toContain("from '@mason/client'");
    const web3 = await mason(['codegen', 'token', '--target', 'massa-web3', '--language', 'ts', '--out', 'src/web3', '--as']);
    expect(web3.code, web3.stderr).toBe(0);
    expect(read('src/web3/token.ts')).toContain("from '@massalabs/massa-web3'");
    expect(read('src/web3/token.ts')).not.toContain('@mason/');
    expect(read('assembly/generated/token.ts')).toContain('export class TokenRef');

    const missing = await mason(['codegen', 'vault']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('MASON_COMPILER_CODEGEN_NOT_BUILT');
    expect(missing.stderr).toContain('it has no contract "vault" (built: token)');
    const target = await mason(['codegen', '--target', 'ethers']);
    expect(target.code).toBe(1);
    expect(target.stderr).toContain('The codegen option `target` is ethers; expected mason or massa-web3');
    const language = await mason(['codegen', '--language', 'rust']);
    expect(language.stderr).toContain('The codegen option `language` is rust; expected ts or js');
  }, 120_000);

  it('the modules type-check under strict TypeScript, with the types of each function', async () => {
    // The official SDK's standards-like contracts (an MRC20 with u256, every Args type, structs,
    // unknowns) and hand-made corner cases, in both targets.
    for (const name of ['coin', 'types', 'edge']) {
      const abi = parseAbi(readFileSync(join(fixtures, `${name}.abi.json`), 'utf8'));
      for (const target of ['mason', 'massa-web3'] as const) {
        const text = generateTsBindings(abi, { target, abiPath: `build/${name}.abi.json` });
        expect(generateTsBindings(abi, { target, abiPath: `build/${name}.abi.json` })).toBe(text);
        mkdirSync(join(root, 'src/fixtures'), { recursive: true });
        writeFileSync(join(root, `src/fixtures/${name}.${target}.ts`), text);
      }
    }
    // Uses that must type-check, and misuses that must not (an unused @ts-expect-error is an error too).
    writeFileSync(
      join(root, 'src/uses.ts'),
      `import { Token as MasonToken } from './mason/token.js';
import { Token as Web3Token } from './web3/token.js';
import { EdgeCases, decodeEvent } from './fixtures/edge.mason.js';
import { Coin } from './fixtures/coin.massa-web3.js';

export async function uses(mason: MasonToken, web3: Web3Token, edge: EdgeCases, coin: Coin): Promise<void> {
  const balance: bigint = await mason.balanceOf('AU1');
  const decimals: number = await web3.decimals();
  const pair: [bigint, bigint] = await edge.pair();
  const raw: Uint8Array = await edge.mystery(new Uint8Array([1]));
  const big: bigint = await coin.balanceOf('AU1');
  await mason.transfer('AU1', 5n, { wait: 'final', maxGas: 10_000_000n });
  await edge.flags(true);
  const event = decodeEvent('DONE');
  if (event?.event === 'SCALE' && 'factor' in event) event.factor.toFixed();
  // @ts-expect-error: an amount is a bigint
  await mason.transfer('AU1', 5);
  // @ts-expect-error: balanceOf takes an address
  await web3.balanceOf();
  // @ts-expect-error: a function whose parameters are unknown takes bytes, not values
  await edge.mystery(5);
  void [balance, decimals, pair, raw, big];
}
`,
    );
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          types: [],
          skipLibCheck: true,
          exactOptionalPropertyTypes: true,
          noUnusedLocals: true,
          noUnusedParameters: true,
          noUncheckedIndexedAccess: true,
          noImplicitReturns: true,
          verbatimModuleSyntax: true,
        },
        include: ['src/**/*.ts'],
      }),
    );
    const tsc = await runProcess(join(repo, 'node_modules/.bin/tsc'), ['-p', join(root, 'tsconfig.json'), '--pretty', 'false'], { cwd: root });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);

    // Event texts, decoded as the ABI describes them: a text pattern, variants of one name, numbers and bools.
    const { decodeEvent } = await load('src/fixtures/edge.mason.ts');
    expect(decodeEvent('Sum: 2 + -3 = -1 {ok}')).toEqual({ event: 'Sum: {a} + {b} = {} {{ok}}', a: 2, b: -3, field3: -1 });
    expect(decodeEvent('Sum: 2 + x = -1 {ok}')).toBeNull();
    expect(decodeEvent('SCALE:1.5,true')).toEqual({ event: 'SCALE', factor: 1.5, on: true });
    expect(decodeEvent('SCALE:7')).toEqual({ event: 'SCALE', percent: 7 });
    expect(decodeEvent('SCALE:1.5,yes')).toBeNull();
    expect(decodeEvent('DONE')).toEqual({ event: 'DONE' });
    expect(decodeEvent('DONE:1')).toBeNull();
  }, 240_000);

  it('refuses a package.json codegen setting it does not know, naming it', async () => {
    const path = join(root, 'package.json');
    const saved = readFileSync(path, 'utf8');
    try {
      writeFileSync(path, JSON.stringify({ ...JSON.parse(saved), mason: { codegen: { output: 'src' } } }));
      const run = await mason(['codegen']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('The codegen option `mason.codegen.output` is "src"; expected one of the options out, asOut, target, language, as, asSdk');
    } finally {
      writeFileSync(path, saved);
    }
  }, 60_000);

  it('drive a deployed token through @mason/client', async () => {
    const { deploy, decodeEvent, Token } = await load('src/mason/token.ts');
    const [owner, alice] = devnet.accounts.map((a) => Account.fromSecretKey(a.secretKey));
    const token = await deploy(client, owner, bytecode('token'), 'Mason Token', 'MSN', 9, 1_000_000n, { coins: MAS / 10n });
    expect(token.address).toMatch(/^AS/);
    expect(await token.name()).toBe('Mason Token');
    expect(await token.decimals()).toBe(9);
    expect(await token.balanceOf(owner!.address.toString())).toBe(1_000_000n);

    const sent = await token.transfer(alice!.address.toString(), 250n, { wait: 'final' });
    expect(await sent.status()).toBe('FinalSuccess');
    expect(token.decodeEvents(await sent.events({ final: true }))).toEqual([
      { event: 'TRANSFER', from: owner!.address.toString(), to: alice!.address.toString(), amount: 250n },
    ]);
    expect(await token.balanceOf(alice!.address.toString())).toBe(250n);
    // A read of a writing function runs it read-only: nothing changes.
    await token.read.transfer(alice!.address.toString(), 1n, { caller: owner!.address.toString() });
    expect(await token.balanceOf(alice!.address.toString())).toBe(250n);
    // Signed by another account; a call that would fail is refused by its gas estimate.
    await expect(token.mint(alice!.address.toString(), 1n, { account: alice })).rejects.toThrow(/only the owner can mint/);
    const reader = new Token(client, token.address);
    await expect(reader.transfer(alice!.address.toString(), 1n)).rejects.toMatchObject({ code: 'MASON_CLIENT_INVALID_ARGUMENT' });
    expect(decodeEvent('MINT:AU1,notanumber')).toBeNull();
  }, 120_000);

  it('drive a deployed token through a massa-web3 Provider', async () => {
    const { deploy, Token } = await load('src/web3/token.ts');
    const owner = await Web3Account.fromPrivateKey(devnet.accounts[2]!.secretKey.reveal());
    const bob = devnet.accounts[3]!.address.toString();
    const provider = JsonRpcProvider.fromRPCUrl(devnet.urls.public, owner);
    const token = await deploy(provider, bytes('build/token.wasm'), 'Web3 Token', 'W3T', 6, 5_000n, { coins: MAS / 10n, waitFinalExecution: true });
    expect(await token.symbol()).toBe('W3T');
    expect(await token.owner()).toBe(owner.address.toString());
    expect(await token.totalSupply()).toBe(5_000n);

    const sent = await token.transfer(bob, 1_200n, { wait: 'final' });
    expect(await sent.getStatus()).toBe(OperationStatus.Success);
    expect(token.decodeEvents(await sent.getFinalEvents())).toEqual([{ event: 'TRANSFER', from: owner.address.toString(), to: bob, amount: 1_200n }]);
    expect(await token.balanceOf(bob)).toBe(1_200n);
    expect(await token.read.allowance(owner.address.toString(), bob)).toBe(0n);
    // A PublicProvider reads but cannot sign.
    const reader = new Token(JsonRpcProvider.fromRPCUrl(devnet.urls.public), token.address);
    expect(await reader.balanceOf(owner.address.toString())).toBe(3_800n);
    await expect(reader.transfer(bob, 1n)).rejects.toThrow(/needs a Provider with an account/);
  }, 120_000);

  it('an AssemblyScript caller class lets a contract call the token (cross-contract calls on the devnet)', async () => {
    writeFileSync(join(root, 'assembly/contracts/vault.ts'), VAULT);
    const built = await mason(['build']);
    expect(built.code, built.stdout + built.stderr).toBe(0);
    const generated = await mason(['codegen', 'vault', '--language', 'ts', '--out', 'src/mason']);
    expect(generated.code, generated.stderr).toBe(0);
    const { deploy: deployToken } = await load('src/mason/token.ts');
    const { deploy: deployVault } = await load('src/mason/vault.ts');
    const [owner, , , , alice] = devnet.accounts.map((a) => Account.fromSecretKey(a.secretKey));
    const token = await deployToken(client, owner, bytecode('token'), 'Vault Token', 'VLT', 0, 1_000n, { coins: MAS / 10n });
    const vault = await deployVault(client, owner, bytecode('vault'));
    await token.transfer(vault.address, 500n, { wait: 'final' });
    // pay → TokenRef.transfer: the vault moves its own tokens.
    const paid = await vault.pay(token.address, alice!.address.toString(), 200n, { wait: 'final' });
    expect(await paid.status()).toBe('FinalSuccess');
    expect(await token.balanceOf(alice!.address.toString())).toBe(200n);
    // tokenBalance → TokenRef.balanceOf, in a read-only call.
    expect(await vault.tokenBalance(token.address, vault.address)).toBe(300n);
    expect(token.decodeEvents(await paid.events({ final: true }))).toEqual([
      { event: 'TRANSFER', from: vault.address, to: alice!.address.toString(), amount: 200n },
    ]);
  }, 240_000);
});

describe('generateAsBindings', () => {
  it("writes the official SDK's style for a massa-as-sdk project (u256 from as-bignum), and bytes for what it cannot type", () => {
    const coin = generateAsBindings(parseAbi(readFileSync(join(fixtures, 'coin.abi.json'), 'utf8')), { sdk: 'massa', abiPath: 'build/coin.abi.json' });
    expect(coin).toContain("import { Address, call } from '@massalabs/massa-as-sdk';");
    expect(coin).toContain("import { u256 } from 'as-bignum/assembly';");
    expect(coin).toContain('transfer(to: Address, amount: u256, coins: u64 = 0): void {');
    const edge = generateAsBindings(parseAbi(readFileSync(join(fixtures, 'edge.abi.json'), 'utf8')), { sdk: 'mason', abiPath: 'build/edge.abi.json' });
    expect(edge).toContain('mystery(args: Args, coins: u64 = 0): StaticArray<u8> {');
    expect(edge).toContain('pair(coins: u64 = 0): Args {');
    expect(edge).toContain('flags(args: Args, coins: u64 = 0): bool {');
  });
});
