import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolchain } from './toolchain.js';

/** One host function a node provides, as @mason/sdk's abi-imports.json lists it. */
export interface HostImport {
  module: string;
  name: string;
  params: string[];
  results: string[];
}

let table: Map<string, HostImport> | undefined;

/** The node's host functions by `module.name`, from the @mason/sdk the compiler depends on. */
export function abiImports(): Map<string, HostImport> {
  if (!table) {
    const list = JSON.parse(readFileSync(join(toolchain().sdk.dir, 'abi-imports.json'), 'utf8')) as HostImport[];
    table = new Map(list.map((entry) => [`${entry.module}.${entry.name}`, entry]));
  }
  return table;
}
