import {
  InstructionKind,
  parseModule,
  readInstruction,
  SectionId,
  sourceMapSegments,
  WasmReader,
  WasmWriter,
  type ParsedModule,
  type SourceMapJson,
  type SourceMapSegment,
} from '@mason/wasm';
import { relocateSourceMap } from './relocateSourceMap.js';

/** Each probe is an exported mutable i32 global, counting how often its place in the code ran. */
export const COVERAGE_EXPORT_PREFIX = '__mason_cov_';

/** A probed basic block: the source lines of its instructions. */
export interface BlockProbe {
  probe: number;
  file: string;
  lines: number[];
}

/** A function of a covered file: its entry probe. */
export interface FunctionProbe {
  probe: number;
  file: string;
  /** As the source names it (`sum`, `Token#transfer`). */
  name: string;
  line: number;
}

/** One arm of an `if`, `br_if` or `br_table` of a covered file. */
export interface BranchProbe {
  probe: number;
  file: string;
  line: number;
  /** Stable across compilations of the same source: the function, and the branch's rank in it. */
  key: string;
  arm: number;
}

export interface CoverageProbes {
  blocks: BlockProbe[];
  functions: FunctionProbe[];
  branches: BranchProbe[];
  count: number;
}

export interface InstrumentedModule {
  binary: Uint8Array;
  /** The offset in the input module of code at `offset` in the instrumented one (a counter: the instruction after it). */
  toInput(offset: number): number;
  /** The source map of the instrumented binary (offsets moved with the code). */
  sourceMap: SourceMapJson;
  probes: CoverageProbes;
}

/**
 * Adds coverage probes to a module compiled by asc with a source map: a counter at the start of
 * each basic block (the blocks wasmer's metering uses) that has an instruction mapped to a covered
 * file, at each function entry, and on each arm of every `if`, `br_if` and `br_table` (an `if`
 * without `else` gets an empty one that counts). Only code that `covered(file)` accepts is probed;
 * the rest of the module is copied as it is.
 */
export function instrumentCoverage(
  binary: Uint8Array,
  sourceMap: SourceMapJson,
  covered: (file: string) => boolean,
  /** Whether the instruction at an offset is the compiler's (not added by metering): only those are branches. */
  original: (offset: number) => boolean = () => true,
): InstrumentedModule {
  const module = parseModule(binary);
  const entries = sourceMapSegments(sourceMap);
  const firstProbeGlobal = module.importedGlobalCount + module.definedGlobalCount;
  const probes: CoverageProbes = { blocks: [], functions: [], branches: [], count: 0 };
  const newProbe = () => probes.count++;
  const moved: Array<{ from: number; to: number }> = [];

  const code = new WasmWriter().u32(module.codeBodies.length);
  let entry = 0;
  module.codeBodies.forEach((body, index) => {
    while (entry < entries.length && entries[entry]!.offset < body.start) entry++;
    const first = entry;
    while (entry < entries.length && entries[entry]!.offset < body.end) entry++;
    const mapped = entries.slice(first, entry);
    const rewritten = instrumentBody(module, index, mapped, covered, original, (probe) => firstProbeGlobal + probe, newProbe, probes);
    code.u32(rewritten.bytes.length);
    const at = code.length;
    for (const step of rewritten.moved) moved.push({ from: step.from, to: at + step.to });
    code.bytes(rewritten.bytes);
  });

  const out = new WasmWriter();
  out.bytes(binary.subarray(0, 8));
  const present = new Set(module.sections.map((section) => section.id));
  const added = { global: false, export: false };
  const addMissing = (before: number) => {
    if (!present.has(SectionId.Global) && !added.global && SectionId.Global < before) {
      added.global = true;
      out.section(SectionId.Global, globalSection(module, undefined, probes.count));
    }
    if (!present.has(SectionId.Export) && !added.export && SectionId.Export < before) {
      added.export = true;
      out.section(SectionId.Export, exportSection(module, undefined, firstProbeGlobal, probes.count));
    }
  };
  for (const section of module.sections) {
    if (section.id !== SectionId.Custom) addMissing(section.id === SectionId.DataCount ? SectionId.Element + 0.5 : section.id);
    if (section.id === SectionId.Global) out.section(section.id, globalSection(module, section, probes.count));
    else if (section.id === SectionId.Export) out.section(section.id, exportSection(module, section, firstProbeGlobal, probes.count));
    else if (section.id === SectionId.Code) {
      const payload = code.toBytes();
      out.byte(section.id).u32(payload.length);
      const shift = out.length;
      for (const step of moved) step.to += shift;
      out.bytes(payload);
    } else
      out
        .byte(section.id)
        .u32(section.end - section.start)
        .bytes(binary.subarray(section.start, section.end));
  }
  addMissing(Number.POSITIVE_INFINITY);
  return { binary: out.toBytes(), toInput: inverse(moved), sourceMap: relocateSourceMap(sourceMap.sources, entries, moved), probes };
}

