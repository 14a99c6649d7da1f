import { CodecError } from './errors.js';

/**
 * `build/manifest.json`: what `mason build` produced, for deploy tools and people. The compiler
 * writes it; the deployer (and anyone) reads it with `parseManifest`, without loading a compiler.
 */
export interface Manifest {
  /** Format of this file. */
  format: 1;
  compiler: { name: string; version: string };
  /** By contract name (its path in the contracts folder without `.ts`). */
  contracts: Record<string, ManifestContract>;
}

export interface ManifestFile {
  /** Relative to the folder of manifest.json, `/`-separated. */
  path: string;
  size: number;
  sha256: string;
}

export interface ManifestContract {
  /** Entry file, relative to the project root. */
  source: string;
  wasm: ManifestFile;
  /** The contract bundled into a deployer: the bytecode `mason deploy` sends as ExecuteSC. */
  deployer: ManifestFile;
  /** Present when built with `sourceMap`. */
  sourceMap?: ManifestFile;
  /** The contract's interface, `<name>.abi.json` (written by every build since the ABI exists). */
  abi?: ManifestFile;
  /** Exported functions a caller can name (the runtime's `__…` exports left out). */
  exports: string[];
  /** Whether the deployer will call `constructor`. */
  hasConstructor: boolean;
  /** The @mason/sdk compiled in, if the contract uses it. */
  sdk: { name: string; version: string } | null;
  asc: string;
  /** Every file compiled in (entry, imports, the SDK, asconfig.json), with its sha256. */
  sources: Array<{ path: string; sha256: string }>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const SHA256 = /^[0-9a-f]{64}$/;

function invalid(where: string, reason: string): CodecError {
  return new CodecError('MASON_CODEC_MANIFEST_INVALID', { where, reason });
}

function expectString(value: unknown, where: string): string {
  if (typeof value !== 'string') throw invalid(where, 'it must be a string');
  return value;
}

function expectObject(value: unknown, where: string): Json {
  if (!isObject(value)) throw invalid(where, 'it must be an object');
  return value;
}

/** A path a reader joins to the manifest's folder: it must stay inside it. */
function checkFile(value: unknown, where: string): void {
  const file = expectObject(value, where);
  const path = expectString(file.path, `${where}.path`);
  const segments = path.split('/');
  if (path.includes('\\') || path.includes(':') || path.includes('\0') || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw invalid(`${where}.path`, `"${path}" is not a /-separated path inside the build folder`);
  }
  if (!Number.isSafeInteger(file.size) || (file.size as number) < 0) throw invalid(`${where}.size`, 'it must be a byte count');
  if (typeof file.sha256 !== 'string' || !SHA256.test(file.sha256)) throw invalid(`${where}.sha256`, 'it must be 64 lowercase hex digits');
}

function checkContract(value: unknown, where: string): void {
  const contract = expectObject(value, where);
  expectString(contract.source, `${where}.source`);
  checkFile(contract.wasm, `${where}.wasm`);
  checkFile(contract.deployer, `${where}.deployer`);
  if (contract.sourceMap !== undefined) checkFile(contract.sourceMap, `${where}.sourceMap`);
  if (contract.abi !== undefined) checkFile(contract.abi, `${where}.abi`);
  if (!Array.isArray(contract.exports) || contract.exports.some((name) => typeof name !== 'string')) {
    throw invalid(`${where}.exports`, 'it must be an array of function names');
  }
  if (typeof contract.hasConstructor !== 'boolean') throw invalid(`${where}.hasConstructor`, 'it must be true or false');
  if (contract.sdk !== null) {
    const sdk = expectObject(contract.sdk, `${where}.sdk`);
    expectString(sdk.name, `${where}.sdk.name`);
    expectString(sdk.version, `${where}.sdk.version`);
  }
  expectString(contract.asc, `${where}.asc`);
  if (!Array.isArray(contract.sources)) throw invalid(`${where}.sources`, 'it must be an array');
  contract.sources.forEach((source, index) => {
    const entry = expectObject(source, `${where}.sources[${index}]`);
    expectString(entry.path, `${where}.sources[${index}].path`);
    if (typeof entry.sha256 !== 'string' || !SHA256.test(entry.sha256))
      throw invalid(`${where}.sources[${index}].sha256`, 'it must be 64 lowercase hex digits');
  });
}

/**
 * Reads the text of a `manifest.json`, checking every field a reader relies on (unknown fields
 * are kept). Throws MASON_CODEC_MANIFEST_INVALID naming the field; file paths must stay inside the
 * manifest's folder, so a reader may join them to it.
 */
export function parseManifest(text: string): Manifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalid('the file', `not JSON (${(error as Error).message})`);
  }
  const manifest = expectObject(parsed, 'the file');
  if (manifest.format !== 1) throw invalid('format', `format ${JSON.stringify(manifest.format)} is not supported (this version reads format 1)`);
  const compiler = expectObject(manifest.compiler, 'compiler');
  expectString(compiler.name, 'compiler.name');
  expectString(compiler.version, 'compiler.version');
  const contracts = expectObject(manifest.contracts, 'contracts');
  for (const [name, contract] of Object.entries(contracts)) checkContract(contract, `contracts.${name}`);
  return parsed as Manifest;
}
