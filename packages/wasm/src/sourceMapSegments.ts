const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, value) => [char, value]));

/** The fields of a source map that asc emits for a wasm module. */
export interface SourceMapJson {
  sources: string[];
  mappings: string;
}

/** One segment of an asc source map: a module byte offset and, when it has one, its source place. */
export interface SourceMapSegment {
  offset: number;
  /** Index in `sources`; -1 for a segment without source (code without debug location). */
  source: number;
  /** `sources[source]`; '' without source. */
  file: string;
  /** 1-based; 0 without source. */
  line: number;
  /** 1-based; 0 without source. */
  column: number;
}

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

function encodeVlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    out += BASE64[digit];
  } while (rest > 0);
  return out;
}

/**
 * The segments of the map's single generated line (asc's maps have one: columns are byte offsets
 * in the module), sorted by offset.
 */
export function sourceMapSegments(map: SourceMapJson): SourceMapSegment[] {
  const segments: SourceMapSegment[] = [];
  let offset = 0;
  let source = 0;
  let line = 0;
  let column = 0;
  for (const segment of (map.mappings.split(';')[0] ?? '').split(',')) {
    if (segment === '') continue;
    const fields = decodeVlq(segment);
    offset += fields[0] ?? 0;
    if (fields.length < 4) {
      segments.push({ offset, source: -1, file: '', line: 0, column: 0 });
      continue;
    }
    source += fields[1]!;
    line += fields[2]!;
    column += fields[3]!;
    segments.push({ offset, source, file: map.sources[source] ?? '', line: line + 1, column: column + 1 });
  }
  return segments.sort((a, b) => a.offset - b.offset);
}

/** The source map of `segments` (in the order given), the inverse of `sourceMapSegments`. */
export function encodeSourceMap(sources: string[], segments: readonly SourceMapSegment[]): SourceMapJson {
  const encoded: string[] = [];
  let last = { offset: 0, source: 0, line: 0, column: 0 };
  for (const segment of segments) {
    const { offset } = segment;
    if (segment.source < 0) {
      encoded.push(encodeVlq(offset - last.offset));
      last = { ...last, offset };
      continue;
    }
    encoded.push(
      encodeVlq(offset - last.offset) +
        encodeVlq(segment.source - last.source) +
        encodeVlq(segment.line - 1 - last.line) +
        encodeVlq(segment.column - 1 - last.column),
    );
    last = { offset, source: segment.source, line: segment.line - 1, column: segment.column - 1 };
  }
  return { sources, mappings: encoded.join(',') };
}
