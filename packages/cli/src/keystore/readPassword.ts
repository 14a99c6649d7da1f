import { readFileSync } from 'node:fs';
import { CliError } from '../errors.js';

export interface PasswordSource {
  /** --password-file: the file's first line is the password. */
  passwordFile?: string;
}

export interface PasswordRequest extends PasswordSource {
  /** What the password opens, for the prompt and errors: `account "deployer"`. */
  what: string;
  /** Typed twice on a terminal (a new password). */
  confirm?: boolean;
}

export interface Password {
  value: string;
  /** Where it came from, for errors: never the password itself. */
  source: string;
}

const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACES = new Set(['\u007f', '\b']);

/** Reads a line from the terminal without echoing it. */
export function promptHidden(question: string, input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stderr): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      output.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === CTRL_C || char === CTRL_D) return finish(new CliError('MASON_CLI_PASSWORD_CANCELLED', {}));
        if (BACKSPACES.has(char)) typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    output.write(question);
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

/**
 * The password of a wallet: --password-file, else MASON_ACCOUNT_PASSWORD, else typed on the
 * terminal (twice for a new one). With none of them (CI without the variable), a typed error.
 */
export async function readPassword(request: PasswordRequest): Promise<Password> {
  if (request.passwordFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(request.passwordFile, 'utf8');
    } catch (error) {
      throw new CliError('MASON_CLI_PASSWORD_FILE_UNREADABLE', { path: request.passwordFile, reason: (error as NodeJS.ErrnoException).code ?? String(error) });
    }
    const value = text.split(/\r?\n/)[0] ?? '';
    if (value === '') throw new CliError('MASON_CLI_PASSWORD_EMPTY', { source: request.passwordFile });
    return { value, source: request.passwordFile };
  }
  const fromEnv = process.env.MASON_ACCOUNT_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return { value: fromEnv, source: 'MASON_ACCOUNT_PASSWORD' };
  if (!process.stdin.isTTY) throw new CliError('MASON_CLI_PASSWORD_REQUIRED', { what: request.what });
  const value = await promptHidden(`Password for ${request.what}: `);
  if (value === '') throw new CliError('MASON_CLI_PASSWORD_EMPTY', { source: 'the terminal' });
  if (request.confirm && (await promptHidden('Type it again: ')) !== value) throw new CliError('MASON_CLI_PASSWORDS_DIFFER', {});
  return { value, source: 'the password typed' };
}
