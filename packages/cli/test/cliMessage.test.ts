import { readFileSync } from 'node:fs';
import { CLIENT_ERROR_CODES, ClientError, RpcError } from '@mason/client';
import { CodecError } from '@mason/codec';
import { CompilerError, compilerErrors } from '@mason/compiler';
import { DeployError } from '@mason/deployer';
import { describe, expect, it, vi } from 'vitest';
import { cliMessage } from '../src/cliMessage.js';
import { CliError } from '../src/errors.js';
import { printError } from '../src/output.js';

describe('library errors as the mason command says them', () => {
  it('gas, fee and balance hints name --max-gas, --fee and --coins, and keep the facts', () => {
    const high = cliMessage(
      new ClientError('MASON_CLIENT_MAX_GAS_OUT_OF_RANGE', { operation: 'CallSC', maxGas: 5_000_000_000n, min: 2_100_000n, max: 4_294_167_295n }),
    );
    expect(high).toBe(
      'CallSC --max-gas 5000000000 is outside [2100000, 4294167295]. A node accepts such an operation but it never fits in a block and silently expires: lower --max-gas.',
    );
    const low = cliMessage(new ClientError('MASON_CLIENT_MAX_GAS_OUT_OF_RANGE', { operation: 'CallSC', maxGas: 1n, min: 2_100_000n, max: 4_294_167_295n }));
    expect(low).toContain('raise --max-gas, or leave it out');
    const estimation = cliMessage(new ClientError('MASON_CLIENT_GAS_ESTIMATION_FAILED', { operation: 'CallSC AS1.sum', error: 'boom' }));
    expect(estimation).toBe(
      'CallSC AS1.sum would fail, so nothing was sent: its dry run failed with "boom". Fix the call (its --args, --coins), or pass --max-gas to send it anyway.',
    );
    expect(cliMessage(new ClientError('MASON_CLIENT_FEE_TOO_LOW', { fee: '0', minimalFees: '0.01' }))).toContain('Leave out --fee');
    for (const message of [high, low, estimation]) expect(message).not.toMatch(/maxGas|\[MASON_/);
  });

  it('other errors keep their message, without the code the client appends', () => {
    const error = new ClientError('MASON_CLIENT_CONNECTION_REFUSED', { url: 'http://x' });
    expect(error.message.endsWith('[MASON_CLIENT_CONNECTION_REFUSED]')).toBe(true);
    expect(cliMessage(error)).toBe('Could not connect to http://x (connection refused). Is a node running at http://x? Start one with `npx mason node`.');
    expect(cliMessage(new Error('plain'))).toBe('plain');
    expect(cliMessage('text')).toBe('text');
  });

  it('rewords only codes that exist', () => {
    const source = readFileSync(new URL('../src/cliMessage.ts', import.meta.url), 'utf8');
    const reworded = [...source.matchAll(/^ {2}(MASON_\w+):/gm)].map((m) => m[1]!);
    expect(reworded.length).toBeGreaterThan(5);
    for (const code of reworded) expect(Object.hasOwn(compilerErrors, code) || (CLIENT_ERROR_CODES as string[]).includes(code), code).toBe(true);
  });
});

describe('printError', () => {
  const printed = (error: unknown): string => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      printError(error);
    } finally {
      spy.mockRestore();
    }
    return lines.join('\n');
  };
  const count = (text: string, code: string) => text.split(code).length - 1;

  it('prints the code of any Mason error once, and its absolute docs URL', () => {
    const errors = [
      new ClientError('MASON_CLIENT_CONNECTION_REFUSED', { url: 'http://x' }),
      new RpcError({ method: 'get_status', url: 'http://x', code: -32000, message: 'Bad request' }),
      new CliError('MASON_CLI_UNKNOWN_NETWORK', { name: 'moon', suggestion: '' }),
      new DeployError('MASON_DEPLOY_NO_NODE', { url: 'http://x', hint: 'Start one.' }),
      new CodecError('MASON_CODEC_BASE58_INVALID', { text: '0OIl' }),
      new CompilerError('MASON_COMPILER_WRITE_FAILED', { file: 'build/a.wasm', reason: 'EACCES' }),
    ];
    for (const error of errors) {
      const text = printed(error);
      expect(count(text, error.code), text).toBe(1);
      expect(text).toContain(`see https://github.com/mason-dev/mason/blob/main/docs/`);
      expect(text).toContain(error.shortMessage);
    }
  });

  it('a plain error prints its message without a code', () => {
    const text = printed(new Error('boom'));
    expect(text).toContain('boom');
    expect(text).not.toContain('MASON_');
  });
});
