import { Address, blake3 } from '@mason/codec';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CALLER, DEFAULT_CONTRACT, FUNDED_ACCOUNTS, TESTING_ERRORS, testAccount } from '../src/index.js';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('defaults and error table', () => {
  it('derives the default addresses, and the AssemblyScript constants match', () => {
    expect(DEFAULT_CALLER).toBe(testAccount(0).publicKey.address().toString());
    expect(FUNDED_ACCOUNTS).toEqual(FUNDED_ACCOUNTS.map((_, index) => testAccount(index).publicKey.address().toString()));
    expect(DEFAULT_CONTRACT).toBe(Address.fromHash('contract', blake3(new TextEncoder().encode('mason-testing contract'))).toString());
    const accounts = read('../assembly/accounts.ts');
    expect(accounts).toContain(`DEFAULT_CALLER = '${DEFAULT_CALLER}'`);
    expect(accounts).toContain(`DEFAULT_CONTRACT = '${DEFAULT_CONTRACT}'`);
  });

  it('documents every error code in docs/testing.md', () => {
    const docs = read('../../../docs/testing.md');
    for (const code of Object.keys(TESTING_ERRORS)) expect(docs, code).toContain(`### ${code}`);
  });

  it('declares in AssemblyScript every mason_testing import the host provides', async () => {
    const { testingImports } = await import('../src/testingImports.js');
    const sources = readdirSync(new URL('../assembly/', import.meta.url)).filter((file) => file.endsWith('.ts'));
    const declared = sources
      .flatMap((file) => [...read(`../assembly/${file}`).matchAll(/@external\("mason_testing", "(\w+)"\)/g)].map((match) => match[1]))
      .sort();
    const provided = Object.keys(testingImports({ hosted: {} } as never)).sort();
    expect(declared).toEqual(provided);
  });
});
