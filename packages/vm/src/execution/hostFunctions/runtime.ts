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

/** The `env` namespace: what the AssemblyScript runtime itself imports. */
export function runtimeFunctions(env: InstanceEnv): HostFunctions {
  const console = (gasKey: string, prefix: string) => (message: number) => {
    env.enterAbi(gasKey);
    generateEvent(env.ctx, `${prefix} | ${env.readString(message)}`);
  };
  return {
    abort: (message: number, fileName: number, line: number, column: number) => {
      let text: string;
      let file: string;
      try {
        text = env.readString(message);
        file = env.readString(fileName);
      } catch {
        throw hostFailure('aborting failed to load message or filename');
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
