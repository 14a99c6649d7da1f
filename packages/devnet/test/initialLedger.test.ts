import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAS, SecretKey, formatMas, parseMas } from '@mason/codec';
import { afterAll, describe, expect, it } from 'vitest';
import { InitialLedgerError, readInitialLedgerFile } from '../src/index.js';
import { call, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// Genesis entries are checked before anything starts, and no balance can pass u64: a transfer
// that would overflow its recipient fails with the node's error, and get_addresses keeps working.

const dir = mkdtempSync(join(tmpdir(), 'mason-ledger-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alice = SecretKey.generate().publicKey.address().toString();

function ledgerFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('--initial-ledger files', () => {
  it('refuses an invalid address with the file name, its line and the entry', () => {
    const path = ledgerFile('bad-address.json', `{\n  "${alice}": {"balance": "1"},\n  "AU1notAnAddress": {"balance": "5"}\n}\n`);
    expect(() => readInitialLedgerFile(path)).toThrow(InitialLedgerError);
    expect(() => readInitialLedgerFile(path)).toThrow(
      new RegExp(`^${path}:3: entry "AU1notAnAddress" is not a valid address \\(.+\\)\\. Every key must be an address, AU… or AS…\\.$`),
    );
  });

  it('refuses a balance above u64, bytes that are not bytes, and a file that is not JSON, each with where', () => {
    const big = ledgerFile('big.json', `{"${alice}": {"balance": "18446744073.709551616"}}`);
    expect(() => readInitialLedgerFile(big)).toThrow(
      `${big}:1: entry "${alice}" has an invalid balance "18446744073.709551616": amount 18446744073.709551616 exceeds the largest amount (18446744073.709551615 MAS).`,
    );
    const bytes = ledgerFile('bytes.json', `{"${alice}": {"balance": "1", "bytecode": [1, 256]}}`);
    expect(() => readInitialLedgerFile(bytes)).toThrow(`${bytes}:1: entry "${alice}" has a bytecode that is not an array of bytes (0–255).`);
    const broken = ledgerFile('broken.json', `{\n"${alice}": {"balance": "1"},\n}`);
    expect(() => readInitialLedgerFile(broken)).toThrow(new RegExp(`^${broken}:3: not valid JSON`));
    expect(() => readInitialLedgerFile(join(dir, 'missing.json'))).toThrow(`cannot read the initial ledger ${join(dir, 'missing.json')}`);
  });

  it('refuses the same mistakes given in process, before opening any port', async () => {
    await expect(startTestDevnet({ initialLedger: { AS1oops: { balance: '1' } } })).rejects.toThrow(
      /^the initialLedger option: entry "AS1oops" is not a valid address/,
    );
  });

  it('starts with a valid file and serves its balances', async () => {
    const path = ledgerFile('good.json', JSON.stringify({ [alice]: { balance: '12.5', bytecode: [], datastore: [[[1], [2]]] } }));
    const devnet = await startTestDevnet({ initialLedger: readInitialLedgerFile(path) });
    try {
      const [info] = await call(devnet.urls.public, 'get_addresses', [[alice]]);
      expect(info.final_balance).toBe('12.5');
      expect(info.final_datastore_keys).toEqual([[1]]);
    } finally {
      await devnet.stop();
    }
  });
});

describe('balances never pass u64', () => {
  it("fails a transfer that would overflow its recipient with the node's error; get_addresses still answers", async () => {
    const rich = SecretKey.generate();
    const full = SecretKey.generate().publicKey.address().toString();
    const devnet = await startTestDevnet({
      initialLedger: { [rich.publicKey.address().toString()]: { balance: '1000' }, [full]: { balance: formatMas(2n ** 64n - 1n - MAS / 2n) } },
    });
    try {
      const id = await sendOp(devnet, rich, { type: 'Transaction', recipient: full, amount: MAS });
      const info = await waitFinal(devnet, id);
      expect(info.op_exec_status).toBe(false);
      const events = await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
      expect(JSON.parse(events.at(-1).data).massa_execution_error).toBe(
        `Runtime error: runtime error when executing operation ${id}: \`Transaction\` error: transfer of 1 coins from ${rich.publicKey.address()} to ${full} failed: Runtime error: overflow in crediting address ${full} balance 18446744073.209551615 due to adding 1 coins to balance`,
      );
      const [sender, recipient] = await call(devnet.urls.public, 'get_addresses', [[rich.publicKey.address().toString(), full]]);
      expect(parseMas(sender.final_balance)).toBe(parseMas('1000') - parseMas('0.01'));
      expect(recipient.final_balance).toBe('18446744073.209551615');
    } finally {
      await devnet.stop();
    }
  });
});
