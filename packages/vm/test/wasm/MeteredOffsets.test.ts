import { describe, expect, it } from 'vitest';
import { buildWasm, F32, F64, I32, type FunctionSpec } from '@mason/test-utils';
import { parseModule, readInstruction, WasmReader, type ParsedModule } from '@mason/wasm';
import { meterModuleWithOffsets } from '../../src/wasm/meterModule.js';

/** A small deterministic PRNG, so that a failing seed can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** Random instruction sequences: blocks, branches, calls, NaN-producing float ops, bulk memory ops (types are not checked by the rewrite). */
function randomBody(next: () => number, depth = 0): number[] {
  const body: number[] = [];
  const count = 1 + Math.floor(next() * 12);
  for (let i = 0; i < count; i++) {
    const pick = Math.floor(next() * 12);
    if (pick === 0 && depth < 3) body.push(0x02, 0x40, ...randomBody(next, depth + 1), 0x0b);
    else if (pick === 1 && depth < 3) body.push(0x03, 0x40, ...randomBody(next, depth + 1), 0x0b);
    else if (pick === 2 && depth < 3) body.push(0x41, 1, 0x04, 0x40, ...randomBody(next, depth + 1), 0x05, ...randomBody(next, depth + 1), 0x0b);
    else if (pick === 3)
      body.push(0x41, 0, 0x0d, 0); // br_if 0
    else if (pick === 4)
      body.push(0x10, 0); // call 0
    else if (pick === 5)
      body.push(0x43, 0, 0, 0xc0, 0x7f, 0x43, 0, 0, 0x80, 0x3f, 0x92, 0x1a); // f32.add
    else if (pick === 6)
      body.push(0x44, 0, 0, 0, 0, 0, 0, 0xf8, 0x7f, 0x44, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0xa2, 0x1a); // f64.mul
    else if (pick === 7)
      body.push(0x41, 0, 0x41, 0, 0x41, 8, 0xfc, 0x0b, 0x00); // memory.fill
    else if (pick === 8)
      body.push(0x41, 0xe5, 0x8e, 0x26, 0x1a); // a multi-byte immediate
    else if (pick === 9)
      body.push(0x00); // unreachable
    else body.push(0x01); // nop
  }
  return body;
}

function instructionStarts(module: ParsedModule): Array<{ offset: number; bytes: Uint8Array }> {
  const starts: Array<{ offset: number; bytes: Uint8Array }> = [];
  for (const { start, end } of module.codeBodies) {
    const reader = new WasmReader(module.bytes, start, end);
    const groups = reader.u32();
    for (let i = 0; i < groups; i++) {
      reader.u32();
      reader.u8();
    }
    while (!reader.done) {
      const offset = reader.pos;
      readInstruction(reader);
      starts.push({ offset, bytes: module.bytes.subarray(offset, reader.pos) });
    }
  }
  return starts;
}

describe('MeteredOffsets', () => {
  it('maps every instruction of random metered modules onto an original instruction; copied ones onto their own bytes', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const next = random(seed);
      const functions: FunctionSpec[] = Array.from({ length: 1 + Math.floor(next() * 4) }, (_, index) => ({
        params: [I32],
        // some functions get more than 256 locals: the rewrite inserts work accounting at their entry
        locals: index === 1 && next() < 0.5 ? Array.from({ length: 300 }, () => I32) : [F32, F64],
        body: randomBody(next),
      }));
      const original = buildWasm({ imports: [{ module: 'env', name: 'f', params: [I32] }], functions, memory: { min: 1 } });
      const parsed = parseModule(original);
      const { bytes, offsets } = meterModuleWithOffsets(parsed, { operatorCost: 23n, initialPoints: 1_000n });
      const metered = parseModule(bytes);

      const originalStarts = new Map(instructionStarts(parsed).map((entry) => [entry.offset, entry.bytes]));
      const reached = new Set<number>();
      const stray: string[] = [];
      for (const { offset, bytes: code } of instructionStarts(metered)) {
        const mapped = offsets.toOriginal(offset);
        const target = mapped === undefined ? undefined : originalStarts.get(mapped);
        if (target === undefined) stray.push(`${offset} → ${mapped}`);
        else if (Buffer.from(code).equals(Buffer.from(target))) reached.add(mapped!);
      }
      expect(stray, `seed ${seed}: metered instructions that map to no original instruction`).toEqual([]);
      // every original instruction is in the metered module, at an offset that maps back to it
      expect(
        [...originalStarts.keys()].filter((offset) => !reached.has(offset)),
        `seed ${seed}`,
      ).toEqual([]);
      // and the function of a mapped offset is the one whose body holds it
      parsed.codeBodies.forEach((body, index) => {
        expect(offsets.functionIndex(body.start)).toBe(1 + index);
        expect(offsets.functionIndex(body.end - 1)).toBe(1 + index);
      });
    }
  });

  it('maps the frame V8 reports for a trap in the metered module to the original instruction', () => {
    // f0 calls f1 at its third instruction; f1 traps at `unreachable` after a NaN-producing op
    const original = buildWasm({
      functions: [{ body: [0x01, 0x01, 0x10, 1], export: 'run' }, { body: [0x43, 0, 0, 0xc0, 0x7f, 0x43, 0, 0, 0x80, 0x3f, 0x92, 0x1a, 0x00] }],
    });
    const parsed = parseModule(original);
    const { bytes, offsets } = meterModuleWithOffsets(parsed, { operatorCost: 23n, initialPoints: 1_000_000n });
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes));
    let sites: NodeJS.CallSite[] = [];
    const previous = Error.prepareStackTrace;
    Error.prepareStackTrace = (_error, callSites) => callSites;
    try {
      (instance.exports.run as () => void)();
    } catch (error) {
      sites = (error as { stack: unknown }).stack as NodeJS.CallSite[];
    } finally {
      Error.prepareStackTrace = previous;
    }
    const frames = sites
      .filter((site) => site.getScriptNameOrSourceURL()?.startsWith('wasm://'))
      .map((site) => offsets.toOriginal(site.getColumnNumber()! - 1));
    const unreachable = parsed.codeBodies[1]!.end - 2;
    const call = parsed.codeBodies[0]!.start + 3;
    expect(original[unreachable]).toBe(0x00);
    expect(original[call]).toBe(0x10);
    expect(frames.slice(0, 2)).toEqual([unreachable, call]);
  });
});
