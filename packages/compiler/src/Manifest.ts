/** `build/manifest.json`: what `mason build` produced, for deploy tools and people. */
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
