import { join } from 'node:path';

/**
 * What every Massa contract needs whatever asconfig says (reference §7.2, §7.3): the runtime
 * exports the node looks up, memory capped at the node's 64 pages, and release optimization
 * (every executed operator costs gas; asc clamps shrink levels above 2).
 */
export const MASSA_ASC_FLAGS = [
  '--runtime',
  'incremental',
  '--exportRuntime',
  '--maximumMemory',
  '64',
  '--optimizeLevel',
  '3',
  '--shrinkLevel',
  '2',
  '--converge',
  '--noColors',
] as const;

export interface AscArgumentsInput {
  /** Entry file, relative to `baseDir`. */
  entry: string;
  baseDir: string;
  /** Output file, relative to `baseDir` (its name ends up in the source map URL). */
  outFile: string;
  /** The @mason/sdk whose asconfig.json (target `release`) gives the remaining options. */
  sdkDir: string;
  /** Extra package roots, searched after the node_modules folders above `baseDir`. */
  paths: readonly string[];
  sourceMap: boolean;
  /** Options of the project's asconfig.json that Mason passes through (projectAsconfig). */
  extra?: readonly string[];
}

/**
 * asc's command line. `--config` always names the SDK's asconfig.json, so a project's own
 * asconfig.json cannot turn on `debug` next to `sourceMap` (two custom sections: refused by a node).
 */
export function ascArguments(input: AscArgumentsInput): string[] {
  return [
    input.entry,
    '--baseDir',
    input.baseDir,
    '--config',
    join(input.sdkDir, 'asconfig.json'),
    '--target',
    'release',
    '--outFile',
    input.outFile,
    ...MASSA_ASC_FLAGS,
    ...(input.sourceMap ? ['--sourceMap'] : []),
    ...(input.extra ?? []),
    ...input.paths.flatMap((path) => ['--path', path]),
  ];
}
