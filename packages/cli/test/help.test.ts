// `mason --help` and every command's --help print their usage and exit 0 (a default that cannot be
// shown, such as a bigint, once made them crash).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../src/program.js';

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));

function mason(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('--help', () => {
  it('mason --help lists every command', async () => {
    const result = await mason(['--help']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    for (const name of COMMAND_NAMES) expect(result.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  for (const name of COMMAND_NAMES) {
    it(`mason ${name} --help and mason help ${name} print the usage of ${name}`, async () => {
      for (const args of [
        [name, '--help'],
        ['help', name],
      ]) {
        const result = await mason(args);
        expect(result.stderr, args.join(' ')).toBe('');
        expect(result.code, args.join(' ')).toBe(0);
        expect(result.stdout).toMatch(new RegExp(`^Usage: mason ${name} `));
        expect(result.stdout).toContain('-h, --help');
      }
    });
  }

  it('shows amounts of MAS as people write them', async () => {
    expect((await mason(['deploy', '--help'])).stdout).toMatch(/--coins <MAS>\s+coins sent to the constructor[\s\S]*?\(default: 0\.1\)/);
    expect((await mason(['call', '--help'])).stdout).toMatch(/--coins <MAS>\s+coins sent with the call \(default: 0\)/);
  });
});
