import { encodeSourceMap, type SourceMapJson, type SourceMapSegment } from '@mason/wasm';

/**
 * The source map of `segments` after a rewrite that moved code: `moved` lists, by increasing
 * `from`, where each run of original bytes starting at `from` now starts (`to`).
 */
export function relocateSourceMap(sources: string[], segments: readonly SourceMapSegment[], moved: ReadonlyArray<{ from: number; to: number }>): SourceMapJson {
  let step = 0;
  const relocated = segments.map((segment) => {
    while (step + 1 < moved.length && moved[step + 1]!.from <= segment.offset) step++;
    const run = moved[step];
    return run && run.from <= segment.offset ? { ...segment, offset: run.to + (segment.offset - run.from) } : segment;
  });
  return encodeSourceMap(sources, relocated);
}
