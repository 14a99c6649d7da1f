import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { displayPath } from './displayPath.js';
import { CompilerError } from './errors.js';
import { sha256Hex } from './sha256Hex.js';

/** A transform named by the project's asconfig, resolved as asc resolves it. */
export interface ProjectTransform {
  /** As written in the asconfig. */
  name: string;
  /** The asconfig that names it (shown in messages). */
  config: string;
  /** Absolute path of the module to load (symlinks resolved). */
  path: string;
  /** sha256 of that module, so that a changed transform recompiles. */
  sha256: string;
}

/** What `mason build` takes from the project's asconfig.json. */
export interface ProjectAsconfig {
  /** The asconfig files read, project's first (absolute paths). */
  files: string[];
  /** Transforms, in asc's order (the project's own before those of a config it extends). */
  transforms: ProjectTransform[];
  /** asc arguments for the options passed through, paths made absolute. */
  args: string[];
}

type Kind = 'flag' | 'string' | 'strings' | 'paths' | 'integers' | 'integer';

/**
 * Options of a project's asconfig that `mason build` passes to asc, as asc's own reading would.
 * The others (runtime, exports, memory, optimization, outputs, source maps, debug info) are
 * Mason's: a node requires them as they are (docs/compiler.md, "Compile options").
 */
const PASSED: Record<string, Kind> = {
  noAssert: 'flag',
  uncheckedBehavior: 'string',
  use: 'strings',
  enable: 'strings',
  disable: 'strings',
  lib: 'paths',
  path: 'paths',
  disableWarning: 'integers',
  noUnsafe: 'flag',
  pedantic: 'flag',
  trapMode: 'string',
  runPasses: 'string',
  stackSize: 'integer',
};

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readConfig(path: string, root: string): Json {
  const file = displayPath(root, path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CompilerError('MASON_COMPILER_BAD_ASCONFIG', { file, reason: (error as Error).message });
  }
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new CompilerError('MASON_COMPILER_BAD_ASCONFIG', { file, reason: `not valid JSON (${(error as Error).message})` });
  }
  if (!isObject(config)) throw new CompilerError('MASON_COMPILER_BAD_ASCONFIG', { file, reason: 'not a JSON object' });
  for (const key of ['options', 'targets'] as const) {
    if (config[key] !== undefined && !isObject(config[key])) {
      throw new CompilerError('MASON_COMPILER_BAD_ASCONFIG', { file, reason: `"${key}" is not an object` });
    }
  }
  if (config.extends !== undefined && typeof config.extends !== 'string') {
    throw new CompilerError('MASON_COMPILER_BAD_ASCONFIG', { file, reason: '"extends" is not a string' });
  }
  return config;
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** Resolves a module named in a config as asc does: bare names through node_modules from the config's folder. */
function resolveModule(name: string, configDir: string): string {
  const require = createRequire(join(configDir, 'asconfig.json'));
  return realpathSync(require.resolve(isAbsolute(name) || name.startsWith('.') ? resolve(configDir, name) : name));
}

/**
 * Reads `<root>/asconfig.json` as asc (and so `massa-as-compile`) does: target `release`, then
 * `options`, then the config it `extends`, a value set earlier winning and lists merged. Returns
 * undefined when the project has none. A transform that cannot be found throws
 * MASON_COMPILER_TRANSFORM_FAILED naming the asconfig and the transform.
 */
export function projectAsconfig(root: string): ProjectAsconfig | undefined {
  let path = join(root, 'asconfig.json');
  if (!existsSync(path)) return undefined;
  const files: string[] = [];
  const values = new Map<string, unknown>();
  const transforms: ProjectTransform[] = [];
  while (!files.includes(path)) {
    files.push(path);
    const config = readConfig(path, root);
    const dir = dirname(path);
    const target = isObject(config.targets) ? config.targets.release : undefined;
    for (const layer of [target, config.options]) {
      if (!isObject(layer)) continue;
      for (const name of asList(layer.transform ?? [])) {
        if (typeof name !== 'string') continue;
        const shown = displayPath(root, path);
        if (transforms.some((transform) => transform.name === name.trim())) continue;
        let resolved: string;
        try {
          resolved = resolveModule(name.trim(), dir);
        } catch (error) {
          throw new CompilerError('MASON_COMPILER_TRANSFORM_FAILED', { file: shown, transform: name, reason: (error as Error).message.split('\n')[0]! });
        }
        transforms.push({ name: name.trim(), config: shown, path: resolved, sha256: sha256Hex(readFileSync(resolved)) });
      }
      for (const [key, kind] of Object.entries(PASSED)) {
        const value = layer[key];
        if (value === undefined || value === null) continue;
        const listed = kind === 'strings' || kind === 'paths' || kind === 'integers';
        const own = kind === 'paths' ? asList(value).map((item) => resolve(dir, String(item))) : value;
        const earlier = values.get(key);
        if (earlier === undefined) values.set(key, listed ? [...asList(own)] : own);
        else if (listed) values.set(key, [...(earlier as unknown[]), ...asList(own).filter((item) => !(earlier as unknown[]).includes(item))]);
      }
    }
    if (typeof config.extends !== 'string') break;
    const base = config.extends;
    try {
      path = isAbsolute(base) || base.startsWith('.') ? resolve(dir, base) : createRequire(join(dir, 'asconfig.json')).resolve(base);
    } catch (error) {
      throw new CompilerError('MASON_COMPILER_BAD_ASCONFIG', {
        file: displayPath(root, files.at(-1)!),
        reason: `"extends": ${(error as Error).message.split('\n')[0]}`,
      });
    }
  }
  const args: string[] = [];
  for (const [key, value] of values) {
    const kind = PASSED[key]!;
    if (kind === 'flag') {
      if (value === true) args.push(`--${key}`);
    } else if (kind === 'string' || kind === 'integer') {
      args.push(`--${key}`, String(value));
    } else {
      for (const item of value as unknown[]) args.push(`--${key}`, String(item));
    }
  }
  return { files, transforms, args };
}
