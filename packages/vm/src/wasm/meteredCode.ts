import { InstructionKind, readInstruction, WasmReader, WasmWriter, type ParsedModule } from '@mason/wasm';
import { canonicalizeCode, F32, F64, NAN_PRODUCING } from './canonicalizeNans.js';
import type { OffsetRecorder } from './MeteredOffsets.js';

/**
 * Work between two deadline checks from wasm code: bytes of bulk memory/table operators (whose
 * time grows with their count operand while their gas does not), plus `LOCAL_WORK` per local of
 * functions with more than `MANY_LOCALS` locals (zeroed on every call). 64 MiB of memset is a few
 * milliseconds.
 */
export const WATCHDOG_WORK_INTERVAL = 64n * 1024n * 1024n;
const MANY_LOCALS = 256;
const LOCAL_WORK = 8;

/** Where the watchdog's parts are in the metered module. */
export interface WatchdogIndices {
  /** The work global. */
  work: number;
  /** The added `() -> ()` type. */
  type: number;
  /** The added table. */
  table: number;
}

function chargeCode(remainingIndex: number, exhaustedIndex: number, cost: bigint): Uint8Array {
  return new WasmWriter()
    .byte(0x23)
    .u32(remainingIndex) // global.get $remaining
    .byte(0x42)
    .i64(cost) // i64.const cost
    .byte(0x54) // i64.lt_u
    .byte(0x04)
    .byte(0x40) // if
    .byte(0x41)
    .byte(0x01) // i32.const 1
    .byte(0x24)
    .u32(exhaustedIndex) // global.set $exhausted
    .byte(0x00) // unreachable
    .byte(0x0b) // end
    .byte(0x23)
    .u32(remainingIndex) // global.get $remaining
    .byte(0x42)
    .i64(cost) // i64.const cost
    .byte(0x7d) // i64.sub
    .byte(0x24)
    .u32(remainingIndex) // global.set $remaining
    .toBytes();
}

/** Adds `work` (on the stack as an i64) to the work global; past the interval, calls the check. */
function addWorkCode(watchdog: WatchdogIndices): Uint8Array {
  return new WasmWriter()
    .byte(0x23)
    .u32(watchdog.work) // global.get $work
    .byte(0x7c) // i64.add
    .byte(0x24)
    .u32(watchdog.work) // global.set $work
    .byte(0x23)
    .u32(watchdog.work) // global.get $work
    .byte(0x42)
    .i64(WATCHDOG_WORK_INTERVAL) // i64.const interval
    .byte(0x56) // i64.gt_u
    .byte(0x04)
    .byte(0x40) // if
    .byte(0x42)
    .byte(0x00) // i64.const 0
    .byte(0x24)
    .u32(watchdog.work) // global.set $work
    .byte(0x41)
    .byte(0x00) // i32.const 0
    .byte(0x11)
    .u32(watchdog.type)
    .u32(watchdog.table) // call_indirect (type $check) $watchdog
    .byte(0x0b) // end
    .toBytes();
}

/** Before a bulk operator: its count operand (top of the stack, kept there) is added as work. */
function bulkWorkCode(scratch: number, watchdog: WatchdogIndices): Uint8Array {
  return new WasmWriter()
    .byte(0x22)
    .u32(scratch) // local.tee $scratch
    .byte(0xad) // i64.extend_i32_u
    .bytes(addWorkCode(watchdog))
    .byte(0x20)
    .u32(scratch) // local.get $scratch
    .toBytes();
}

