import { describe, expect, it } from 'vitest';
import { encodeSourceMap, parseModule, sourceMapSegments, WasmSourceMap, type SourceMapSegment } from '../src/index.js';
import { buildWasm } from '@mason/test-utils';

const sources = ['assembly/main.ts', '~lib/rt.ts'];

describe('source-map segments', () => {
  it('decodes the VLQ segments of the first generated line, relative fields summed, 1-based positions, by offset', () => {
    // 'AAAA' = offset 0, source 0, line 0, column 0; 'EAEE' = +2, +0, +2, +2; 'GCDC' = +3, +1, -1, +1; 'K' = +5 without source.
    const map = { sources, mappings: 'AAAA,EAEE,GCDC,K;IAAI' };
    expect(sourceMapSegments(map)).toEqual([
      { offset: 0, source: 0, file: 'assembly/main.ts', line: 1, column: 1 },
      { offset: 2, source: 0, file: 'assembly/main.ts', line: 3, column: 3 },
      { offset: 5, source: 1, file: '~lib/rt.ts', line: 2, column: 4 },
      { offset: 10, source: -1, file: '', line: 0, column: 0 },
    ]);
  });

  it('encodes segments back to the same mappings, multi-digit and negative deltas included', () => {
    const segments: SourceMapSegment[] = [
      { offset: 7, source: 1, file: '~lib/rt.ts', line: 40, column: 2 },
      { offset: 900, source: -1, file: '', line: 0, column: 0 },
      { offset: 1_234, source: 0, file: 'assembly/main.ts', line: 3, column: 17 },
    ];
    const encoded = encodeSourceMap(sources, segments);
    expect(encoded.sources).toBe(sources);
    expect(sourceMapSegments(encoded)).toEqual(segments);
    expect(encodeSourceMap(sources, sourceMapSegments(encoded)).mappings).toBe(encoded.mappings);
  });

  it('WasmSourceMap locates an offset with the decoded segments, within its function, skipping segments without source', () => {
    const body = [0x41, 1, 0x1a, 0x41, 2, 0x1a]; // i32.const 1; drop; i32.const 2; drop
    const binary = buildWasm({ functions: [{ body, export: 'main' }, { body }] });
    const [first, second] = parseModule(binary).codeBodies.map((code) => code.start + 1); // after the local-group count
    const map = encodeSourceMap(sources, [
      { offset: first!, source: 0, file: sources[0]!, line: 4, column: 5 },
      { offset: first! + 2, source: -1, file: '', line: 0, column: 0 },
      { offset: first! + 3, source: 1, file: sources[1]!, line: 9, column: 1 },
    ]);
    const located = new WasmSourceMap(map, binary);
    expect(located.locate(first! + 2)).toEqual({ file: 'assembly/main.ts', line: 4, column: 5 });
    expect(located.locate(first! + 5)).toEqual({ file: '~lib/rt.ts', line: 9, column: 1 });
    expect(located.locate(first! + 5, (file) => !file.startsWith('~lib/'))).toEqual({ file: 'assembly/main.ts', line: 4, column: 5 });
    expect(located.locate(second! + 3)).toBeUndefined();
    expect([...located.entries()].map((entry) => entry.line)).toEqual([4, 9]);
  });
});
