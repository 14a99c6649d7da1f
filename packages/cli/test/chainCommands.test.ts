// The chain from the command line — balance, transfer, events, op, block, status, storage,
// accounts — against a real devnet, with a real contract deployed by `mason deploy` (so names come
// from deployments/local.json), and every refusal with its code.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, getOperations, type Client } from '@mason/client';
import { encodeBlockId, encodeOperationId, SecretKey } from '@mason/codec';
import { devnetAccountKey, startDevnet, type Devnet } from '@mason/devnet';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/chain/assembly/contracts/chain.ts', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'mason-chain-'));
let devnet: Devnet;
let client: Client;
let chain: string;
let second: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function mason(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: root,
      env: { ...process.env, MASON_NODE_URL: devnet.urls.public, MASON_NODE_WS_URL: devnet.urls.ws, NO_COLOR: '1', PRIVATE_KEY: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function ok(args: string[], env?: Record<string, string>): Promise<string> {
  const run = await mason(args, env);
  expect(run.code, `mason ${args.join(' ')}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

const json = async (args: string[], env?: Record<string, string>) => JSON.parse(await ok([...args, '--json'], env));

/** A refusal: exit 1, the code once on stderr, its docs section, nothing on stdout. */
async function refused(args: string[], code: string): Promise<string> {
  const run = await mason(args);
  expect(run.code, `mason ${args.join(' ')}\n${run.stderr}`).toBe(1);
  expect(run.stderr.match(/\[MASON_[A-Z_]+\]/g)).toEqual([`[${code}]`]);
  expect(run.stderr).toContain(`docs/cli.md#${code.toLowerCase()}`);
  expect(run.stdout).toBe('');
  return run.stderr;
}

const operationOf = (stdout: string) => /(O1[1-9A-HJ-NP-Za-km-z]+)/.exec(stdout)![1]!;
const fresh = () => SecretKey.generate().publicKey.address().toString();

beforeAll(async () => {
  symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
  mkdirSync(join(root, 'assembly/contracts'), { recursive: true });
  copyFileSync(fixture, join(root, 'assembly/contracts/chain.ts'));
  copyFileSync(fixture, join(root, 'assembly/contracts/second.ts'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'chain', private: true, devDependencies: { '@mason/cli': '0.1.0' } }));
  devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true });
  client = createClient({ url: devnet.urls.public });
  await ok(['deploy', 'chain', '--args', 'string:Alpha']);
  await ok(['deploy', 'second', '--args', 'string:Beta']);
  const records = JSON.parse(readFileSync(join(root, 'deployments/local.json'), 'utf8'));
  chain = records.contracts.chain.address;
  second = records.contracts.second.address;
}, scaledTimeout(180_000));
afterAll(async () => {
  await client?.close();
  await devnet?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('mason balance', () => {
  it(
    'prints the candidate and final balance of an address or a deployed name',
    async () => {
      const account = devnet.accounts[9]!.address;
      const text = await ok(['balance', account]);
      expect(text).toMatch(/candidate\s+1000000 MAS/);
      expect(text).toMatch(/final\s+1000000 MAS/);
      expect(await json(['balance', account])).toEqual({ address: account, candidate: '1000000', final: '1000000' });
      const named = await json(['balance', 'chain']);
      expect(named).toMatchObject({ address: chain, name: 'chain' });
      expect(Number(named.final)).toBeGreaterThan(0);
    },
    scaledTimeout(60_000),
  );

  it(
    'refuses a bad address and an unknown name, saying what to do',
    async () => {
      expect(await refused(['balance', 'AU1nope'], 'MASON_CLI_INVALID_ADDRESS')).toContain('AU1nope is not a valid Massa address');
      expect(await refused(['balance', 'nosuch'], 'MASON_CLI_UNKNOWN_CONTRACT')).toContain('recorded: chain, second');
    },
    scaledTimeout(60_000),
  );
});

describe('mason transfer', () => {
  it(
    'sends, shows its progress to finality and the operation id; the balance follows',
    async () => {
      const to = fresh();
      const out = await ok(['transfer', to, '1.5', '--from', '1']);
      expect(out).toContain(`Sending 1.5 MAS from ${devnet.accounts[1]!.address} to ${to} on local`);
      expect(out).toContain(`• ${to} holds nothing yet: 0.001 MAS of the amount pays for its ledger entry`);
      expect(out).toMatch(/• sent O1/);
      expect(out).toMatch(/• final/);
      expect(out).toMatch(/status\s+FinalSuccess/);
      const id = operationOf(out);
      const [info] = await getOperations(client, [id]);
      expect(info?.op_exec_status).toBe(true);
      // A new address pays for its ledger entry, as on a Massa node.
      expect(await json(['balance', to])).toMatchObject({ candidate: '1.499', final: '1.499' });

      const result = await json(['transfer', to, '0.25', '--from', '2']);
      expect(result).toMatchObject({ from: devnet.accounts[2]!.address, to, amount: '0.25', stage: 'final', status: 'FinalSuccess' });
      expect(await json(['balance', to])).toMatchObject({ final: '1.749' });
    },
    scaledTimeout(60_000),
  );

  it(
    'signs with PRIVATE_KEY by default, or the key in the variable --from names',
    async () => {
      const to = fresh();
      const key = devnetAccountKey(3).reveal();
      expect(await json(['transfer', to, '1'], { PRIVATE_KEY: key })).toMatchObject({ from: devnet.accounts[3]!.address });
      writeFileSync(join(root, '.env'), `ALICE_KEY=${devnetAccountKey(4).reveal()}\n`);
      try {
        const run = await mason(['transfer', to, '1', '--from', 'ALICE_KEY']);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toContain(`from ${devnet.accounts[4]!.address}`);
        expect(run.stdout + run.stderr).not.toContain(devnetAccountKey(4).reveal());
      } finally {
        rmSync(join(root, '.env'));
      }
      expect(await json(['balance', to])).toMatchObject({ final: '1.999' });
    },
    scaledTimeout(60_000),
  );

  it(
    'refuses bad amounts, an unaffordable one and bad --from before sending anything; never echoes a key',
    async () => {
      const to = fresh();
      for (const [amount, reason] of [
        ['-1', 'is negative'],
        ['1e9999', 'is not a decimal number'],
        ['0.0000000001', 'has more than 9 decimals'],
        ['99999999999', 'exceeds the largest amount'],
        ['abc', 'is not a decimal number'],
      ] as const) {
        expect(await refused(['transfer', to, amount], 'MASON_CLI_INVALID_AMOUNT')).toContain(reason);
      }
      const poor = await refused(['transfer', to, '2000000', '--from', '5'], 'MASON_CLI_CANNOT_AFFORD');
      expect(poor).toContain(`${devnet.accounts[5]!.address} has 1000000 MAS (candidate balance) but sending 2000000 MAS costs 2000000.01 MAS`);
      const key = devnetAccountKey(6).reveal();
      const pasted = await refused(['transfer', to, '1', '--from', key], 'MASON_CLI_INVALID_FROM');
      expect(pasted).toContain('looks like a secret key');
      expect(pasted).not.toContain(key.slice(2, 12));
      expect(await refused(['transfer', to, '1', '--from', 'NO_SUCH_VARIABLE'], 'MASON_CLI_INVALID_FROM')).toContain('there is no variable NO_SUCH_VARIABLE');
      expect(await refused(['transfer', to, '1', '--from', '1', '--network', 'buildnet'], 'MASON_CLI_INVALID_FROM')).toContain('local devnet only');
      expect(await refused(['transfer', 'AU1bad', '1'], 'MASON_CLI_INVALID_ADDRESS')).toContain('AU1bad');
      expect(await json(['balance', to])).toMatchObject({ candidate: '0', final: '0' });
    },
    scaledTimeout(90_000),
  );
});

describe('mason events', () => {
  it(
    'prints events decoded, filtered by emitter, caller or operation',
    async () => {
      const called = await ok(['call', 'chain', 'bump']);
      const id = operationOf(called);
      const all = await ok(['events', '--address', 'chain']);
      expect(all).toContain('created Alpha');
      expect(all).toContain('counter: 1');
      expect(all).not.toContain('created Beta');
      const byOperation = await json(['events', '--operation', id]);
      expect(byOperation.map((e: { data: string }) => e.data)).toEqual(['counter: 1']);
      const byCaller = await json(['events', '--caller', devnet.accounts[0]!.address, '--address', 'second']);
      expect(byCaller.map((e: { data: string }) => e.data)).toEqual(['created Beta']);
      expect(await refused(['events', '--operation', 'O1nope'], 'MASON_CLI_INVALID_OPERATION_ID')).toContain('O1nope is not an operation id');
      expect(await refused(['events', '--address', 'nosuch'], 'MASON_CLI_UNKNOWN_CONTRACT')).toContain('no contract named "nosuch"');
    },
    scaledTimeout(60_000),
  );

  for (const transport of ['WebSocket', 'polling'] as const) {
    it(
      `--follow (${transport}): history, then new events as they execute (a nested call, an asynchronous message) until Ctrl-C`,
      async () => {
        const env: Record<string, string> = {
          MASON_NODE_URL: devnet.urls.public,
          MASON_NODE_WS_URL: transport === 'WebSocket' ? devnet.urls.ws : '',
          NO_COLOR: '1',
          PRIVATE_KEY: '',
        };
        // Polling prints JSON lines, one event a line, as scripts read them.
        const json = transport === 'polling' ? ['--json'] : [];
        const child = spawn(process.execPath, [bin, 'events', '--address', 'second', '--follow', ...json], { cwd: root, env: { ...process.env, ...env } });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c) => (stdout += c));
        child.stderr.on('data', (c) => (stderr += c));
        const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
        const until = async (text: string) => {
          const deadline = Date.now() + scaledTimeout(30_000);
          while (!stdout.includes(text)) {
            if (Date.now() > deadline) throw new Error(`no "${text}" in: ${stdout}\n${stderr}`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };
        try {
          await until('created Beta');
          const before = (stdout.match(/counter: /g) ?? []).length;
          await ok(['call', 'chain', 'relay', '--args', `string:${second}`]);
          await until(`counter: ${before + 1}`);
          await ok(['call', 'second', 'later']);
          await until('pinged by an asynchronous message');
          if (transport === 'WebSocket') expect(stdout).toMatch(/async msg\s+pinged by an asynchronous message/);
          else {
            const events = stdout
              .trim()
              .split('\n')
              .map((line) => JSON.parse(line));
            const pinged = events.find((e) => e.data === 'pinged by an asynchronous message');
            expect(pinged.context.async_msg_id).not.toBeNull();
            expect(events[0].data).toBe('created Beta');
          }
          expect(stdout).not.toContain('relaying to');
        } finally {
          child.kill('SIGINT');
        }
        expect(await exited).toBe(0);
        expect(stderr).not.toContain('error');
        if (transport === 'polling') expect(stderr).toBe('');
      },
      scaledTimeout(120_000),
    );
  }
});

describe('mason op', () => {
  it(
    'a successful call: final, success, its block, gas and events',
    async () => {
      const id = operationOf(await ok(['call', 'chain', 'bump']));
      const text = await ok(['op', id]);
      expect(text).toMatch(/status\s+final, success/);
      expect(text).toMatch(/block\s+B1/);
      expect(text).toMatch(new RegExp(`what\\s+call ${chain}\\.bump with 0 MAS`));
      expect(text).toMatch(/gas used\s+[\d,]+ of [\d,]+ max/);
      expect(text).toMatch(/counter: \d+/);
      const data = await json(['op', id]);
      expect(data).toMatchObject({ id, stage: 'final', outcome: 'success', from: devnet.accounts[0]!.address });
      expect(data.gasUsed).toBeGreaterThan(0);
      const [info] = await getOperations(client, [id]);
      expect(data.block).toBe(info!.in_blocks[0]);
      // On a Mason devnet the trace follows the events: the call tree, as `mason trace` prints it.
      expect(text).toMatch(new RegExp(`trace\\s*\\n(.*\\n)*\\s+(chain|${chain})\\.bump {2}from AU`));
      expect(data.trace).toMatchObject({ version: 1, ok: true, root: { function: 'bump' } });
    },
    scaledTimeout(60_000),
  );

  it(
    'a failed call: failure, with the events it emitted and the error',
    async () => {
      const call = await mason(['call', 'chain', 'explode', '--max-gas', '50000000']);
      expect(call.code).toBe(1);
      const text = await ok(['op', operationOf(call.stdout)]);
      expect(text).toMatch(/status\s+final, failure/);
      expect(text).toContain('about to explode');
      expect(text).toContain('exploded on purpose');
      expect(text).toMatch(/✗ .*exploded on purpose/);
    },
    scaledTimeout(60_000),
  );

  it(
    'a transfer, and refusals: a malformed id, an id the node does not know',
    async () => {
      const id = operationOf(await ok(['transfer', fresh(), '0.5']));
      expect(await ok(['op', id])).toMatch(/what\s+transfer 0.5 MAS to AU1/);
      expect(await refused(['op', 'O1abc'], 'MASON_CLI_INVALID_OPERATION_ID')).toContain('O1abc is not an operation id');
      const unknown = encodeOperationId(new Uint8Array(32).fill(9));
      expect(await refused(['op', unknown], 'MASON_CLI_UNKNOWN_OPERATION')).toContain(`does not know operation ${unknown}`);
    },
    scaledTimeout(60_000),
  );
});

describe('mason block and mason status', () => {
  it(
    'latest and by id: status, slot, creator, operations',
    async () => {
      const id = operationOf(await ok(['transfer', fresh(), '0.5']));
      const [info] = await getOperations(client, [id]);
      const blockId = info!.in_blocks[0]!;
      const text = await ok(['block', blockId]);
      expect(text).toMatch(/status\s+final/);
      expect(text).toContain(`${id}  Transaction`);
      const latest = await json(['block', 'latest']);
      const block = await json(['block', blockId]);
      expect(block.operations).toEqual([{ id, from: devnet.accounts[0]!.address, success: true }]);
      const slot = (b: { block: { header: { content: { slot: { period: number; thread: number } } } } }) => b.block.header.content.slot;
      expect(slot(latest).period * 32 + slot(latest).thread).toBeGreaterThanOrEqual(slot(block).period * 32 + slot(block).thread);
      expect(await refused(['block', 'B1nope'], 'MASON_CLI_INVALID_BLOCK_ID')).toContain('B1nope is not a block id');
      const unknown = encodeBlockId(new Uint8Array(32).fill(3));
      expect(await refused(['block', unknown], 'MASON_CLI_UNKNOWN_BLOCK')).toContain(unknown);
    },
    scaledTimeout(60_000),
  );

  it(
    "status: the node's version, chain id, cursors",
    async () => {
      const text = await ok(['status']);
      expect(text).toMatch(/chain id\s+77/);
      expect(text).toMatch(/final\s+period \d+, thread \d+/);
      expect(await json(['status'])).toMatchObject({ network: 'local', chain_id: 77, minimal_fees: '0.01' });
    },
    scaledTimeout(60_000),
  );
});

describe('mason storage', () => {
  it(
    'lists keys (text where printable, hex otherwise) with their values, or reads one decoded',
    async () => {
      const list = await ok(['storage', 'chain']);
      expect(list).toMatch(/^ {2}0x000102\s+0x0201000000000000$/m);
      expect(list).toMatch(/^ {2}name\s+Alpha$/m);
      expect(list).toMatch(/^ {2}counter\s+0x/m);
      expect(await ok(['storage', 'chain', 'name'])).toMatch(/value\s+"Alpha"/);
      expect(await ok(['storage', 'chain', '0x000102', '--returns', 'u64'])).toMatch(/value\s+258/);
      expect(await json(['storage', 'second', 'name'])).toMatchObject({ address: second, key: 'name', value: 'Beta', hex: '42657461' });
      expect((await json(['storage', 'chain', '--prefix', 'na'])).entries).toEqual([{ key: 'name', keyHex: '6e616d65', valueHex: '416c706861' }]);
      const counter = await json(['storage', 'chain', 'counter', '--returns', 'u64']);
      expect(Number(counter.value)).toBeGreaterThan(0);
    },
    scaledTimeout(60_000),
  );

  it(
    'refuses a missing key (listing those it has), bad hex, and bytes of another type',
    async () => {
      expect(await refused(['storage', 'chain', 'nmae'], 'MASON_CLI_NO_SUCH_KEY')).toContain(
        `${chain} has no datastore key nmae on local (its keys: 0x000102, counter, name)`,
      );
      expect(await refused(['storage', 'chain', '0xzz'], 'MASON_CLI_INVALID_KEY')).toContain('after 0x come hex digits');
      expect(await refused(['storage', 'chain', 'name', '--returns', 'bool'], 'MASON_CLI_BAD_RETURNS')).toContain('a bool is one byte');
      expect(await refused(['storage', 'AS1bad'], 'MASON_CLI_INVALID_ADDRESS')).toContain('AS1bad');
    },
    scaledTimeout(60_000),
  );
});

describe('mason accounts', () => {
  it(
    'lists the funded development accounts with balances, never their keys',
    async () => {
      const run = await mason(['accounts']);
      expect(run.code, run.stderr).toBe(0);
      for (const account of devnet.accounts) expect(run.stdout).toContain(account.address);
      for (const account of devnet.accounts) expect(run.stdout + run.stderr).not.toContain(account.secretKey.reveal());
      const rows = await json(['accounts']);
      expect(rows.map((row: { index: number }) => row.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(rows[9]).toEqual({ index: 9, address: devnet.accounts[9]!.address, candidate: '1000000', final: '1000000' });
      expect((await json(['accounts', '--count', '12']))[11]).toMatchObject({ index: 11, final: '0' });
      expect(await refused(['accounts', '--network', 'buildnet'], 'MASON_CLI_DEVNET_ONLY')).toContain('--network buildnet is not local');
    },
    scaledTimeout(60_000),
  );
});
