import { defineErrors, docsUrl, formatTemplate as fillTemplate, type ErrorArgs, type ErrorContext } from '@mason/codec/base';
import type { Diagnostic } from './Diagnostic.js';

/**
 * Every way a build can fail, with a stable code. Each message says what happened and what to do;
 * `docs/compiler.md#<code in lower case>` explains it further.
 */
export const compilerErrors = {
  MASON_COMPILER_NO_CONTRACTS: 'No contract to build: {reason}. Put contracts at the top level of {contractsDir} or pass `contracts` patterns',
  MASON_COMPILER_SOURCE_ERROR: '{count} error(s) in {contracts}:\n{details}',
  MASON_COMPILER_ASC_FAILED: 'asc failed on {contract} without a diagnostic: {reason}',
  MASON_COMPILER_UNKNOWN_IMPORT:
    '{file} imports {import}, which a Massa node does not provide, so the node would refuse it; call the node only through @mason/sdk (its abi-imports.json lists what a node provides)',
  MASON_COMPILER_IMPORT_SIGNATURE:
    '{file} imports {import} as {actual} but a Massa node provides {expected}, so the node would refuse it; declare it as @mason/sdk does',
  MASON_COMPILER_NODE_LIMIT: '{file} would be refused by a Massa node: {reason}',
  MASON_COMPILER_INVALID_WASM: '{what} is not a valid WebAssembly module: {reason}',
  MASON_COMPILER_DEPLOYER_TEMPLATE: 'The deployer template cannot be used: {reason}; reinstall @mason/compiler',
  MASON_COMPILER_CONTRACT_TOO_LARGE:
    '{file} is {size} bytes; a deployer can carry at most {maximum} bytes (its memory is capped at 4 MiB), so split the contract',
  MASON_COMPILER_OUTPUT_COLLISION: '{first} and {second} would both write {file}; rename one of them',
  MASON_COMPILER_WRITE_FAILED: 'Cannot write {file}: {reason}',
  MASON_COMPILER_TOOLCHAIN_MISSING: '{name} is not installed next to @mason/compiler; reinstall the project dependencies',
  MASON_COMPILER_WORKER_FAILED:
    'The worker thread compiling {contract} failed: {reason}; build with `jobs: 1` (`mason build --jobs 1`) to compile in the main thread',
  MASON_COMPILER_BAD_JOBS: '`jobs` is {value}: give a whole number of parallel compiles from 1 to {maximum}',
  MASON_COMPILER_BAD_ASCONFIG: '{file} cannot be used: {reason}; fix it (asc reads the same file) or remove it',
  MASON_COMPILER_TRANSFORM_FAILED:
    '{file} names the transform {transform}, which cannot be loaded: {reason}; install it (npm install -D {transform}) or remove it from {file}, since building without it would compile another program',
  MASON_COMPILER_TYPED_EXPORT:
    '{file}:{line}:{column}: the typed export {func} of {contract} cannot be called with Args: {what} — {reason}. Give it a type Args carries (bool, an integer, f32/f64, string, StaticArray<u8>, Uint8Array, u128/i128/u256, Address, a Serializable class, or an array of one of those), or take StaticArray<u8> and decode it yourself',
  MASON_COMPILER_TRANSFORM_ERROR: 'The transform {transform} (from {file}) failed while compiling {contract}: {reason}',
  MASON_COMPILER_CODEGEN_NOT_BUILT: 'No bindings can be written from {dir}: {reason}. Run `mason build` first (bindings are written from the ABIs it writes)',
  MASON_COMPILER_CODEGEN_NO_ABI: 'No bindings can be written for {contract}: {reason}. Build it again with `mason build` (which writes build/<name>.abi.json)',
  MASON_COMPILER_CODEGEN_OPTION: 'The codegen option `{option}` is {value}; expected {expected}',
} as const;

/** Things worth knowing that do not stop a build (or a command that reads the build). */
export const compilerWarnings = {
  MASON_COMPILER_ASC_WARNING: '{where}warning {code}: {message}',
  MASON_COMPILER_DEPLOYER_EXCEEDS_BLOCK:
    '{file} is {size} bytes, more than a block holds ({maximum} bytes): no node can include its ExecuteSC operation, so shrink the contract',
  MASON_COMPILER_NO_TRANSFORM:
    '{file} calls fileToByteArray() but the project\'s asconfig.json names no transform: without @massalabs/as-transformer the call stays the SDK\'s stub, which aborts when it runs; add "transform": ["@massalabs/as-transformer"] to the options of asconfig.json',
  MASON_COMPILER_BAD_SOURCE_MAP: '{file} is not used to locate the failure: {reason}; run `mason build` to write it again',
} as const;

export type CompilerErrorCode = keyof typeof compilerErrors;
export type CompilerWarningCode = keyof typeof compilerWarnings;

export interface CompilerWarning {
  code: CompilerWarningCode;
  message: string;
  context: Record<string, unknown>;
  docs: string;
  /** Contract the warning is about. */
  contract?: string;
}

/** Absolute URL of the code's section of docs/compiler.md. */
export function docsAnchor(code: CompilerErrorCode | CompilerWarningCode): string {
  return docsUrl('compiler.md', code);
}

export function formatTemplate(template: string, context: Record<string, unknown>): string {
  return fillTemplate(template, context);
}

const defined = defineErrors(compilerErrors, 'compiler.md', { name: 'CompilerError' });

/** A build that failed; `CompilerError<'MASON_COMPILER_…'>` has that code's context. */
export class CompilerError<C extends CompilerErrorCode = CompilerErrorCode> extends defined.Error<C> {
  constructor(
    code: C,
    context: ErrorContext<typeof compilerErrors, C>,
    /** Source diagnostics (MASON_COMPILER_SOURCE_ERROR), with file, line, column and a code frame. */
    readonly diagnostics: Diagnostic[] = [],
  ) {
    super(code, ...([context] as ErrorArgs<typeof compilerErrors, C>));
  }
}

/** True for a CompilerError (with `code` when given), also one made by another copy of @mason/compiler. */
export const isCompilerError = defined.is as <C extends CompilerErrorCode = CompilerErrorCode>(error: unknown, code?: C) => error is CompilerError<C>;

export function compilerWarning(code: CompilerWarningCode, context: Record<string, unknown>, contract?: string): CompilerWarning {
  return { code, message: formatTemplate(compilerWarnings[code], context), context, docs: docsAnchor(code), ...(contract ? { contract } : {}) };
}
