import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CompilerError } from './errors.js';
import type { ProjectTransform } from './projectAsconfig.js';
import { sha256Hex } from './sha256Hex.js';

const HOOKS = ['afterParse', 'afterInitialize', 'afterCompile'] as const;

/** Files the project's transforms read while compiling one contract: absolute path → sha256. */
export interface TransformReads {
  /** Relative paths a transform reads are taken from here, as `massa-as-compile` run in the project folder does. */
  root: string;
  files: Map<string, string>;
}

const loaded = new Map<string, Promise<unknown>>();

/** Imports a transform's module once per thread, as asc does (its default export, or the module). */
function loadTransform(transform: ProjectTransform): Promise<unknown> {
  let module = loaded.get(transform.path);
  if (!module) {
    module = import(pathToFileURL(transform.path).href).then((namespace: { default?: unknown }) => {
      const value = namespace.default ?? namespace;
      if (typeof value !== 'function' && (typeof value !== 'object' || value === null)) {
        throw new Error(`${transform.path} exports neither a transform class nor a transform object`);
      }
      return value;
    });
    loaded.set(transform.path, module);
  }
  return module.catch((error: unknown) => {
    loaded.delete(transform.path);
    throw new CompilerError('MASON_COMPILER_TRANSFORM_FAILED', {
      file: transform.config,
      transform: transform.name,
      reason: (error instanceof Error ? error.message : String(error)).split('\n')[0]!,
    });
  });
}

let recording: TransformReads | undefined;
const readFileSync = fs.readFileSync;

/** fs.readFileSync while a transform's hook runs: relative paths from the project root, every file read recorded. */
function recordingReadFileSync(this: unknown, path: unknown, options?: unknown): unknown {
  const reads = recording;
  if (!reads || !(typeof path === 'string' || path instanceof URL || Buffer.isBuffer(path))) {
    return Reflect.apply(readFileSync, this, [path, options]);
  }
  const absolute = path instanceof URL ? fileURLToPath(path) : resolve(reads.root, path.toString());
  const result = Reflect.apply(readFileSync, this, [absolute, options]);
  reads.files.set(absolute, sha256Hex(Buffer.isBuffer(result) ? result : readFileSync(absolute)));
  return result;
}

function during<T>(reads: TransformReads, run: () => T): T {
  const end = () => {
    recording = undefined;
    fs.readFileSync = readFileSync;
    syncBuiltinESMExports();
  };
  recording = reads;
  fs.readFileSync = recordingReadFileSync as typeof fs.readFileSync;
  // A transform written as an ES module sees `fs` through the module namespace.
  syncBuiltinESMExports();
  let result: T;
  try {
    result = run();
  } catch (error) {
    end();
    throw error;
  }
  if (result instanceof Promise) return result.finally(end) as T;
  end();
  return result;
}

/**
 * The project's transforms for one asc run of `contract`, loaded, each hook recording the files it
 * reads (so the build cache knows that a contract embedding `build/other.wasm` depends on it) and
 * turning what it throws into MASON_COMPILER_TRANSFORM_ERROR.
 */
export async function projectTransforms(transforms: readonly ProjectTransform[], contract: string, reads: TransformReads): Promise<unknown[]> {
  const modules = await Promise.all(transforms.map(loadTransform));
  return modules.map((module, i) => {
    const transform = transforms[i]!;
    const fail = (error: unknown) =>
      error instanceof CompilerError
        ? error
        : new CompilerError('MASON_COMPILER_TRANSFORM_ERROR', {
            transform: transform.name,
            file: transform.config,
            contract,
            reason: (error instanceof Error ? error.message : String(error)).split('\n')[0]!,
          });
    const call = (hook: (...args: unknown[]) => unknown, self: unknown, args: unknown[]): unknown => {
      try {
        const result = during(reads, () => hook.apply(self, args));
        return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(fail(error))) : result;
      } catch (error) {
        throw fail(error);
      }
    };
    if (typeof module === 'function') {
      // asc sets `program`, `baseDir`, … on the class's prototype, then instantiates it.
      const Base = module as new () => Record<string, unknown>;
      const Tracked = class extends Base {};
      for (const name of HOOKS) {
        const hook = Base.prototype[name] as unknown;
        if (typeof hook !== 'function') continue;
        Object.defineProperty(Tracked.prototype, name, {
          value(this: unknown, ...args: unknown[]) {
            return call(hook as (...args: unknown[]) => unknown, this, args);
          },
          writable: true,
          configurable: true,
        });
      }
      return Tracked;
    }
    const object = module as Record<string, unknown>;
    const tracked: Record<string, unknown> = Object.create(object);
    for (const name of HOOKS) {
      const hook = object[name];
      if (typeof hook === 'function') tracked[name] = (...args: unknown[]) => call(hook as (...args: unknown[]) => unknown, object, args);
    }
    return tracked;
  });
}
