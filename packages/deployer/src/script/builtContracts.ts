import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Abi, type Manifest, parseAbi } from '@mason/codec';
import { builtEntry, readBuild } from '../deployFromBuild.js';

/** A contract of `build/`: its bytecode, its deployer, its exports and (when the build wrote one) its ABI. */
export interface BuiltContract {
  name: string;
  wasm: Uint8Array;
  deployer: Uint8Array;
  exports: string[];
  abi: Abi | null;
}

/** Reads contracts of a build by name, each once. */
export class BuiltContracts {
  #manifest: Manifest | undefined;
  readonly #cache = new Map<string, BuiltContract>();

  constructor(readonly outDir: string) {}

  get(name: string): BuiltContract {
    const cached = this.#cache.get(name);
    if (cached) return cached;
    this.#manifest ??= readBuild(this.outDir, name);
    const entry = builtEntry(this.#manifest, name);
    const read = (path: string) => new Uint8Array(readFileSync(join(this.outDir, path)));
    const built: BuiltContract = {
      name,
      wasm: read(entry.wasm.path),
      deployer: read(entry.deployer.path),
      exports: entry.exports,
      abi: entry.abi ? parseAbi(readFileSync(join(this.outDir, entry.abi.path), 'utf8')) : null,
    };
    this.#cache.set(name, built);
    return built;
  }
}