export function codeSection(
  module: ParsedModule,
  remainingIndex: number,
  exhaustedIndex: number,
  operatorCost: bigint,
  watchdog: WatchdogIndices,
  recorder: OffsetRecorder | undefined,
): Uint8Array {
  const charges = new Map<number, Uint8Array>();
  const charge = (operators: number): Uint8Array => {
    let code = charges.get(operators);
    if (!code) {
      code = chargeCode(remainingIndex, exhaustedIndex, operatorCost * BigInt(operators));
      charges.set(operators, code);
    }
    return code;
  };

  const out = new WasmWriter().u32(module.codeBodies.length);
  const body = new WasmWriter();
  module.codeBodies.forEach(({ start, end }, functionIndex) => {
    const reader = new WasmReader(module.bytes, start, end);
    const localGroups = reader.u32();
    const groupsStart = reader.pos;
    let localCount = 0;
    for (let i = 0; i < localGroups; i++) {
      localCount += reader.u32();
      reader.u8();
    }
    const expressionStart = reader.pos;

    // First pass: instruction boundaries, the ends of basic blocks, the float results to canonicalize.
    const starts: number[] = [];
    const accounting: boolean[] = [];
    const canonicalized: Array<typeof F32 | typeof F64 | undefined> = [];
    const bulk: boolean[] = [];
    let hasFloatResults = false;
    let hasBulk = false;
    let depth = 0;
    for (;;) {
      if (reader.done) reader.fail('function body must end with END opcode');
      starts.push(reader.pos);
      const nanType = NAN_PRODUCING.get(module.bytes[reader.pos]!);
      const info = readInstruction(reader);
      accounting.push(info.accounting);
      bulk.push(info.bulk === true);
      if (info.bulk) hasBulk = true;
      canonicalized.push(nanType);
      if (nanType !== undefined) hasFloatResults = true;
      if (info.kind === InstructionKind.Open) depth++;
      else if (info.kind === InstructionKind.End) {
        if (depth === 0) break;
        depth--;
      }
    }
    if (!reader.done) reader.fail('operators remaining after end of function');
    starts.push(end);

    body.length = 0;
    const firstRun = recorder?.metered.length ?? 0;
    // Locals, and code inserted before an instruction, map to the instruction (or the body) they belong to.
    recorder?.run(0, start, false);
    let canonicalizeF32: Uint8Array | undefined;
    let canonicalizeF64: Uint8Array | undefined;
    let bulkWork: Uint8Array | undefined;
    if (hasFloatResults || hasBulk) {
      // scratch locals after the existing ones: an f32 and an f64, then an i32
      const params = module.types[module.functionTypes[functionIndex]!]!.params.length;
      let scratch = params + localCount;
      const groups = new WasmWriter();
      let extraGroups = 0;
      if (hasFloatResults) {
        canonicalizeF32 = canonicalizeCode(F32, scratch);
        canonicalizeF64 = canonicalizeCode(F64, scratch + 1);
        groups.u32(1).byte(F32).u32(1).byte(F64);
        extraGroups += 2;
        scratch += 2;
      }
      if (hasBulk) {
        bulkWork = bulkWorkCode(scratch, watchdog);
        groups.u32(1).byte(0x7f);
        extraGroups += 1;
      }
      body.u32(localGroups + extraGroups).bytes(module.bytes.subarray(groupsStart, expressionStart));
      body.bytes(groups.toBytes());
    } else {
      body.bytes(module.bytes.subarray(start, expressionStart));
    }
    if (localCount > MANY_LOCALS) {
      recorder?.run(body.length, starts[0]!, false);
      body
        .byte(0x42)
        .i64(BigInt(localCount * LOCAL_WORK))
        .bytes(addWorkCode(watchdog));
    }
    /** Copies instructions [from, to): bulk operators preceded by their work, float results followed by their canonicalization. */
    const copy = (from: number, to: number) => {
      if (!hasFloatResults && !hasBulk) {
        recorder?.run(body.length, starts[from]!, true);
        body.bytes(module.bytes.subarray(starts[from]!, starts[to]!));
        return;
      }
      let runStart = from;
      for (let k = from; k < to; k++) {
        if (bulk[k]) {
          recorder?.run(body.length, starts[runStart]!, true);
          body.bytes(module.bytes.subarray(starts[runStart]!, starts[k]!));
          recorder?.run(body.length, starts[k]!, false);
          body.bytes(bulkWork!);
          runStart = k;
        }
        const type = canonicalized[k];
        if (type === undefined) continue;
        recorder?.run(body.length, starts[runStart]!, true);
        body.bytes(module.bytes.subarray(starts[runStart]!, starts[k + 1]!));
        recorder?.run(body.length, starts[k]!, false);
        body.bytes(type === F32 ? canonicalizeF32! : canonicalizeF64!);
        runStart = k + 1;
      }
      recorder?.run(body.length, starts[runStart]!, true);
      body.bytes(module.bytes.subarray(starts[runStart]!, starts[to]!));
    };
    let segmentStart = 0;
    for (let i = 0; i < accounting.length; i++) {
      if (!accounting[i]) continue;
      recorder?.run(body.length, starts[segmentStart]!, false);
      body.bytes(charge(i - segmentStart + 1));
      copy(segmentStart, i + 1);
      segmentStart = i + 1;
    }
    out.u32(body.length);
    recorder?.shift(firstRun, out.length);
    out.bytes(body.toBytes());
  });
  return out.toBytes();
}
