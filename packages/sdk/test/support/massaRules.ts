// The node's acceptance rules for an AssemblyScript module (reference §7.2, §7.3, §8), as assertions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sdkDir } from './compile.js';
import { readWasmModule, type FunctionImport } from './wasmModule.js';

export type ArgType = 'string' | 'bytes' | 'i32' | 'i64' | 'f64';

export interface HostFunction extends FunctionImport {
  /** How the guest-side value of each parameter is read: a string or buffer pointer, or a number. */
  argTypes: ArgType[];
  returnType: ArgType | 'void';
  /** Key of its cost in the node's abi_gas_costs.json (null: the node charges nothing it can look up). */
  gasKey: string | null;
}

export const hostFunctions: HostFunction[] = JSON.parse(readFileSync(join(sdkDir, 'abi-imports.json'), 'utf8'));

export const MAX_MEMORY_PAGES = 64;

const key = (i: { module: string; name: string }) => `${i.module}.${i.name}`;
const table = new Map(hostFunctions.map((f) => [key(f), f]));

/** Every reason the node would refuse `bytes` as an AssemblyScript contract (empty = accepted). */
export function massaViolations(bytes: Uint8Array): string[] {
  const info = readWasmModule(bytes);
  const problems: string[] = [];
  for (const imported of info.functionImports) {
    const host = table.get(key(imported));
    if (!host) {
      problems.push(`imports ${key(imported)}, which the node does not provide`);
    } else if (imported.params.join() !== host.params.join() || imported.results.join() !== host.results.join()) {
      problems.push(`imports ${key(imported)} as (${imported.params}) -> (${imported.results}), ` + `the node provides (${host.params}) -> (${host.results})`);
    }
  }
  for (const other of info.otherImports) problems.push(`imports non-function ${key(other)}`);
  if (info.memories.length !== 1) problems.push(`defines ${info.memories.length} memories`);
  for (const memory of info.memories) {
    if (memory.initial > MAX_MEMORY_PAGES) problems.push(`initial memory ${memory.initial} pages > ${MAX_MEMORY_PAGES}`);
    if (memory.maximum !== undefined && memory.maximum > MAX_MEMORY_PAGES) {
      problems.push(`maximum memory ${memory.maximum} pages > ${MAX_MEMORY_PAGES}`);
    }
  }
  if (info.customSections.length > 1) problems.push(`has ${info.customSections.length} custom sections: ${info.customSections}`);
  const exported = new Set(info.exports.map((e) => e.name));
  for (const required of ['memory', '__new', '__pin', '__unpin', '__collect']) {
    if (!exported.has(required)) problems.push(`does not export ${required}`);
  }
  return problems;
}
