import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { CodecError, parseAbi, type Abi } from '@mason/codec/base';
import { CompilerError } from '../errors.js';
import { readManifest } from '../readManifest.js';
import { writeOutput } from '../writeOutput.js';
import { type AsSdk, generateAsBindings } from './generateAsBindings.js';
import { generateTsBindings, type TsBindingsTarget } from './generateTsBindings.js';

/** The values each choice of codegen takes: what `codegen()` and a project's `"mason": { "codegen" }` accept. */
export const CODEGEN_CHOICES = {
  target: ['mason', 'massa-web3'],
  language: ['ts', 'js'],
  asSdk: ['mason', 'massa'],
} as const satisfies { target: readonly TsBindingsTarget[]; language: readonly string[]; asSdk: readonly AsSdk[] };

export type CodegenChoice = keyof typeof CODEGEN_CHOICES;

/** Whether `value` is one of the values of `choice`. */
export function isCodegenChoice<C extends CodegenChoice>(choice: C, value: unknown): value is (typeof CODEGEN_CHOICES)[C][number] {
  return (CODEGEN_CHOICES[choice] as readonly unknown[]).includes(value);
}

function checkChoice(choice: CodegenChoice, value: unknown): void {
  if (!isCodegenChoice(choice, value)) {
    throw new CompilerError('MASON_COMPILER_CODEGEN_OPTION', { option: choice, value: String(value), expected: CODEGEN_CHOICES[choice].join(' or ') });
  }
}

export interface CodegenOptions {
  /** The project folder. */
  root: string;
  /** Where `mason build` wrote the contracts (default `build`), relative to the root. */
  buildDir?: string;
  /** Contracts to write bindings for, by name (default: every contract of the build). */
  contracts?: string[];
  /** Where the TypeScript modules go (default `src/contracts`), relative to the root. */
  out?: string;
  /** `mason` (default): over @mason/client; `massa-web3`: over a massa-web3 5 Provider. */
  target?: TsBindingsTarget;
  /** `ts` (default) or `js` (the modules without types, for JavaScript projects). */
  language?: 'ts' | 'js';
  /** Also write AssemblyScript caller classes (`<Name>Ref`) for cross-contract calls. */
  as?: boolean;
  /** Where the AssemblyScript classes go (default `assembly/generated`), relative to the root. */
  asOut?: string;
  /** The SDK of the AssemblyScript classes (default: the project's, from its package.json). */
  asSdk?: AsSdk;
}

export interface CodegenFile {
  contract: string;
  kind: 'ts' | 'js' | 'as';
  /** Relative to the project root, `/`-separated. */
  path: string;
  /** False when the file already held this text (it is left untouched). */
  written: boolean;
}

export interface CodegenResult {
  files: CodegenFile[];
}

/** The SDK the project's contracts are written with: massa-as-sdk when it depends on it and not on @mason/sdk. */
export function projectAsSdk(root: string): AsSdk {
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const deps = { ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies };
    return '@massalabs/massa-as-sdk' in deps && !('@mason/sdk' in deps) ? 'massa' : 'mason';
  } catch {
    return 'mason';
  }
}

const slash = (path: string) => path.split('\\').join('/');

function readContractAbi(root: string, buildDir: string, contract: string, file: string): Abi {
  const path = join(root, buildDir, file);
  try {
    return parseAbi(readFileSync(path, 'utf8'));
  } catch (error) {
    const reason = error instanceof CodecError ? error.shortMessage : (error as Error).message;
    throw new CompilerError('MASON_COMPILER_CODEGEN_NO_ABI', { contract, reason: `${slash(relative(root, path))} cannot be read: ${reason}` });
  }
}

/** Writes `text` at `path` (through writeOutput: never half a file) unless the file already holds it. */
function writeIfChanged(root: string, path: string, text: string): boolean {
  const absolute = join(root, path);
  if (existsSync(absolute) && readFileSync(absolute, 'utf8') === text) return false;
  writeOutput(absolute, text);
  return true;
}

/**
 * Writes bindings for the contracts of the last build, from their ABIs (`build/<name>.abi.json`):
 * a TypeScript (or JavaScript) module per contract under `out`, and with `as` an AssemblyScript
 * caller class per contract under `asOut`. A file that already holds the same text is not
 * rewritten. Throws MASON_COMPILER_CODEGEN_NOT_BUILT before a build, MASON_COMPILER_CODEGEN_NO_ABI
 * when a contract's ABI is missing.
 */
export function codegen(options: CodegenOptions): CodegenResult {
  const root = resolve(options.root);
  const buildDir = options.buildDir ?? 'build';
  const target = options.target ?? 'mason';
  checkChoice('target', target);
  const language = options.language ?? 'ts';
  checkChoice('language', language);
  if (options.asSdk !== undefined) checkChoice('asSdk', options.asSdk);
  const manifest = readManifest(join(root, buildDir));
  if (!manifest) throw new CompilerError('MASON_COMPILER_CODEGEN_NOT_BUILT', { dir: buildDir, reason: `there is no ${buildDir}/manifest.json` });
  const built = Object.keys(manifest.contracts).sort();
  const wanted = options.contracts && options.contracts.length > 0 ? options.contracts : built;
  for (const name of wanted) {
    if (!Object.hasOwn(manifest.contracts, name)) {
      throw new CompilerError('MASON_COMPILER_CODEGEN_NOT_BUILT', {
        dir: buildDir,
        reason: `it has no contract "${name}" (built: ${built.join(', ') || 'none'})`,
      });
    }
  }
  const out = options.out ?? 'src/contracts';
  const asOut = options.asOut ?? 'assembly/generated';
  const asSdk = options.asSdk ?? projectAsSdk(root);
  const files: CodegenFile[] = [];
  for (const contract of [...wanted].sort()) {
    const entry = manifest.contracts[contract]!;
    if (!entry.abi) throw new CompilerError('MASON_COMPILER_CODEGEN_NO_ABI', { contract, reason: 'the build wrote no ABI for it (built with `abi: false`)' });
    const abiPath = slash(join(buildDir, entry.abi.path));
    const abi = readContractAbi(root, buildDir, contract, entry.abi.path);
    const path = slash(join(out, `${contract}.${language}`));
    const text = generateTsBindings(abi, { target, language, abiPath });
    files.push({ contract, kind: language, path, written: writeIfChanged(root, path, text) });
    if (options.as) {
      const asPath = slash(join(asOut, `${contract}.ts`));
      files.push({ contract, kind: 'as', path: asPath, written: writeIfChanged(root, asPath, generateAsBindings(abi, { sdk: asSdk, abiPath })) });
    }
  }
  return { files };
}
