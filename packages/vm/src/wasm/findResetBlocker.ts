import { readInstruction, WasmReader, type ParsedModule } from '@mason/wasm';

// 0xfc sub-opcodes that change per-instance state JavaScript cannot restore: dropped segments
// and table contents.
const STATEFUL_PREFIXED = new Map([
  [9, 'data.drop'],
  [12, 'table.init'],
  [13, 'elem.drop'],
  [14, 'table.copy'],
]);

/**
 * Why an instance of `module` cannot be put back to its initial state by rewriting its memory and
 * mutable globals (so each call needs a fresh instance), or undefined when it can. Memory growth is
 * checked per call instead, since a memory cannot shrink.
 */
export function findResetBlocker(module: ParsedModule): string | undefined {
  const bytes = module.bytes;
  for (const { start, end } of module.codeBodies) {
    const reader = new WasmReader(bytes, start, end);
    const groups = reader.u32();
    for (let i = 0; i < groups; i++) {
      reader.u32();
      reader.u8();
    }
    while (!reader.done) {
      const at = reader.pos;
      readInstruction(reader);
      if (bytes[at] !== 0xfc) continue;
      const sub = new WasmReader(bytes, at + 1, end).u32();
      const name = STATEFUL_PREFIXED.get(sub);
      if (name) return `uses ${name}`;
    }
  }
  return undefined;
}
