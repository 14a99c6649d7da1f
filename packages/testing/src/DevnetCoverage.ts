import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MeteredOffsets, ModuleInstrumentation } from '@mason/vm';
import {
  encodeSourceMap,
  InstructionKind,
  parseModule,
  readInstruction,
  sourceMapSegments,
  WasmReader,
  type SourceMapJson,
  type SourceMapSegment,
} from '@mason/wasm';
import { isCoveredFile } from './CoverageCollector.js';
import { COVERAGE_EXPORT_PREFIX, instrumentCoverage, type BlockProbe } from './instrumentCoverage.js';
import type { DevnetLineCounts } from './writeCoverageReports.js';

/** The built contracts of a project (`build/**.wasm` with their source maps), by sha256 of their bytes. */
function builtContracts(buildDir: string): Map<string, SourceMapJson> {
  const found = new Map<string, SourceMapJson>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.wasm') && !entry.name.endsWith('.deployer.wasm') && existsSync(`${path}.map`)) {
        const hash = createHash('sha256').update(readFileSync(path)).digest('hex');
        found.set(hash, JSON.parse(readFileSync(`${path}.map`, 'utf8')) as SourceMapJson);
      }
    }
  };
  if (existsSync(buildDir)) visit(buildDir);
  return found;
}

/** The source map of the original module, moved onto the metered module's copied instructions. */
function meteredSourceMap(metered: Uint8Array, offsets: MeteredOffsets, map: SourceMapJson): SourceMapJson {
  const byOffset = new Map(sourceMapSegments(map).map((entry) => [entry.offset, entry]));
  const entries: SourceMapSegment[] = [];
  for (const { start, end } of parseModule(metered).codeBodies) {
    const reader = new WasmReader(metered, start, end);
    const groups = reader.u32();
    for (let i = 0; i < groups; i++) {
      reader.u32();
      reader.u8();
    }
    for (let depth = 0; ; ) {
      const at = reader.pos;
      const original = offsets.copiedOriginal(at);
      const entry = original === undefined ? undefined : byOffset.get(original);
      if (entry) entries.push({ ...entry, offset: at });
      const info = readInstruction(reader);
      if (info.kind === InstructionKind.Open) depth++;
      else if (info.kind === InstructionKind.End && depth-- === 0) break;
    }
  }
  return encodeSourceMap(map.sources, entries);
}

/**
 * Coverage of the project's contracts as a devnet runs them (`mason build`'s optimized bytecode):
 * the VM adds counters to each module after metering (the gas is unchanged), and each instance's
 * counters are read when its execution is over. Counts lines only (see CoverageCollector.addLines).
 */
export class DevnetCoverage {
  private readonly contracts: Map<string, SourceMapJson>;
  private readonly blocks = new Map<string, BlockProbe[]>();
  private readonly lines = new Map<string, Map<number, number>>();

  /** `buildDir`: where `mason build` put the contracts and their source maps. */
  constructor(buildDir: string) {
    this.contracts = builtContracts(buildDir);
  }

  /** What the devnet's module cache runs with (ModuleCache.instrument). */
  instrumentation(): ModuleInstrumentation {
    return {
      transform: (metered, { bytecodeHash, offsets }) => {
        const map = this.contracts.get(bytecodeHash);
        if (!map) return undefined;
        const instrumented = instrumentCoverage(
          metered,
          meteredSourceMap(metered, offsets, map),
          isCoveredFile,
          (at) => offsets.copiedOriginal(at) !== undefined,
        );
        this.blocks.set(bytecodeHash, instrumented.probes.blocks);
        return { bytes: instrumented.binary, toMetered: instrumented.toInput };
      },
      released: (compiled, instance) => {
        const blocks = this.blocks.get(compiled.bytecodeHash);
        if (blocks) this.read(blocks, instance);
      },
    };
  }

  /** Line counts so far, per file. */
  counts(): DevnetLineCounts {
    return Object.fromEntries([...this.lines].map(([file, lines]) => [file, [...lines].sort(([a], [b]) => a - b)]));
  }

  private read(blocks: BlockProbe[], instance: WebAssembly.Instance): void {
    const exports = instance.exports;
    const run = new Map<string, Map<number, number>>();
    for (const block of blocks) {
      const global = exports[`${COVERAGE_EXPORT_PREFIX}${block.probe}`];
      if (!(global instanceof WebAssembly.Global)) continue;
      const hits = (global.value as number) >>> 0;
      let lines = run.get(block.file);
      if (!lines) run.set(block.file, (lines = new Map()));
      for (const line of block.lines) lines.set(line, Math.max(lines.get(line) ?? 0, hits));
    }
    // A pooled instance runs again: its counters start over.
    for (const block of blocks) {
      const global = exports[`${COVERAGE_EXPORT_PREFIX}${block.probe}`];
      if (global instanceof WebAssembly.Global) global.value = 0;
    }
    for (const [file, lines] of run) {
      let total = this.lines.get(file);
      if (!total) this.lines.set(file, (total = new Map()));
      for (const [line, hits] of lines) total.set(line, (total.get(line) ?? 0) + hits);
    }
  }
}
