import { buildWasm, I32 } from '@mason/test-utils';
import { parseModule, sourceMapSegments as sourceMapEntries } from '@mason/wasm';
import { describe, expect, it } from 'vitest';
import { CoverageCollector, instrumentCoverage } from '../src/index.js';
import { relocateSourceMap as encodeSourceMap } from '../src/relocateSourceMap.js';

// Two hand-written functions, each mapped (at its first instruction) to a line of a contract file:
// pick(i) is a br_table (0 → 10, 1 → 20, else 30), low(i) a br_if (i != 0 → 2, else 1).
const FILE = 'assembly/contracts/picks.ts';
const binary = buildWasm({
  functions: [
    {
      params: [I32],
      results: [I32],
      export: 'pick',
      body: [0x02, 0x40, 0x02, 0x40, 0x02, 0x40, 0x20, 0x00, 0x0e, 0x02, 0x00, 0x01, 0x02, 0x0b, 0x41, 0x0a, 0x0f, 0x0b, 0x41, 0x14, 0x0f, 0x0b, 0x41, 0x1e],
    },
    { params: [I32], results: [I32], export: 'low', body: [0x02, 0x40, 0x20, 0x00, 0x0d, 0x00, 0x41, 0x01, 0x0f, 0x0b, 0x41, 0x02] },
  ],
});
// Each body starts with its local-declaration count (one byte, 0): the first instruction follows.
const [pickBody, lowBody] = parseModule(binary).codeBodies;
const sourceMap = encodeSourceMap(
  [FILE],
  [
    { offset: pickBody!.start + 1, source: 0, file: FILE, line: 3, column: 3 },
    { offset: lowBody!.start + 1, source: 0, file: FILE, line: 8, column: 3 },
  ],
  [],
);

function run(calls: Array<['pick' | 'low', number, number]>) {
  const instrumented = instrumentCoverage(binary, sourceMap, (file) => file === FILE);
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(instrumented.binary));
  for (const [name, argument, expected] of calls) expect((exports[name] as (value: number) => number)(argument), `${name}(${argument})`).toBe(expected);
  const collector = new CoverageCollector((file) => file === FILE);
  collector.record(instrumented.probes, exports as Record<string, unknown>);
  return collector.report().files[0]!;
}

describe('instrumentCoverage', () => {
  it('counts each target of a br_table, the default for any index past the others', () => {
    const file = run([
      ['pick', 0, 10],
      ['pick', 1, 20],
      ['pick', 5, 30],
      ['pick', 9, 30],
    ]);
    expect(file.branches.filter((arm) => arm.line === 3).map((arm) => arm.hits)).toEqual([1, 1, 2]);
    expect(file.functions.map((fn) => fn.hits)).toEqual([4, 0]);
  });

  it('counts both arms of a br_if and leaves what the code computes as it was', () => {
    const file = run([
      ['low', 0, 1],
      ['low', 0, 1],
      ['low', 7, 2],
    ]);
    expect(file.branches.filter((arm) => arm.line === 8).map((arm) => [arm.arm, arm.hits])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(file.lines).toEqual([
      { line: 3, hits: 0 },
      { line: 8, hits: 3 },
    ]);
  });

  it('moves the source map along with the code it shifts', () => {
    const instrumented = instrumentCoverage(binary, sourceMap, (file) => file === FILE);
    const entries = sourceMapEntries(instrumented.sourceMap);
    expect(entries.map((entry) => [entry.file, entry.line])).toEqual([
      [FILE, 3],
      [FILE, 8],
    ]);
    // A counter now comes first in each body: the mapped `block` moved past it, and the map with it.
    expect(entries[0]!.offset).toBeGreaterThan(pickBody!.start + 1);
    for (const entry of entries) expect(instrumented.binary[entry.offset]).toBe(0x02);
  });
});