/** Undoes the moves of a rewrite: offsets of the new code back to the input's. */
function inverse(moved: ReadonlyArray<{ from: number; to: number }>): (offset: number) => number {
  const to = Int32Array.from(moved, (step) => step.to);
  const from = Int32Array.from(moved, (step) => step.from);
  return (offset) => {
    let low = 0;
    let high = to.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (to[mid]! <= offset) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found < 0 ? offset : from[found]! + (offset - to[found]!);
  };
}

interface OpenBlock {
  opcode: number;
  /** Instruction index of the `if`, and its arms' probes, when it is a covered branch. */
  branch?: { elseProbe: number; hasElse: boolean };
}

/** What the gas report renames a contract function to while it wraps it (see instrumentContract). */
const GAS_RENAMED = '__mason_gas_fn_';

/** AssemblyScript's internal name of a function (`assembly/contracts/main/sum`), as its source names it. */
function sourceName(internal: string, file: string): string {
  const prefix = `${file.replace(/\.ts$/, '')}/`;
  const name = internal.startsWith(prefix) ? internal.slice(prefix.length) : internal;
  return name.startsWith(GAS_RENAMED) ? name.slice(GAS_RENAMED.length) : name;
}

function instrumentBody(
  module: ParsedModule,
  index: number,
  mapped: SourceMapSegment[],
  covered: (file: string) => boolean,
  original: (offset: number) => boolean,
  globalOf: (probe: number) => number,
  newProbe: () => number,
  probes: CoverageProbes,
): { bytes: Uint8Array; moved: Array<{ from: number; to: number }> } {
  const { start, end } = module.codeBodies[index]!;
  const reader = new WasmReader(module.bytes, start, end);
  const groups = reader.u32();
  const groupsStart = reader.pos;
  let locals = 0;
  for (let i = 0; i < groups; i++) {
    locals += reader.u32();
    reader.u8();
  }
  const expressionStart = reader.pos;
  const sourced = mapped.filter((entry) => entry.source >= 0);
  const ownFile = sourced[0]?.file;
  if (ownFile === undefined || !covered(ownFile)) {
    return { bytes: module.bytes.subarray(start, end), moved: [{ from: start, to: 0 }] };
  }

  const starts: number[] = [];
  const opcodes: number[] = [];
  const accounting: boolean[] = [];
  for (let depth = 0; ; ) {
    starts.push(reader.pos);
    opcodes.push(module.bytes[reader.pos]!);
    const info = readInstruction(reader);
    accounting.push(info.accounting);
    if (info.kind === InstructionKind.Open) depth++;
    else if (info.kind === InstructionKind.End && depth-- === 0) break;
  }
  starts.push(end);

  // The covered line of each instruction that has a mapping of its own, and the one in force at each.
  const ownLine: Array<{ file: string; line: number } | undefined> = [];
  const inForce: Array<{ file: string; line: number } | undefined> = [];
  let m = 0;
  let current: { file: string; line: number } | undefined;
  for (let k = 0; k < opcodes.length; k++) {
    let own: { file: string; line: number } | undefined;
    while (m < mapped.length && mapped[m]!.offset < starts[k + 1]!) {
      const entry = mapped[m++]!;
      // A segment without source (Binaryen's end of a location) does not end the statement a branch is in.
      if (entry.source >= 0) current = entry;
      if (entry.source >= 0 && covered(entry.file)) own = entry;
    }
    ownLine.push(own);
    inForce.push(current && covered(current.file) ? current : undefined);
  }

  const before = new Map<number, WasmWriter>();
  const insert = (k: number) => {
    let writer = before.get(k);
    if (!writer) before.set(k, (writer = new WasmWriter(16)));
    return writer;
  };
  const count = (writer: WasmWriter, probe: number) => writer.byte(0x23).u32(globalOf(probe)).byte(0x41).byte(0x01).byte(0x6a).byte(0x24).u32(globalOf(probe));
  const scratch = module.types[module.functionTypes[index]!]!.params.length + locals;
  let usesScratch = false;

  const name = sourceName(module.functionNames[module.importedFunctionCount + index] ?? `function ${index}`, ownFile);
  const entryProbe = newProbe();
  count(insert(0), entryProbe);
  const firstLine = sourced[0]!.line;
  probes.functions.push({ probe: entryProbe, file: ownFile, name, line: firstLine });

  // Basic blocks: from the start, and after each instruction that ends one.
  for (let blockStart = 0; blockStart < opcodes.length; ) {
    let blockEnd = blockStart;
    while (blockEnd < opcodes.length - 1 && !accounting[blockEnd]) blockEnd++;
    const lines = new Map<string, Set<number>>();
    for (let k = blockStart; k <= blockEnd; k++) {
      const at = ownLine[k];
      if (!at) continue;
      let set = lines.get(at.file);
      if (!set) lines.set(at.file, (set = new Set()));
      set.add(at.line);
    }
    // A block that starts at an `end` or `else` is that instruction alone: nothing to count.
    const opener = opcodes[blockStart];
    if (lines.size > 0 && opener !== 0x0b && opener !== 0x05) {
      const probe = blockStart === 0 ? entryProbe : newProbe();
      if (blockStart !== 0) count(insert(blockStart), probe);
      for (const [file, set] of lines) probes.blocks.push({ probe, file, lines: [...set].sort((a, b) => a - b) });
    }
    blockStart = blockEnd + 1;
  }

  // Branches.
  let rank = 0;
  const open: OpenBlock[] = [];
  const branch = (k: number, arm: number) => {
    const at = inForce[k]!;
    const probe = newProbe();
    probes.branches.push({ probe, file: at.file, line: at.line, key: `${name}#${rank}`, arm });
    return probe;
  };
  for (let k = 0; k < opcodes.length; k++) {
    const opcode = opcodes[k]!;
    const tracked = inForce[k] !== undefined && original(starts[k]!);
    if (opcode === 0x02 || opcode === 0x03) open.push({ opcode });
    else if (opcode === 0x04) {
      if (!tracked) {
        open.push({ opcode });
        continue;
      }
      count(insert(k + 1), branch(k, 0));
      open.push({ opcode, branch: { elseProbe: branch(k, 1), hasElse: false } });
      rank++;
    } else if (opcode === 0x05) {
      const block = open[open.length - 1]!;
      if (block.branch) {
        block.branch.hasElse = true;
        count(insert(k + 1), block.branch.elseProbe);
      }
    } else if (opcode === 0x0b) {
      const block = open.pop();
      // An `if` without `else` has no result: an added empty `else` counts the condition's false arm.
      if (block?.branch && !block.branch.hasElse) count(insert(k).byte(0x05), block.branch.elseProbe);
    } else if (opcode === 0x0d && tracked) {
      usesScratch = true;
      const taken = branch(k, 0);
      count(insert(k).byte(0x22).u32(scratch).byte(0x04).byte(0x40), taken).byte(0x0b).byte(0x20).u32(scratch);
      count(insert(k + 1), branch(k, 1));
      rank++;
    } else if (opcode === 0x0e && tracked) {
      usesScratch = true;
      const table = new WasmReader(module.bytes, starts[k]! + 1, starts[k + 1]!);
      const targets = table.u32();
      const writer = insert(k).byte(0x22).u32(scratch);
      for (let arm = 0; arm <= targets; arm++) {
        // Arm `targets` is the default: any index from `targets` up.
        writer
          .byte(0x20)
          .u32(scratch)
          .byte(0x41)
          .i32(arm)
          .byte(arm === targets ? 0x4f : 0x46)
          .byte(0x04)
          .byte(0x40);
        count(writer, branch(k, arm)).byte(0x0b);
      }
      writer.byte(0x20).u32(scratch);
      rank++;
    }
  }

  const out = new WasmWriter();
  const moved: Array<{ from: number; to: number }> = [{ from: start, to: 0 }];
  if (usesScratch)
    out
      .u32(groups + 1)
      .bytes(module.bytes.subarray(groupsStart, expressionStart))
      .u32(1)
      .byte(0x7f);
  else out.bytes(module.bytes.subarray(start, expressionStart));
  for (let k = 0; k < opcodes.length; k++) {
    const added = before.get(k);
    if (added) out.bytes(added.toBytes());
    moved.push({ from: starts[k]!, to: out.length });
    out.bytes(module.bytes.subarray(starts[k]!, starts[k + 1]!));
  }
  return { bytes: out.toBytes(), moved };
}

function globalSection(module: ParsedModule, section: { start: number; end: number } | undefined, count: number): Uint8Array {
  const out = new WasmWriter().u32(module.definedGlobalCount + count);
  if (section) {
    const reader = new WasmReader(module.bytes, section.start, section.end);
    reader.u32();
    out.bytes(module.bytes.subarray(reader.pos, section.end));
  }
  for (let i = 0; i < count; i++) out.byte(0x7f).byte(0x01).byte(0x41).byte(0x00).byte(0x0b);
  return out.toBytes();
}

function exportSection(module: ParsedModule, section: { start: number; end: number } | undefined, first: number, count: number): Uint8Array {
  const out = new WasmWriter().u32(module.exports.length + count);
  if (section) {
    const reader = new WasmReader(module.bytes, section.start, section.end);
    reader.u32();
    out.bytes(module.bytes.subarray(reader.pos, section.end));
  }
  for (let i = 0; i < count; i++)
    out
      .name(`${COVERAGE_EXPORT_PREFIX}${i}`)
      .byte(0x03)
      .u32(first + i);
  return out.toBytes();
}
