import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompilerWarning } from './errors.js';
import { writeOutput } from './writeOutput.js';

export interface BuildCacheEntry {
  /** Hash of what decides the output besides the sources: compiler, asc version, asc arguments. */
  key: string;
  /** Every file compiled in: absolute path → sha256. */
  files: Record<string, string>;
  /** Key of the deployer template the deployer was bundled from. */
  template: string;
  /** Warnings of the compilation, repeated when the contract is not recompiled. */
  warnings: CompilerWarning[];
}

/** `<outDir>/.mason-cache.json`: what the last build of each contract depended on (local paths). */
export class BuildCache {
  static readonly FILE = '.mason-cache.json';
  private readonly text: string;

  private constructor(
    private readonly path: string,
    private readonly entries: Record<string, BuildCacheEntry>,
  ) {
    this.text = BuildCache.serialize(entries);
  }

  static load(outDir: string): BuildCache {
    const path = join(outDir, BuildCache.FILE);
    try {
      const data = JSON.parse(readFileSync(path, 'utf8')) as { format?: number; entries?: Record<string, BuildCacheEntry> };
      if (data.format === 1 && data.entries) return new BuildCache(path, data.entries);
    } catch {
      // missing or damaged: everything is rebuilt
    }
    return new BuildCache(path, {});
  }

  private static serialize(entries: Record<string, BuildCacheEntry>): string {
    const sorted = Object.fromEntries(
      Object.keys(entries)
        .sort()
        .map((name) => [name, entries[name]]),
    );
    return `${JSON.stringify({ format: 1, entries: sorted }, null, 2)}\n`;
  }

  get(name: string): BuildCacheEntry | undefined {
    return this.entries[name];
  }

  set(name: string, entry: BuildCacheEntry): void {
    this.entries[name] = entry;
  }

  delete(name: string): void {
    delete this.entries[name];
  }

  /** Writes the file if anything changed. */
  save(): void {
    const text = BuildCache.serialize(this.entries);
    if (text !== this.text) writeOutput(this.path, text);
  }
}
