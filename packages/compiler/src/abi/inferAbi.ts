import { ABI_FORMAT, type Abi, type AbiFunction } from '@mason/codec/base';
import type { AstEnums, FunctionDeclaration, SourceNode } from './abiAst.js';
import { AbiInference } from './AbiInference.js';
import { AbiProgram } from './AbiProgram.js';

/**
 * The ABI of a contract, read from the syntax trees of its asc program (the trees asc parsed for
 * the compile: nothing is parsed twice). `contract` and `source` are written in the file as given.
 */
export function inferAbi(sources: readonly SourceNode[], enums: AstEnums, contract: string, source: string): Abi {
  const abi: Abi = { format: ABI_FORMAT, contract, source, functions: [], structs: {} };
  const program = new AbiProgram(sources, enums);
  // asc's runtime (`~lib/rt/…`) is an entry too.
  const entry = sources.find((file) => file.sourceKind === enums.SourceKind.UserEntry && !file.internalPath.startsWith('~lib/'));
  if (!entry) return abi;
  const inference = new AbiInference(program);
  inference.scanStorage();
  for (const name of program.exportedNames(entry)) {
    const declared = program.resolveExport(entry, name);
    if (!declared || declared.node.kind !== enums.NodeKind.FunctionDeclaration) continue;
    if ((declared.node as FunctionDeclaration).body === null) continue;
    abi.functions.push(inference.exportedFunction(name, declared));
  }
  Object.assign(abi.structs, inference.structs);
  return abi;
}

/** An entry for an export Mason found no source for. */
export function unknownFunction(name: string, note: string): AbiFunction {
  return { name, params: 'unknown', returns: { encoding: 'unknown' }, events: [], complete: false, notes: [note] };
}

/** The ABI's functions in the order of the module's exports: one entry per exported function, no other. */
export function matchExports(abi: Abi, exports: readonly string[]): Abi {
  const byName = new Map(abi.functions.map((fn) => [fn.name, fn]));
  return {
    ...abi,
    functions: exports.map((name) => byName.get(name) ?? unknownFunction(name, 'Mason found no function of this name in the source')),
  };
}

/** When the inference itself failed: every export unknown, with the reason. */
export function abiOfFailure(abi: Abi, exports: readonly string[], reason: string): Abi {
  return { ...abi, functions: exports.map((name) => unknownFunction(name, `the ABI inference failed: ${reason}`)), structs: {} };
}
