import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAS, parseMas, SecretKey } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirError } from '../src/index.js';
import { call, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// A real chain is written once (real signed transfers, each final in its own block), then each
// test starts a devnet on a damaged or edited copy of its data directory.

const root = mkdtempSync(join(tmpdir(), 'mason-journal-'));
const pristine = join(root, 'pristine');
const recipient = SecretKey.generate().publicKey.address().toString();
const ids: string[] = [];
let recipientFinal = '';
let genesis = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const journalOf = (dir: string) => join(dir, 'final-blocks.jsonl');
const chainOf = (dir: string) => join(dir, 'chain.json');
const linesOf = (dir: string) => readFileSync(journalOf(dir), 'utf8').split('\n').slice(0, -1);
const writeLines = (dir: string, lines: string[]) => writeFileSync(journalOf(dir), lines.map((l) => l + '\n').join(''));
/** The line rewritten with a checksum matching its new payload (what a careful editor would do). */
const resum = (line: string) => `${sha256(line.slice(65))} ${line.slice(65)}`;

let copies = 0;
function copy(): string {
  const dir = join(root, `copy-${copies++}`);
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

/** Starts on dir, expects a refusal; checks the files were left exactly as they were. */
async function refusal(dir: string): Promise<DataDirError> {
  const files = [journalOf(dir), chainOf(dir)].filter(existsSync).map((f) => [f, readFileSync(f)] as const);
  const error = await startTestDevnet({ dataDir: dir, log: () => {} }).then(
    async (devnet) => {
      await devnet.stop();
      throw new Error('the devnet started');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DataDirError);
  for (const [file, bytes] of files) expect(readFileSync(file).equals(bytes), `${file} was modified`).toBe(true);
  return error as DataDirError;
}

function expectCorrupt(error: DataDirError, file: string, line: number | null, reason: RegExp): void {
  expect(error.code).toBe('MASON_DEVNET_DATA_CORRUPT');
  expect(error.message).toContain(line === null ? `${file} is corrupt` : `${file} line ${line} is corrupt`);
  expect(error.message).toMatch(reason);
  expect(error.message).toMatch(/Restore the data directory from a backup, or start a new chain with `mason node --reset`/);
}

beforeAll(async () => {
  const devnet = await startTestDevnet({ dataDir: pristine, log: () => {} });
  for (let i = 0; i < 4; i++) {
    const id = await sendOp(devnet, devnet.accounts[i]!.secretKey, { type: 'Transaction', recipient, amount: MAS + BigInt(i) });
    await waitFinal(devnet, id);
    ids.push(id);
  }
  recipientFinal = (await call(devnet.urls.public, 'get_addresses', [[recipient]]))[0].final_balance;
  genesis = (await call(devnet.urls.public, 'get_status')).config.genesis_timestamp;
  await devnet.stop();
  expect(linesOf(pristine).length).toBeGreaterThanOrEqual(4);
}, 60_000);

describe('journal integrity: only a torn last line is cut, anything else refuses to start', () => {
  it('a copy of the data directory starts with every final operation', async () => {
    const dir = copy();
    const devnet = await startTestDevnet({ dataDir: dir, log: () => {} });
    try {
      const infos = await call(devnet.urls.public, 'get_operations', [ids]);
      expect(infos.map((i: any) => [i.is_operation_final, i.op_exec_status])).toEqual(ids.map(() => [true, true]));
      expect((await call(devnet.urls.public, 'get_addresses', [[recipient]]))[0].final_balance).toBe(recipientFinal);
    } finally {
      await devnet.stop();
    }
  });

  it('one bad byte in the middle of the journal', async () => {
    const dir = copy();
    const bytes = readFileSync(journalOf(dir));
    const lineStarts = [0, ...[...bytes.keys()].filter((i) => bytes[i] === 0x0a).map((i) => i + 1)];
    const at = lineStarts[1]! + 5_000; // inside line 2
    bytes[at] = bytes[at] === 0x41 ? 0x42 : 0x41;
    writeFileSync(journalOf(dir), bytes);
    expectCorrupt(await refusal(dir), journalOf(dir), 2, /checksum does not match its content/);
  });

  it('a newline written into the middle of a line', async () => {
    const dir = copy();
    const lines = linesOf(dir);
    lines[1] = `${lines[1]!.slice(0, 3000)}\n${lines[1]!.slice(3001)}`;
    writeLines(dir, lines);
    expectCorrupt(await refusal(dir), journalOf(dir), 2, /checksum does not match/);
  });

  it('a valid-JSON edit: a balance raised by 1,000 MAS', async () => {
    const dir = copy();
    const lines = linesOf(dir);
    const edited = lines[0]!.replace(
      /("kind":"balance","address":"AU\w+","value":\{"\$n":")(\d+)/,
      (_, head: string, value: string) => head + (BigInt(value) + 1000n * MAS).toString(),
    );
    expect(edited).not.toBe(lines[0]);
    lines[0] = edited;
    writeLines(dir, lines);
    expectCorrupt(await refusal(dir), journalOf(dir), 1, /checksum does not match its content \(the line was edited or damaged\)/);
  });

  it('a valid-JSON edit: an operation result flipped', async () => {
    const dir = copy();
    const lines = linesOf(dir);
    const index = lines.findIndex((l) => l.includes(`["${ids[2]}",true]`));
    expect(index).toBeGreaterThanOrEqual(0);
    lines[index] = lines[index]!.replace(`["${ids[2]}",true]`, `["${ids[2]}",false]`);
    writeLines(dir, lines);
    expectCorrupt(await refusal(dir), journalOf(dir), index + 1, /checksum does not match/);
  });

  it('an edit whose checksum was recomputed breaks the chain at the next line', async () => {
    const dir = copy();
    const lines = linesOf(dir);
    lines[0] = resum(lines[0]!.replace(/"operationResults":\[\["(\w+)",true\]/, '"operationResults":[["$1",false]'));
    writeLines(dir, lines);
    expectCorrupt(await refusal(dir), journalOf(dir), 2, /does not follow the line before it/);
  });

  it('an old block appended again (the final cursor moving back)', async () => {
    const dir = copy();
    const lines = linesOf(dir);
    appendFileSync(journalOf(dir), lines[0] + '\n');
    expectCorrupt(await refusal(dir), journalOf(dir), lines.length + 1, /does not follow the line before it \(a line was removed, reordered or appended again/);
  });

  it('an old block appended again with every checksum recomputed: refused by slot order', async () => {
    const dir = copy();
    const lines = linesOf(dir);
    lines.push(lines[0]!);
    // Re-chain the whole journal from chain.json's checksum, as a forger would.
    let prev = JSON.parse(readFileSync(chainOf(dir), 'utf8')).checksum as string;
    const rechained = lines.map((line) => {
      const payload = `{"prev":"${prev}"${line.slice(65 + 9 + 64 + 1)}`;
      prev = sha256(payload);
      return `${prev} ${payload}`;
    });
    writeLines(dir, rechained);
    expectCorrupt(await refusal(dir), journalOf(dir), lines.length, /is not after the final block before it/);
  });

  it('a line removed from the middle', async () => {
    const dir = copy();
    const lines = linesOf(dir);
    lines.splice(1, 1);
    writeLines(dir, lines);
    expectCorrupt(await refusal(dir), journalOf(dir), 2, /does not follow the line before it/);
  });

  it('two lines swapped', async () => {
    const dir = copy();
    const lines = linesOf(dir);
    [lines[1], lines[2]] = [lines[2]!, lines[1]!];
    writeLines(dir, lines);
    expectCorrupt(await refusal(dir), journalOf(dir), 2, /does not follow the line before it/);
  });

  it("the journal of another chain's data directory", async () => {
    const other = join(root, 'other');
    const devnet = await startTestDevnet({ dataDir: other, log: () => {} });
    await waitFinal(devnet, await sendOp(devnet, devnet.accounts[0]!.secretKey, { type: 'Transaction', recipient, amount: MAS }));
    await devnet.stop();
    const dir = copy();
    cpSync(journalOf(other), journalOf(dir));
    expectCorrupt(await refusal(dir), journalOf(dir), 1, /or the journal belongs to another chain\.json/);
  });

  it('a damaged line end after the last record', async () => {
    const dir = copy();
    const bytes = readFileSync(journalOf(dir));
    bytes[bytes.length - 1] = 0x20;
    writeFileSync(journalOf(dir), bytes);
    expectCorrupt(await refusal(dir), journalOf(dir), linesOf(pristine).length, /its line end was damaged/);
  });

  it('chain.json edited (genesis moved) or damaged', async () => {
    const dir = copy();
    const identity = JSON.parse(readFileSync(chainOf(dir), 'utf8'));
    writeFileSync(chainOf(dir), JSON.stringify({ ...identity, genesisTimestamp: identity.genesisTimestamp - 60_000 }, null, 2));
    expectCorrupt(await refusal(dir), chainOf(dir), null, /its checksum does not match its content/);

    const text = readFileSync(chainOf(pristine), 'utf8');
    writeFileSync(chainOf(dir), text.replace('"t0": ', '"t0" '));
    expectCorrupt(await refusal(dir), chainOf(dir), 5, /it is not valid JSON/);
  });

  it('a missing journal next to chain.json, or a journal with records without chain.json', async () => {
    const withoutJournal = copy();
    unlinkSync(journalOf(withoutJournal));
    const a = await refusal(withoutJournal);
    expect(a.code).toBe('MASON_DEVNET_DATA_MISSING');
    expect(a.message).toContain(`${withoutJournal} holds chain.json but not final-blocks.jsonl`);
    expect(a.message).toMatch(/--reset/);
    expect(existsSync(journalOf(withoutJournal))).toBe(false);

    const withoutChain = copy();
    unlinkSync(chainOf(withoutChain));
    const b = await refusal(withoutChain);
    expect(b.code).toBe('MASON_DEVNET_DATA_MISSING');
    expect(b.message).toContain(`${withoutChain} holds final-blocks.jsonl but not chain.json`);
    expect(existsSync(chainOf(withoutChain))).toBe(false);
  });

  it('a torn last line (a crash in the middle of an append) is cut, said, and nothing final is lost', async () => {
    const dir = copy();
    const lines = linesOf(dir);
    appendFileSync(journalOf(dir), lines[1]!.slice(0, 7_000));
    const logged: string[] = [];
    const devnet = await startTestDevnet({ dataDir: dir, log: (m) => logged.push(m) });
    try {
      expect(logged).toEqual([
        `cut the incomplete last line of ${journalOf(dir)} (line ${lines.length + 1}, 7000 bytes): an append interrupted by a crash or a full disk; its block had not been reported final`,
      ]);
      expect(readFileSync(journalOf(dir)).equals(readFileSync(journalOf(pristine)))).toBe(true);
      const infos = await call(devnet.urls.public, 'get_operations', [ids]);
      expect(infos.map((i: any) => [i.is_operation_final, i.op_exec_status])).toEqual(ids.map(() => [true, true]));
      expect((await call(devnet.urls.public, 'get_addresses', [[recipient]]))[0].final_balance).toBe(recipientFinal);
      // The chain goes on, and the next start verifies what this run appended.
      await waitFinal(devnet, await sendOp(devnet, devnet.accounts[5]!.secretKey, { type: 'Transaction', recipient, amount: MAS }));
    } finally {
      await devnet.stop();
    }
    const again = await startTestDevnet({ dataDir: dir, log: () => {} });
    const [r] = await call(again.urls.public, 'get_addresses', [[recipient]]);
    expect(parseMas(r.final_balance)).toBe(parseMas(recipientFinal) + MAS);
    await again.stop();
  });

  it('a data directory of the earlier format (journal without checksums) is refused, naming chain.json and --reset', async () => {
    const dir = copy();
    const identity = JSON.parse(readFileSync(chainOf(dir), 'utf8'));
    // Format 1 as the earlier Mason wrote it: the identity without checksum, bare JSON lines.
    const { checksum: _, ...format1 } = { ...identity, format: 1 };
    writeFileSync(chainOf(dir), JSON.stringify(format1, null, 2));
    writeLines(
      dir,
      linesOf(dir).map((line) => line.slice(65 + 9 + 64 + 2 + 8, -1)),
    );
    expect(() => JSON.parse(linesOf(dir)[0]!)).not.toThrow();
    const error = await refusal(dir);
    expect(error.code).toBe('MASON_DEVNET_DATA_OLD_FORMAT');
    expect(error.message).toBe(
      `${chainOf(dir)} was written by an earlier version of Mason (data format 1; this version reads format 2, whose journal records are checksummed and chained). ` +
        'Start a new chain with `mason node --reset` (in process: startDevnet({ reset: true })), which deletes it, or use the Mason version that wrote it.',
    );
  });

  it('reset starts a new chain after saying what it deletes, and leaves other files alone', async () => {
    const dir = copy();
    const bytes = readFileSync(journalOf(dir));
    bytes[100] = bytes[100]! ^ 1;
    writeFileSync(journalOf(dir), bytes);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    await refusal(dir);
    const logged: string[] = [];
    const devnet = await startTestDevnet({ dataDir: dir, reset: true, log: (m) => logged.push(m) });
    try {
      expect(logged).toEqual([
        `reset: deleting the chain in ${dir} (chain.json, final-blocks.jsonl, clock.json; ${linesOf(pristine).length} final blocks) and starting a new one`,
      ]);
      expect((await call(devnet.urls.public, 'get_status')).config.genesis_timestamp).not.toBe(genesis);
      const infos = await call(devnet.urls.public, 'get_operations', [ids]);
      expect(infos).toEqual([]);
      expect(readFileSync(journalOf(dir), 'utf8')).toBe('');
      expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    } finally {
      await devnet.stop();
    }
  });
});
