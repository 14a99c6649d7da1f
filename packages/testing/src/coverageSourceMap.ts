const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, value) => [char, value]));

/** One segment of an asc source map: a module byte offset and, when it has one, its source place. */
export interface SourceMapEntry {
  offset: number;
  /** -1 for a segment without source. */
  source: number;
  file: string;
  /** 1-based. */
  line: number;
  column: number;
}

function decode(segment: string): number[] {
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

function encode(value: number): string {
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

/** The segments of the map's single generated line, by offset. */
export function sourceMapEntries(map: { sources: string[]; mappings: string }): SourceMapEntry[] {
  const entries: SourceMapEntry[] = [];
  let offset = 0;
  let source = 0;
  let line = 0;
  let column = 0;
  for (const segment of (map.mappings.split(';')[0] ?? '').split(',')) {
    if (segment === '') continue;
    const fields = decode(segment);
    offset += fields[0] ?? 0;
    if (fields.length < 4) {
      entries.push({ offset, source: -1, file: '', line: 0, column: 0 });
      continue;
    }
    source += fields[1]!;
    line += fields[2]!;
    column += fields[3]!;
    entries.push({ offset, source, file: map.sources[source] ?? '', line: line + 1, column: column + 1 });
  }
  return entries.sort((a, b) => a.offset - b.offset);
}

/**
 * The mappings string of the same segments after a rewrite that moved code: `moved` lists, by
 * increasing `from`, where each run of original bytes starting at `from` now starts (`to`).
 */
export function encodeSourceMap(
  sources: string[],
  entries: SourceMapEntry[],
  moved: Array<{ from: number; to: number }>,
): { sources: string[]; mappings: string } {
  const segments: string[] = [];
  let step = 0;
  let last = { offset: 0, source: 0, line: 0, column: 0 };
  for (const entry of entries) {
    while (step + 1 < moved.length && moved[step + 1]!.from <= entry.offset) step++;
    const run = moved[step];
    const offset = run && run.from <= entry.offset ? run.to + (entry.offset - run.from) : entry.offset;
    if (entry.source < 0) {
      segments.push(encode(offset - last.offset));
      last = { ...last, offset };
      continue;
    }
    segments.push(
      encode(offset - last.offset) + encode(entry.source - last.source) + encode(entry.line - 1 - last.line) + encode(entry.column - 1 - last.column),
    );
    last = { offset, source: entry.source, line: entry.line - 1, column: entry.column - 1 };
  }
  return { sources, mappings: segments.join(',') };
}
