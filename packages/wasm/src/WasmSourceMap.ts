import { parseModule } from './parseModule.js';
import { sourceMapSegments, type SourceMapJson, type SourceMapSegment } from './sourceMapSegments.js';

/** A place in a source file, 1-based. */
export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}

export function formatPosition(position: SourcePosition): string {
  return `${position.file}:${position.line}:${position.column}`;
}

/** Library code: AssemblyScript's standard library and anything under node_modules. */
export function isLibraryFile(file: string): boolean {
  return file.startsWith('~lib/') || /(^|\/)node_modules\//.test(file);
}

/**
 * The source map asc emits for a wasm module (one generated line, columns = byte offsets in the
 * module), read so that a wasm stack frame (`wasm-function[i]:0xoffset`) maps to a source line.
 */
export class WasmSourceMap {
  /** By offset; a source index outside the map's `sources` counts as none. */
  private readonly segments: SourceMapSegment[];
  /** Function bodies in module order, so by offset. */
  private readonly bodies: Array<{ start: number; end: number }>;

  constructor(map: SourceMapJson, binary: Uint8Array) {
    this.bodies = parseModule(binary).codeBodies;
    this.segments = sourceMapSegments(map).map((segment) => (segment.source < map.sources.length ? segment : { ...segment, source: -1 }));
  }

  /**
   * The source position of the instruction at module byte `offset`: the nearest mapped instruction
   * at or before it, in the same function, whose file passes `accept` (code inlined from elsewhere,
   * such as a default argument, is mapped to its own file).
   */
  locate(offset: number, accept: (file: string) => boolean = () => true): SourcePosition | undefined {
    const start = this.bodyStart(offset);
    let low = 0;
    let high = this.segments.length - 1;
    let index = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.segments[mid]!.offset <= offset) {
        index = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    for (; index >= 0; index--) {
      const segment = this.segments[index]!;
      if (segment.offset < start) return undefined;
      if (segment.source >= 0 && accept(segment.file)) return { file: segment.file, line: segment.line, column: segment.column };
    }
    return undefined;
  }

  /** Every mapped instruction with a source: offset, file and 1-based line. */
  *entries(): Generator<{ offset: number; file: string; line: number }> {
    for (const segment of this.segments) {
      if (segment.source >= 0) yield { offset: segment.offset, file: segment.file, line: segment.line };
    }
  }

  private bodyStart(offset: number): number {
    let low = 0;
    let high = this.bodies.length - 1;
    let start = 0;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.bodies[mid]!.start <= offset) {
        start = this.bodies[mid]!.start;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return start;
  }
}
