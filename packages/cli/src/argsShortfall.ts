import { readOnlyCall, type Client } from '@mason/client';
import { isMasonError } from '@mason/codec/base';
import { CliError } from './errors.js';

/** The SDKs' text (massa-as-sdk's and Mason's `Args`) when a read runs past the end of the arguments. */
const OUT_OF_RANGE = /can't deserialize (\S+) from given argument: out of range/;

/** The most padding tried when measuring how many bytes a function reads (a u256 is 32; strings and arrays add a 4-byte length). */
const MAX_PROBE = 64;

export interface ShortArgsCall {
  client: Client;
  target: string;
  func: string;
  parameter: Uint8Array;
  /** The --args values as given, for the message. */
  args: readonly string[];
  caller: string;
  coins?: bigint;
}

/** Whether the function gets past reading its arguments when they are followed by `padding` zero bytes. */
async function readsThrough(call: ShortArgsCall, padding: number): Promise<boolean> {
  const parameter = new Uint8Array(call.parameter.length + padding);
  parameter.set(call.parameter);
  try {
    await readOnlyCall(call.client, {
      target: call.target,
      func: call.func,
      parameter,
      caller: call.caller,
      ...(call.coins !== undefined && { coins: call.coins }),
    });
    return true;
  } catch (error) {
    if (isMasonError(error) && error.code === 'MASON_CLIENT_READ_ONLY_FAILED') return !OUT_OF_RANGE.test(String(error.context.error));
    throw error;
  }
}

/**
 * A dry run (gas estimation, or the read-only call itself) that failed because the function read
 * more argument bytes than --args gave — most often a value of a narrower type than the
 * parameter (`i32:3` for a u64) — said as that: how many bytes the function read and how many
 * were missing, measured by running it read-only again with zero bytes appended (nothing is
 * sent). Other errors unchanged.
 */
export async function explainShortArgs(error: unknown, call: ShortArgsCall): Promise<unknown> {
  if (!isMasonError(error) || (error.code !== 'MASON_CLIENT_GAS_ESTIMATION_FAILED' && error.code !== 'MASON_CLIENT_READ_ONLY_FAILED')) return error;
  const text = String(error.context.error);
  const type = OUT_OF_RANGE.exec(text)?.[1];
  if (type === undefined) return error;
  // The contract's own words, without the VM's layers before them and the SDK's source position after.
  const reason = /(?:.*error: )?(.*?out of range)/s.exec(text)?.[1] ?? text;
  let short: number | undefined;
  try {
    if (await readsThrough(call, MAX_PROBE)) {
      let [low, high] = [1, MAX_PROBE];
      while (low < high) {
        const middle = Math.floor((low + high) / 2);
        if (await readsThrough(call, middle)) high = middle;
        else low = middle + 1;
      }
      short = low;
    }
  } catch {
    // the node stopped answering: say what is known without the count
  }
  const given = call.parameter.length;
  return new CliError('MASON_CLI_ARGS_TOO_SHORT', {
    func: call.func,
    given,
    args: call.args.length > 0 ? call.args.join(' ') : 'no --args',
    read: short === undefined ? `more than ${given}` : String(given + short),
    short: short === undefined ? 'more than ' + MAX_PROBE : String(short),
    a: /^[aeio]/i.test(type) ? 'an' : 'a',
    type,
    reason,
  });
}

/**
 * A deployment whose dry run failed in the constructor reading past the end of its arguments:
 * said with the --args given and the type it failed on (the deployer runs the constructor, so the
 * bytes it would have read are not measured). Other errors unchanged.
 */
export function explainShortConstructorArgs(error: unknown, contract: string, parameter: Uint8Array, args: readonly string[]): unknown {
  if (!isMasonError(error) || error.code !== 'MASON_DEPLOY_WOULD_FAIL') return error;
  const text = String(error.context.error);
  const type = OUT_OF_RANGE.exec(text)?.[1];
  if (type === undefined) return error;
  return new CliError('MASON_CLI_CONSTRUCTOR_ARGS_TOO_SHORT', {
    contract,
    given: parameter.length,
    args: args.length > 0 ? args.join(' ') : 'no --args',
    a: /^[aeio]/i.test(type) ? 'an' : 'a',
    type,
    reason: /(?:.*error: )?(.*?out of range)/s.exec(text)?.[1] ?? text,
  });
}
