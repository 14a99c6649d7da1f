import type { ExecutionTrace, TraceFrame } from '@mason/codec';
import type { SourcePosition, WasmSourceMap } from '@mason/wasm';
import { failurePosition, projectFrames } from './locateFailure.js';
import type { RawFailure } from './TestHost.js';

/** The innermost frame that failed: the one the trace's failure belongs to. */
function failedFrame(frame: TraceFrame): TraceFrame | undefined {
  for (const call of frame.hostCalls) {
    const inner = call.frame && failedFrame(call.frame);
    if (inner) return inner;
  }
  return frame.failure ? frame : undefined;
}

/** Puts a failed test's place in the project's source on its trace's failure and on the frame that failed. */
export function locateTrace(trace: ExecutionTrace, failure: RawFailure, map: WasmSourceMap | undefined, moduleId: string | undefined): ExecutionTrace {
  return placeTraceFailure(trace, failurePosition(failure, map ? projectFrames(failure.frames, map, moduleId) : []));
}

/** Puts `position` (where the failure happened in the project's source) on a trace's failure and on the frame that failed. */
export function placeTraceFailure(trace: ExecutionTrace, position: SourcePosition | undefined): ExecutionTrace {
  if (!position || !trace.failure) return trace;
  const location = { file: position.file, line: position.line, column: position.column };
  trace.failure.location = location;
  const frame = trace.root && failedFrame(trace.root);
  if (frame?.failure) frame.failure.location = location;
  return trace;
}
