// The hidden password prompt, driven through stand-in terminal streams.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isCliError } from '../src/errors.js';
import { promptHidden } from '../src/keystore/readPassword.js';

function terminal() {
  const input = Object.assign(new PassThrough(), { rawModes: [] as boolean[] });
  Object.assign(input, { isTTY: true, setRawMode: (on: boolean) => input.rawModes.push(on) });
  let shown = '';
  const output = new PassThrough();
  output.on('data', (chunk) => (shown += chunk));
  return { input: input as unknown as NodeJS.ReadStream & { rawModes: boolean[] }, output: output as unknown as NodeJS.WriteStream, shown: () => shown };
}

describe('promptHidden', () => {
  it('reads up to Enter, applies backspace, echoes nothing typed, and leaves raw mode', async () => {
    const tty = terminal();
    const answer = promptHidden('Password: ', tty.input, tty.output);
    tty.input.write('hunt');
    tty.input.write('\u007fter2\r');
    expect(await answer).toBe('hunter2');
    expect(tty.shown()).toBe('Password: \n');
    expect(tty.input.rawModes).toEqual([true, false]);
  });

  it('Ctrl-C cancels with a typed error', async () => {
    const tty = terminal();
    const answer = promptHidden('Password: ', tty.input, tty.output);
    tty.input.write('abc\u0003');
    const error = await answer.catch((caught: unknown) => caught);
    expect(isCliError(error, 'MASON_CLI_PASSWORD_CANCELLED')).toBe(true);
    expect(tty.input.rawModes).toEqual([true, false]);
  });
});
