import type { FailureModule, FailureWasmFrame, VmExecutionError } from '@mason/vm';

/**
 * Where a failed execution stopped in the code: what a tool needs to find the source line with the
 * project's source maps. Plain data (it crosses the execution worker's boundary).
 */
export interface FailureFrames {
  /** The failing module's frames, innermost first, as offsets of its own bytecode. */
  wasmFrames: FailureWasmFrame[];
  module: FailureModule;
  abort?: { message: string; file: string; line: number; column: number };
}

/** The frames of a VM failure, when wasm code was running. */
export function failureFrames(error: VmExecutionError | undefined): FailureFrames | undefined {
  if (!error?.wasmFrames || !error.module) return undefined;
  return { wasmFrames: error.wasmFrames, module: error.module, ...(error.abort && { abort: error.abort }) };
}

/** The JSON of `mason_get_operation_failure` and `mason_execute_read_only_call` (docs/devnet.md). */
export function failureFramesJson(frames: FailureFrames): Record<string, unknown> {
  return {
    wasm_frames: frames.wasmFrames.map((frame) => ({ function_index: frame.functionIndex ?? null, offset: frame.offset })),
    module: { bytecode_hash: frames.module.bytecodeHash, address: frames.module.address ?? null },
    abort: frames.abort ?? null,
  };
}
