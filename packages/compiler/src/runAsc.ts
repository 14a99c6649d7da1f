import { readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { AstEnums, SourceNode } from './abi/abiAst.js';
import { installCallSites, type CallSiteClasses } from './callSites.js';
import type { Diagnostic } from './Diagnostic.js';
import { displayPath } from './displayPath.js';
import { loadAsc } from './loadAsc.js';
import { freshSourcesTransform, withParsedSources } from './parsedSources.js';
import type { ProjectTransform } from './projectAsconfig.js';
import { projectTransforms, type TransformReads } from './projectTransforms.js';
import { sha256Hex } from './sha256Hex.js';
import { toDiagnostic } from './toDiagnostic.js';
import { CompilerError } from './errors.js';
import { rewriteTypedExports } from './typedExports.js';

export interface AscRun {
  /** Files asc emitted, by the name it gave them (relative to the base folder). */
  outputs: Map<string, Uint8Array>;
  /** Every file asc read: absolute path → sha256 of the bytes it got. */
  files: Map<string, string>;
  diagnostics: Diagnostic[];
  error: Error | null;
  stderr: string;
  /** Files whose syntax tree came from an earlier run in this thread (parsedSources). */
  reusedSources: number;
}

const encoder = new TextEncoder();

/** Hands the program's syntax trees (every file, kept ones included) to `onParsed`, before the project's transforms run. */
function parsedSourcesHook(onParsed: (sources: readonly SourceNode[], enums: AstEnums) => void, enums: AstEnums) {
  return {
    afterParse(parser: { sources: SourceNode[] }): void {
      onParsed(parser.sources, enums);
    },
  };
}

class FailedProgram {
  constructor(readonly error: Error) {}
}

/**
 * Runs asc in this process; reads go to disk (and are recorded), writes stay in memory. Files an
 * earlier run in this thread parsed, with the same path and text, are not parsed again (parsedSources).
 */
export async function runAsc(
  argv: string[],
  baseDir: string,
  root: string,
  project?: {
    transforms: readonly ProjectTransform[];
    contract: string;
    onParsed?: (sources: readonly SourceNode[], enums: AstEnums) => void;
    /** The contract's entry file (absolute): its typed exports are made callable (typedExports.ts). */
    entry?: string;
  },
): Promise<AscRun> {
  const { asc, assemblyscript } = await loadAsc();
  installCallSites(assemblyscript as unknown as CallSiteClasses);
  const texts = new Map<string, string>();
  const run: AscRun = { outputs: new Map(), files: new Map(), diagnostics: [], error: null, stderr: '', reusedSources: 0 };

  const locate = (normalizedPath: string): { text: string; file: string } | undefined => {
    if (normalizedPath.startsWith('~lib/')) {
      const inLibrary = normalizedPath.slice('~lib/'.length);
      const library = asc.libraryFiles[inLibrary.replace(/\.ts$/, '')];
      if (library !== undefined) return { text: library, file: normalizedPath };
      for (const [path, text] of texts) {
        if (path.split(sep).join('/').endsWith(`/node_modules/${inLibrary}`)) return { text, file: displayPath(root, path) };
      }
      return undefined;
    }
    const path = resolve(baseDir, normalizedPath);
    const text = texts.get(path);
    return text === undefined ? undefined : { text, file: displayPath(root, path) };
  };

  let typedExportError: CompilerError | undefined;
  const typedEntry = (text: string, path: string): string => {
    const kinds = assemblyscript as unknown as { NodeKind: { FunctionDeclaration: number }; CommonFlags: { Export: number } };
    const rewrite = rewriteTypedExports(assemblyscript.Parser, text, displayPath(root, path), {
      FunctionDeclaration: kinds.NodeKind.FunctionDeclaration,
      ExportFlag: kinds.CommonFlags.Export,
    });
    if (rewrite === null) return text;
    if ('problem' in rewrite) {
      typedExportError = new CompilerError('MASON_COMPILER_TYPED_EXPORT', { file: displayPath(root, path), contract: project!.contract, ...rewrite.problem });
      return text;
    }
    return rewrite.text;
  };

  const reads: TransformReads = { root, files: new Map() };
  const transforms = project && project.transforms.length > 0 ? await projectTransforms(project.transforms, project.contract, reads) : [];
  // The project's transforms may rewrite any tree they are handed: with them, nothing is shared.
  const flavor = transforms.length > 0 ? null : 'no transform';
  const result = await withParsedSources(assemblyscript, flavor, async (session) => {
    const result = await asc.main(argv, {
      readFile(filename, dir) {
        const path = resolve(dir, filename);
        let bytes: Buffer;
        try {
          bytes = readFileSync(path);
        } catch {
          return null;
        }
        const text = bytes.toString('utf8');
        texts.set(path, text);
        run.files.set(path, sha256Hex(bytes));
        if (project?.entry === path) return typedEntry(text, path);
        return text;
      },
      writeFile(filename, contents) {
        run.outputs.set(filename, typeof contents === 'string' ? encoder.encode(contents) : contents);
      },
      reportDiagnostic(message) {
        run.diagnostics.push(toDiagnostic(message, locate));
      },
      stdout: { write: () => undefined },
      stderr: { write: (chunk) => void (run.stderr += typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk)) },
      transforms: [
        freshSourcesTransform(session) as never,
        ...(project?.onParsed ? [parsedSourcesHook(project.onParsed, assemblyscript as unknown as AstEnums) as never] : []),
        ...(transforms as never[]),
      ],
    });
    // Thrown so that a failed program keeps none of its trees (and drops the others).
    if (result.error) throw new FailedProgram(result.error);
    run.reusedSources = session.reused.size;
    return result;
  }).catch((reason: unknown) => {
    if (reason instanceof FailedProgram) return { error: reason.error };
    throw reason;
  });
  run.error = typedExportError ?? result.error;
  for (const [path, digest] of reads.files) run.files.set(path, digest);
  return run;
}
