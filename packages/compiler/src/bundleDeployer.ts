import { CompilerError } from './errors.js';
import { NODE_LIMITS } from './nodeLimits.js';
import { ExternalKind, SectionId, WasmReader, WasmWriter, type ParsedModule } from '@mason/wasm';
import { parseWasm } from './parseWasm.js';

const I32 = 0x7f;
/** AssemblyScript's class id of ArrayBuffer (fixed: 0 Object, 1 ArrayBuffer, 2 String). */
const ARRAY_BUFFER_ID = 1;

function templateError(reason: string): never {
  throw new CompilerError('MASON_COMPILER_DEPLOYER_TEMPLATE', { reason });
}

function exportedFunction(module: ParsedModule, name: string, params: number[], results: number[]): number {
  const entry = module.exports.find((candidate) => candidate.name === name && candidate.kind === ExternalKind.Function);
  if (!entry) return templateError(`it does not export the function ${name}`);
  const typeIndex = entry.index < module.importedFunctionCount ? undefined : module.functionTypes[entry.index - module.importedFunctionCount];
  const type = typeIndex === undefined ? undefined : module.types[typeIndex];
  if (!type || type.params.join() !== params.join() || type.results.join() !== results.join()) {
    return templateError(`its ${name} does not have the expected signature`);
  }
  return entry.index;
}

/** A vector section payload with `extra` entries (already encoded) appended. */
function appendEntries(module: ParsedModule, sectionId: number, extraCount: number, extra: Uint8Array): Uint8Array {
  const section = module.sections.find((candidate) => candidate.id === sectionId);
  const out = new WasmWriter(extra.length + (section ? section.end - section.start : 0) + 8);
  if (!section) return out.u32(extraCount).bytes(extra).toBytes();
  const reader = new WasmReader(module.bytes, section.start, section.end);
  const count = reader.u32();
  return out
    .u32(count + extraCount)
    .bytes(module.bytes.subarray(reader.pos, section.end))
    .bytes(extra)
    .toBytes();
}

/**
 * Body of a bundled deployer's `main`, which hands a copy of the contract to `deployEmbedded`:
 *   buffer = __new(length, ArrayBuffer id); memory.init segment (buffer, 0, length);
 *   data.drop segment; deployEmbedded(buffer)
 */
function embeddedMain(length: number, segment: number, newIndex: number, deployIndex: number): Uint8Array {
  const body = new WasmWriter(64)
    .u32(1)
    .u32(1)
    .byte(I32) // local 1: the buffer (local 0 is main's unused parameter)
    .byte(0x41)
    .i32(length)
    .byte(0x41)
    .i32(ARRAY_BUFFER_ID)
    .byte(0x10)
    .u32(newIndex)
    .byte(0x22)
    .u32(1) // local.tee 1
    .byte(0x41)
    .i32(0)
    .byte(0x41)
    .i32(length)
    .byte(0xfc)
    .u32(8)
    .u32(segment)
    .byte(0x00) // memory.init segment, memory 0
    .byte(0xfc)
    .u32(9)
    .u32(segment) // data.drop segment
    .byte(0x20)
    .u32(1)
    .byte(0x10)
    .u32(deployIndex)
    .byte(0x0b)
    .toBytes();
  return new WasmWriter(body.length + 5).u32(body.length).bytes(body).toBytes();
}

/**
 * Splices `bytecode` into the compiled deployer `template` (assembly/deployer.ts), without
 * recompiling it: the bytes become one more data segment, passive so that they take no memory
 * until `main` copies them into a buffer of their exact size; a generated function becomes the
 * exported `main` (the template's own `main`, which reads everything from the datastore, and
 * `deployEmbedded` are no longer exported). Memory limits are untouched: the copy lives in the
 * heap, which grows up to the template's 64-page maximum. `what` names the contract in errors;
 * above NODE_LIMITS.maxEmbeddedContract bytes it throws MASON_COMPILER_CONTRACT_TOO_LARGE.
 */
export function bundleDeployer(template: Uint8Array, bytecode: Uint8Array, what = 'the contract'): Uint8Array {
  if (bytecode.length > NODE_LIMITS.maxEmbeddedContract) {
    throw new CompilerError('MASON_COMPILER_CONTRACT_TOO_LARGE', { file: what, size: bytecode.length, maximum: NODE_LIMITS.maxEmbeddedContract });
  }
  const module = parseWasm(template, 'the deployer template');
  if (module.passiveDataSegments > 0) templateError('it already carries a contract');
  exportedFunction(module, 'main', [I32], []);
  const newIndex = exportedFunction(module, '__new', [I32, I32], [I32]);
  const deployIndex = exportedFunction(module, 'deployEmbedded', [I32], []);
  for (const [id, name] of [
    [SectionId.Function, 'function'],
    [SectionId.Export, 'export'],
    [SectionId.Code, 'code'],
  ] as const) {
    if (!module.sections.some((section) => section.id === id)) templateError(`it has no ${name} section`);
  }

  let typeIndex = module.types.findIndex((type) => type.params.join() === `${I32}` && type.results.length === 0);
  const addType = typeIndex < 0;
  if (addType) typeIndex = module.types.length;
  const mainIndex = module.importedFunctionCount + module.functionTypes.length;
  const segment = module.activeDataSegments;
  const hasData = module.sections.some((section) => section.id === SectionId.Data);

  const passiveSegment = new WasmWriter(bytecode.length + 8).u32(1).u32(bytecode.length).bytes(bytecode).toBytes();
  const dataCount = new WasmWriter(5).u32(segment + 1).toBytes();
  const out = new WasmWriter(template.length + bytecode.length + 128);
  out.bytes(template.subarray(0, 8));
  for (const section of module.sections) {
    if (section.id === SectionId.Code && module.dataCount === undefined) out.section(SectionId.DataCount, dataCount);
    switch (section.id) {
      case SectionId.Type:
        if (addType) out.section(section.id, appendEntries(module, section.id, 1, Uint8Array.of(0x60, 1, I32, 0)));
        else out.bytes(template.subarray(section.headerStart, section.end));
        break;
      case SectionId.Function:
        out.section(section.id, appendEntries(module, section.id, 1, new WasmWriter(5).u32(typeIndex).toBytes()));
        break;
      case SectionId.Export: {
        const exports = new WasmWriter();
        const kept = module.exports.filter((entry) => entry.name !== 'main' && entry.name !== 'deployEmbedded');
        exports.u32(kept.length + 1);
        for (const entry of kept) exports.name(entry.name).byte(entry.kind).u32(entry.index);
        exports.name('main').byte(0).u32(mainIndex);
        out.section(section.id, exports.toBytes());
        break;
      }
      case SectionId.DataCount:
        out.section(section.id, dataCount);
        break;
      case SectionId.Code:
        out.section(section.id, appendEntries(module, section.id, 1, embeddedMain(bytecode.length, segment, newIndex, deployIndex)));
        if (!hasData) out.section(SectionId.Data, appendEntries(module, SectionId.Data, 1, passiveSegment));
        break;
      case SectionId.Data:
        out.section(section.id, appendEntries(module, section.id, 1, passiveSegment));
        break;
      default:
        out.bytes(template.subarray(section.headerStart, section.end));
    }
  }
  return out.toBytes();
}
