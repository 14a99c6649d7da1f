import { errorWasmFrames, type HostedInstance, type WasmFrame } from '@mason/vm';
import { TestingError } from './errors.js';

/** A failure of a test callback, as the host saw it; positions are resolved by the reporter. */
export interface RawFailure {
  message: string;
  code?: string;
  /** The node's wording of a VM failure, when it adds to `message`. */
  vmMessage?: string;
  /** Where the code aborted (from the abort itself), when it did. */
  abort?: { file: string; line: number; column: number };
  /** Wasm frames at the failure, innermost first (those of the test module locate it). */
  frames: WasmFrame[];
}

/** What the module's `abort` said, recorded before the module traps. */
export interface AbortRecord {
  message: string;
  file: string;
  line: number;
  column: number;
  frames: WasmFrame[];
}

/** The failure a callback's `error` is: its abort when it aborted, else the VM's or the helper's error, else a trap. */
export function describeFailure(hosted: HostedInstance, error: unknown, abort: AbortRecord | undefined): RawFailure {
  if (abort) return { message: abort.message, abort: { file: abort.file, line: abort.line, column: abort.column }, frames: abort.frames };
  const frames = errorWasmFrames(error);
  const deploying = error instanceof TestingError && error.code === 'MASON_TESTING_DEPLOY_FAILED';
  const vm = hosted.describeError(deploying ? error.cause : error);
  if (vm?.abort) {
    const { message, ...position } = vm.abort;
    return { message: `${deploying ? 'deploy() failed: ' : ''}${message}`, code: vm.code, vmMessage: vm.message, abort: position, frames };
  }
  if (error instanceof TestingError) return { message: error.message, code: error.code, frames };
  if (vm) return { message: vm.message, code: vm.code, frames };
  if (error instanceof WebAssembly.RuntimeError) return { message: `wasm trap: ${error.message}`, frames };
  return { message: error instanceof Error ? error.message : String(error), frames };
}
