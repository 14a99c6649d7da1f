import { relative, sep } from 'node:path';
import { ascArguments } from './ascArguments.js';
import type { CompileContractInput } from './CompileContractInput.js';

function posix(path: string): string {
  return path.split(sep).join('/');
}

/** asc's command line for a contract of a project. */
export function contractAscArguments(input: Omit<CompileContractInput, 'name'>): string[] {
  return ascArguments({
    entry: posix(relative(input.root, input.file)),
    baseDir: input.root,
    outFile: posix(relative(input.root, input.wasmPath)),
    sdkDir: input.sdkDir,
    paths: input.paths,
    sourceMap: input.sourceMap,
    extra: input.asconfigArgs,
  });
}
