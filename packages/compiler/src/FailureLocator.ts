import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { codeFrame } from './codeFrame.js';
import { compilerWarning, type CompilerWarning } from './errors.js';
import { sha256Hex } from './sha256Hex.js';
import { formatPosition, isLibraryFile, WasmSourceMap, type SourcePosition } from '@mason/wasm';

/** What a failed execution says about where it failed (the VM's `VmExecutionError` has these fields). */
export interface FailureFrames {
  /** Wasm frames of the failing module, innermost first, as offsets of its own bytecode. */
  wasmFrames?: readonly { functionIndex?: number; offset: number }[];
  module?: { bytecodeHash: string; address?: string };
  abort?: { message: string; file: string; line: number; column: number };
}

/**
 * Failure frames as a Mason devnet answers them (`mason_get_operation_failure`,
 * `mason_get_read_only_failure`: snake_case JSON), or undefined when absent or not understood.
 */
export function failureFramesFromJson(json: unknown): FailureFrames | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { wasm_frames: frames, module, abort } = json as { wasm_frames?: unknown; module?: { bytecode_hash?: unknown } | null; abort?: unknown };
  if (!Array.isArray(frames) || typeof module?.bytecode_hash !== 'string') return undefined;
  const wasmFrames = frames
    .filter((frame): frame is { offset: number; function_index?: unknown } => typeof frame?.offset === 'number')
    .map((frame) => ({ offset: frame.offset, ...(typeof frame.function_index === 'number' && { functionIndex: frame.function_index }) }));
  const a = abort as Partial<NonNullable<FailureFrames['abort']>> | null | undefined;
  const validAbort =
    typeof a?.message === 'string' && typeof a.file === 'string' && typeof a.line === 'number' && typeof a.column === 'number'
      ? { message: a.message, file: a.file, line: a.line, column: a.column }
      : undefined;
  return { wasmFrames, module: { bytecodeHash: module.bytecode_hash }, ...(validAbort && { abort: validAbort }) };
}

/** Where a failure happened in the project's source. */
export interface FailureLocation extends SourcePosition {
  /** The build's contract whose module failed (`<name>.wasm`). */
  contract: string;
  /** The project's frames, innermost first (the location's own frame included when it comes from the map). */
  frames: SourcePosition[];
}

interface BuiltModule {
  contract: string;
  wasmPath: string;
  wasm: Uint8Array;
  /** Read on first use; null when there is none or it cannot be used. */
  map?: WasmSourceMap | null;
}

/**
 * Finds the project's source line of a failure: the module that failed is matched by bytecode hash
 * with the `.wasm` files of the build folder, and its frames are read with the `.wasm.map` beside
 * it. A project file wins over library code (`~lib/`, node_modules): the abort's own position when
 * `assert`/`abort` is in project code, else the innermost frame in a project file. A map that
 * cannot be used (damaged, or of another build) is skipped with a warning, never an error.
 */
export class FailureLocator {
  private modules: Map<string, BuiltModule> | undefined;
  private readonly texts = new Map<string, string | null>();

  constructor(
    /** The project folder: map sources are relative to it. */
    private readonly root: string,
    /** The build folder (default `<root>/build`). */
    private readonly outDir: string = join(root, 'build'),
    private readonly onWarning: (warning: CompilerWarning) => void = () => undefined,
  ) {}

  /** The project location of `failure`, or undefined when its module is not one of the build's or nothing points into project code. */
  locate(failure: FailureFrames): FailureLocation | undefined {
    const hash = failure.module?.bytecodeHash;
    if (hash === undefined) return undefined;
    const built = this.builtModules().get(hash);
    if (!built) return undefined;
    const map = this.sourceMap(built);
    const frames: SourcePosition[] = [];
    if (map) {
      for (const frame of failure.wasmFrames ?? []) {
        const position = map.locate(frame.offset, (file) => !isLibraryFile(file));
        if (position) frames.push(position);
      }
    }
    const abort = failure.abort;
    const position = abort && !isLibraryFile(abort.file) && abort.line > 0 ? { file: abort.file, line: abort.line, column: abort.column } : frames[0];
    if (!position) return undefined;
    return { ...position, contract: built.contract, frames };
  }

  /** `file:line:column`, then the source lines around it (when the file can be read). */
  describe(location: SourcePosition): string {
    const text = this.sourceText(location.file);
    const where = formatPosition(location);
    return text === null ? where : `${where}\n${codeFrame(text, location.line, location.column)}`;
  }

  private builtModules(): Map<string, BuiltModule> {
    if (this.modules) return this.modules;
    this.modules = new Map();
    let names: string[];
    try {
      names = readdirSync(this.outDir);
    } catch {
      return this.modules;
    }
    for (const name of names) {
      if (!name.endsWith('.wasm') || name.endsWith('.deployer.wasm')) continue;
      const wasmPath = join(this.outDir, name);
      try {
        const wasm = new Uint8Array(readFileSync(wasmPath));
        this.modules.set(sha256Hex(wasm), { contract: name.slice(0, -'.wasm'.length), wasmPath, wasm });
      } catch {
        // unreadable: not a module of this build
      }
    }
    return this.modules;
  }

  private sourceMap(built: BuiltModule): WasmSourceMap | null {
    if (built.map !== undefined) return built.map;
    const mapPath = `${built.wasmPath}.map`;
    let text: string;
    try {
      text = readFileSync(mapPath, 'utf8');
    } catch {
      built.map = null;
      return null;
    }
    try {
      const json: unknown = JSON.parse(text);
      const { sources, mappings } = (json ?? {}) as { sources?: unknown; mappings?: unknown };
      if (!Array.isArray(sources) || !sources.every((source) => typeof source === 'string') || typeof mappings !== 'string') {
        throw new Error('it is not a source map (no "sources" list or "mappings" text)');
      }
      const map = new WasmSourceMap({ sources, mappings }, built.wasm);
      this.checkMatches(map, built.wasm.length);
      built.map = map;
    } catch (error) {
      const reason = error instanceof SyntaxError ? `it is not JSON (${error.message})` : (error as Error).message;
      this.onWarning(compilerWarning('MASON_COMPILER_BAD_SOURCE_MAP', { file: this.shown(mapPath), reason }, built.contract));
      built.map = null;
    }
    return built.map;
  }

  /** A map of another build names offsets past the module or lines past the end of its files. */
  private checkMatches(map: WasmSourceMap, size: number): void {
    const lineCounts = new Map<string, number>();
    for (const { offset, file, line } of map.entries()) {
      if (offset < 0 || offset >= size) throw new Error(`it names byte ${offset} of a ${size}-byte module: it belongs to another build`);
      if (isLibraryFile(file)) continue;
      let lines = lineCounts.get(file);
      if (lines === undefined) {
        const text = this.sourceText(file);
        lines = text === null ? Number.POSITIVE_INFINITY : text.split('\n').length;
        lineCounts.set(file, lines);
      }
      if (line > lines) {
        throw new Error(`it names line ${line} of ${file}, which has fewer lines: it belongs to another version of the source`);
      }
    }
  }

  private sourceText(file: string): string | null {
    let text = this.texts.get(file);
    if (text !== undefined) return text;
    const path = resolve(this.root, file);
    // Map sources name project files; a path leading out of the project is not read.
    const inside = !relative(this.root, path).startsWith(`..${sep}`) && !isLibraryFile(file);
    try {
      text = inside ? readFileSync(path, 'utf8') : null;
    } catch {
      text = null;
    }
    this.texts.set(file, text);
    return text;
  }

  private shown(path: string): string {
    return relative(this.root, path).split(sep).join('/');
  }
}
