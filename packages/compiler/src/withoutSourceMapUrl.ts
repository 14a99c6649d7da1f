import { parseModule, SectionId } from '@mason/wasm';

/**
 * `wasm` without the `sourceMappingURL` custom section asc appends with `--sourceMap`. asc writes
 * that section last, after the code, so every byte before it (and every offset the map names) is
 * what the same compile without a map gives: the deployed module stays the one massa-as-compile's
 * release build would deploy, and the map stays a file beside it.
 */
export function withoutSourceMapUrl(wasm: Uint8Array): Uint8Array {
  const module = parseModule(wasm);
  const last = module.sections.at(-1);
  if (!last || last.id !== SectionId.Custom || last.end !== wasm.length) return wasm;
  if (module.customSections.at(-1)?.name !== 'sourceMappingURL') return wasm;
  return wasm.slice(0, last.headerStart);
}
