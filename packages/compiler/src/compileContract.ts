import { ABI_FORMAT, type Abi } from '@mason/codec/base';
import type { AstEnums, SourceNode } from './abi/abiAst.js';
import { displayPath } from './displayPath.js';
import { inferAbi } from './abi/inferAbi.js';
import type { CompileContractInput } from './CompileContractInput.js';
import { contractAscArguments } from './contractAscArguments.js';
import type { Diagnostic } from './Diagnostic.js';
import { CompilerError } from './errors.js';
import { formatDiagnostic } from './formatDiagnostic.js';
import { runAsc } from './runAsc.js';
import { withoutSourceMapUrl } from './withoutSourceMapUrl.js';

export type { CompileContractInput } from './CompileContractInput.js';

export interface CompiledContract {
  /** The module to deploy: no custom section, the same bytes with or without a source map. */
  wasm: Uint8Array;
  /** asc's source map of `wasm` (sources relative to the project), when asked for. */
  sourceMap?: Uint8Array;
  /** Every file asc read: absolute path → sha256. */
  files: Map<string, string>;
  warnings: Diagnostic[];
  /** How long asc took, when it ran in a worker thread (queueing not counted). */
  compileMs?: number;
  /** Files whose syntax tree came from an earlier compile in this thread. */
  reusedSources: number;
  /** The contract's interface, inferred from the syntax trees of this compile (docs/abi.md); its exports not yet matched to the module's. Absent with `abi: false`. */
  abi?: Abi;
  /** Why the inference failed, when it did (the build goes on; every function is then unknown). */
  abiError?: string;
}

/** Compiles one contract in this process; source errors throw MASON_COMPILER_SOURCE_ERROR. */
export async function compileContract(input: CompileContractInput): Promise<CompiledContract> {
  const argv = contractAscArguments(input);
  const outFile = argv[argv.indexOf('--outFile') + 1]!;
  const source = displayPath(input.root, input.file);
  let abi: Abi = { format: ABI_FORMAT, contract: input.name, source, functions: [], structs: {} };
  let abiError: string | undefined;
  const onParsed = (sources: readonly SourceNode[], enums: AstEnums) => {
    try {
      abi = inferAbi(sources, enums, input.name, source);
    } catch (error) {
      // The inference never fails a build: the functions are then listed as unknown, with why.
      abiError = error instanceof Error ? error.message : String(error);
    }
  };
  const withAbi = input.abi !== false;
  const run = await runAsc(argv, input.root, input.root, {
    transforms: input.transforms ?? [],
    contract: input.name,
    entry: input.file,
    ...(withAbi ? { onParsed } : {}),
  });
  const wasm = run.outputs.get(outFile);
  if (run.error instanceof CompilerError) throw run.error;
  if (run.error || !wasm) {
    // One line of the project's can reach the same library error more than once: reported once.
    const errors = [...new Map(run.diagnostics.filter((d) => d.severity === 'error').map((d) => [formatDiagnostic(d), d])).values()];
    if (errors.length > 0) {
      throw new CompilerError(
        'MASON_COMPILER_SOURCE_ERROR',
        { count: errors.length, contracts: input.name, details: errors.map(formatDiagnostic).join('\n\n') },
        errors,
      );
    }
    const reason = [run.error?.message ?? 'no output', run.stderr.trim()].filter(Boolean).join('\n');
    throw new CompilerError('MASON_COMPILER_ASC_FAILED', { contract: input.name, reason });
  }
  const sourceMap = run.outputs.get(`${outFile}.map`);
  return {
    wasm: sourceMap ? withoutSourceMapUrl(wasm) : wasm,
    ...(sourceMap ? { sourceMap } : {}),
    files: run.files,
    reusedSources: run.reusedSources,
    ...(withAbi ? { abi } : {}),
    ...(abiError !== undefined ? { abiError } : {}),
    warnings: run.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning'),
  };
}
