import { detail, HostError, hostFailure } from '../failures.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { generateEvent } from './events.js';
import type { HostFunctions } from './hostFunction.js';

/** Rust's `{}` of an f64, for `trace`. */
function rustFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (Number.isInteger(value) && Math.abs(value) >= 1e21) return BigInt(value).toString();
  return String(value);
}

/** AssemblyScript's class id of `String` (object header: rtId at −8, byte length at −4). */
const STRING_ID = 2;

/** An `abort` argument: the string, or why the node (and so this VM) cannot read it. */
function readAbortString(env: InstanceEnv, ptr: number, what: string): string | { reason: string } {
  const offset = ptr >>> 0;
  if (offset === 0) return { reason: `its ${what} is null` };
  let memory: Uint8Array;
  try {
    memory = env.view();
  } catch (error) {
    return { reason: `its ${what} cannot be read (${(error as Error).message})` };
  }
  if (offset < 8 || offset > memory.length) return { reason: `its ${what} pointer ${offset} is outside the contract's memory (${memory.length} bytes)` };
  const view = new DataView(memory.buffer, memory.byteOffset, memory.byteLength);
  const id = view.getUint32(offset - 8, true);
  const size = view.getUint32(offset - 4, true);
  if (offset + size > memory.length) {
    return { reason: `its ${what} at ${offset} claims ${size} bytes, past the end of the contract's memory (${memory.length} bytes)` };
  }
  if (id !== STRING_ID) return { reason: `its ${what} at ${offset} is an object of class id ${id}, not a string` };
  try {
    return env.readString(offset);
  } catch (error) {
    return { reason: `its ${what} at ${offset} cannot be read (${(error as Error).message})` };
  }
}

/** The `env` namespace: what the AssemblyScript runtime itself imports. */
export function runtimeFunctions(env: InstanceEnv): HostFunctions {
  const console = (gasKey: string, prefix: string) => (message: number) => {
    env.enterAbi(gasKey);
    generateEvent(env.ctx, `${prefix} | ${env.readString(message)}`);
  };
  return {
    abort: (message: number, fileName: number, line: number, column: number) => {
      const text = readAbortString(env, message, 'message');
      const file = readAbortString(env, fileName, 'file name');
      if (typeof text !== 'string' || typeof file !== 'string') {
        // The node loses the message here; Mason's detail keeps what could be read and says why the rest could not.
        const reasons = [text, file].filter((read): read is { reason: string } => typeof read !== 'string').map((read) => read.reason);
        const bare =
          fileName === 0 && typeof text === 'string'
            ? ": AssemblyScript's bare abort(message) passes none, assert(condition, message) and throw new Error(message) do"
            : '';
        throw hostFailure('aborting failed to load message or filename', 'MASON_VM_ABORT_UNREADABLE', {
          message: typeof text === 'string' ? JSON.stringify(text) : 'a message that cannot be read',
          where: typeof file === 'string' ? `${file}:${line}:${column}` : `line ${line}, column ${column} of an unnamed file`,
          reason: `${reasons.join(' and ')}${bare}`,
        });
      }
      const failure = detail('MASON_VM_ABORT', { message: text, file, line, column });
      failure.abort = { message: text, file, line, column };
      throw new HostError('error', `error: ${text} at ${file}:${line} col: ${column}`, failure);
    },
    seed: () => {
      env.enterAbi('assembly_script_seed');
      return env.ctx.slot.rng.nextF64();
    },
    'Date.now': () => {
      env.enterAbi('assembly_script_date_now');
      return env.ctx.slot.timestamp;
    },
    'console.log': console('assembly_script_console_log', 'LOG'),
    'console.info': console('assembly_script_console_info', 'INFO'),
    'console.warn': console('assembly_script_console_warn', 'WARN'),
    'console.error': console('assembly_script_console_error', 'ERROR'),
    'console.debug': console('assembly_script_console_debug', 'DEBUG'),
    trace: (message: number, count: number, a0: number, a1: number, a2: number, a3: number, a4: number) => {
      env.enterAbi('assembly_script_trace');
      const text = env.readString(message);
      const values = [a0, a1, a2, a3, a4];
      const data =
        count >= 1 && count <= 5
          ? `msg: ${text}, ${values
              .slice(0, count)
              .map((value, i) => `a${i}: ${rustFloat(value)}`)
              .join(', ')}`
          : text;
      generateEvent(env.ctx, data);
    },
    'process.exit': (code: number) => {
      throw hostFailure(`exit with code: ${code}`);
    },
  };
}
