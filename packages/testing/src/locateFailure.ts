import type { RawFailure } from './TestHost.js';
import type { WasmFrame } from '@mason/vm';
import { formatPosition, isLibraryFile, type SourcePosition, type WasmSourceMap } from '@mason/wasm';

export interface TestFailure {
  /** What the contract, the expectation or the VM said. */
  message: string;
  /** `file:line:col` of the failure: the abort when in project code, else the innermost project frame. */
  position?: string;
  /** The spec line that led there, when it is not `position` itself. */
  specPosition?: string;
  code?: string;
  vmMessage?: string;
}

/** Project-code positions of the test module's frames, innermost first. */
export function projectFrames(frames: readonly WasmFrame[], map: WasmSourceMap, moduleId: string | undefined): SourcePosition[] {
  const positions: SourcePosition[] = [];
  for (const frame of frames) {
    if (moduleId !== undefined && frame.module !== moduleId) continue;
    const position = map.locate(frame.offset, (file) => !isLibraryFile(file));
    if (position) positions.push(position);
  }
  return positions;
}

/** Where in project code a failure happened: the abort when in project code, else the innermost project frame. */
export function failurePosition(failure: RawFailure, frames: readonly SourcePosition[]): SourcePosition | undefined {
  const aborted = failure.abort && !isLibraryFile(failure.abort.file) ? failure.abort : undefined;
  return aborted ? { file: aborted.file, line: aborted.line, column: aborted.column } : frames[0];
}

/** Resolves where a failure happened, in project files, with the test module's source map. */
export function locateFailure(failure: RawFailure, map: WasmSourceMap | undefined, specFile: string, moduleId: string | undefined): TestFailure {
  const frames = map ? projectFrames(failure.frames, map, moduleId) : [];
  const position = failurePosition(failure, frames);
  const spec = frames.find((frame) => frame.file === specFile);
  const where = position && formatPosition(position);
  const specWhere = spec && formatPosition(spec);
  return {
    message: failure.message,
    ...(where && { position: where }),
    ...(specWhere && specWhere !== where && { specPosition: specWhere }),
    ...(failure.code && { code: failure.code }),
    ...(failure.vmMessage && { vmMessage: failure.vmMessage }),
  };
}
