import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const script = join(root, 'scripts/generate-host-table.mjs');
const FILES = ['packages/sdk/abi-imports.json', 'packages/sdk/assembly/env/massa.ts', 'packages/vm/src/execution/hostSignatureTable.ts'];
const temps: string[] = [];

function copyOfTheTable(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mason-host-table-'));
  temps.push(dir);
  for (const file of FILES) cpSync(join(root, file), join(dir, file), { recursive: true });
  return dir;
}

const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the host-function table has one source (abi-imports.json)', () => {
  it('the SDK bindings and the VM signatures in the repository are generated from it', () => {
    const check = run('--check');
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('a signature changed in the table makes --check fail naming both generated files, and a run brings them back in line', () => {
    const dir = copyOfTheTable();
    const tablePath = join(dir, FILES[0]!);
    const table = readFileSync(tablePath, 'utf8').replace(
      '"name": "assembly_script_get_time", "params": [], "results": ["i64"]',
      '"name": "assembly_script_get_time", "params": [], "results": ["i32"]',
    );
    writeFileSync(tablePath, table.replace('"as": "getTime(): u64"', '"as": "getTime(): u32"'));
    const check = run('--check', '--root', dir);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain('packages/sdk/assembly/env/massa.ts, packages/vm/src/execution/hostSignatureTable.ts differ');
    expect(run('--root', dir).status).toBe(0);
    expect(readFileSync(join(dir, FILES[1]!), 'utf8')).toContain('export declare function getTime(): u32;');
    expect(readFileSync(join(dir, FILES[2]!), 'utf8')).toContain("assembly_script_get_time: sig('', 'i'),");
    expect(run('--check', '--root', dir).status).toBe(0);
  });

  it('an entry without its AssemblyScript declaration is refused, naming it', () => {
    const dir = copyOfTheTable();
    const tablePath = join(dir, FILES[0]!);
    writeFileSync(tablePath, readFileSync(tablePath, 'utf8').replace(', "as": "getTime(): u64"', ''));
    const result = run('--root', dir);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('assembly_script_get_time has no "as" declaration');
  });
});
