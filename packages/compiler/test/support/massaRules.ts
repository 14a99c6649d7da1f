// The node's acceptance rules, checked independently of the compiler's own checks.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface HostFunction {
  module: string;
  name: string;
  params: string[];
  results: string[];
}

const require = createRequire(import.meta.url);
export const HOST_FUNCTIONS: HostFunction[] = JSON.parse(readFileSync(require.resolve('@mason/sdk/abi-imports.json'), 'utf8'));

/** Import names of a module that are not in @mason/sdk/abi-imports.json. */
export function foreignImports(bytes: Uint8Array): string[] {
  const provided = new Set(HOST_FUNCTIONS.map((f) => `${f.module}.${f.name}`));
  return WebAssembly.Module.imports(new WebAssembly.Module(bytes))
    .map((entry) => `${entry.module}.${entry.name}`)
    .filter((name) => !provided.has(name));
}

/** Names of the custom sections (a node accepts at most one). */
export function customSections(bytes: Uint8Array): string[] {
  const names: string[] = [];
  let at = 8;
  const u32 = () => {
    let result = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++]!;
      result += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return result;
    }
  };
  while (at < bytes.length) {
    const id = bytes[at++]!;
    const size = u32();
    const end = at + size;
    if (id === 0) {
      const length = u32();
      names.push(new TextDecoder().decode(bytes.subarray(at, at + length)));
    }
    at = end;
  }
  return names;
}

/** Memory limits in pages, read by instantiating nothing: from the memory section. */
export function memoryLimits(bytes: Uint8Array): { initial: number; maximum?: number } {
  let at = 8;
  const u32 = () => {
    let result = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++]!;
      result += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return result;
    }
  };
  while (at < bytes.length) {
    const id = bytes[at++]!;
    const size = u32();
    const end = at + size;
    if (id === 5) {
      u32();
      const flags = bytes[at++]!;
      const initial = u32();
      return flags & 1 ? { initial, maximum: u32() } : { initial };
    }
    at = end;
  }
  throw new Error('no memory section');
}
