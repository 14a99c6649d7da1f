import { parseModule } from './parseModule.js';

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

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, value) => [char, value]));

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

interface Mapping {
  offset: number;
  /** -1 for a segment without source (code without debug location). */
  source: number;
  line: number;
  column: number;
}

/**
 * The source map asc emits for a wasm module (one generated line, columns = byte offsets in the
 * module), read so that a wasm stack frame (`wasm-function[i]:0xoffset`) maps to a source line.
 */
export class WasmSourceMap {
  private readonly mappings: Mapping[] = [];
  private readonly sources: string[];
  /** Function bodies in module order, so by offset. */
  private readonly bodies: Array<{ start: number; end: number }>;

  constructor(map: { sources: string[]; mappings: string }, binary: Uint8Array) {
    this.sources = map.sources;
    const module = parseModule(binary);
    this.bodies = module.codeBodies;
    let offset = 0;
    let source = 0;
    let line = 0;
    let column = 0;
    for (const segment of (map.mappings.split(';')[0] ?? '').split(',')) {
      if (segment === '') continue;
      const fields = decodeVlq(segment);
      offset += fields[0] ?? 0;
      if (fields.length < 4) {
        this.mappings.push({ offset, source: -1, line: 0, column: 0 });
        continue;
      }
      source += fields[1]!;
      line += fields[2]!;
      column += fields[3]!;
      this.mappings.push({ offset, source, line, column });
    }
    this.mappings.sort((a, b) => a.offset - b.offset);
  }

  /**
   * The source position of the instruction at module byte `offset`: the nearest mapped instruction
   * at or before it, in the same function, whose file passes `accept` (code inlined from elsewhere,
   * such as a default argument, is mapped to its own file).
   */
  locate(offset: number, accept: (file: string) => boolean = () => true): SourcePosition | undefined {
    const start = this.bodyStart(offset);
    let low = 0;
    let high = this.mappings.length - 1;
    let index = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.mappings[mid]!.offset <= offset) {
        index = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    for (; index >= 0; index--) {
      const mapping = this.mappings[index]!;
      if (mapping.offset < start) return undefined;
      const file = this.sources[mapping.source];
      if (file !== undefined && accept(file)) return { file, line: mapping.line + 1, column: mapping.column + 1 };
    }
    return undefined;
  }

  /** Every mapped instruction with a source: offset, file and 1-based line. */
  *entries(): Generator<{ offset: number; file: string; line: number }> {
    for (const mapping of this.mappings) {
      const file = this.sources[mapping.source];
      if (file !== undefined) yield { offset: mapping.offset, file, line: mapping.line + 1 };
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
