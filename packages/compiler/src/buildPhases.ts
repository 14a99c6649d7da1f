import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ContractSource } from './findContracts.js';

/** What `massa-as-compile` looks for in an entry file to compile it after the others (as-transformer embeds a file's bytes there). */
export const EMBEDS_FILE = 'fileToByteArray(';

const EMBEDDED_PATH = /fileToByteArray\(\s*(['"`])([^'"`]+)\1/g;

/**
 * The contracts in the order their builds depend on each other, as groups built one after the
 * other. As `massa-as-compile` does, an entry file calling `fileToByteArray(` comes after every
 * contract that does not; beyond that, one embedding another contract's output
 * (`fileToByteArray('build/b.wasm')`, relative to the project root) comes after that contract.
 */
export function buildPhases(root: string, outDir: string, sources: readonly ContractSource[]): ContractSource[][] {
  const byOutput = new Map(sources.map((source) => [resolve(outDir, `${source.name}.wasm`), source]));
  const embeds = new Map<ContractSource, ContractSource[]>();
  for (const source of sources) {
    const text = readFileSync(source.file, 'utf8');
    if (!text.includes(EMBEDS_FILE)) continue;
    const embedded = [...text.matchAll(EMBEDDED_PATH)].map((match) => byOutput.get(resolve(root, match[2]!)));
    embeds.set(
      source,
      embedded.filter((other): other is ContractSource => other !== undefined && other !== source),
    );
  }
  const phase = new Map<ContractSource, number>();
  const phaseOf = (source: ContractSource, visiting: Set<ContractSource>): number => {
    const known = phase.get(source);
    if (known !== undefined) return known;
    const embedded = embeds.get(source);
    if (embedded === undefined) return 0;
    // A cycle cannot be ordered: its contracts come after the others, as massa-as-compile would.
    visiting.add(source);
    const after = embedded.filter((other) => !visiting.has(other)).map((other) => phaseOf(other, visiting));
    visiting.delete(source);
    const value = Math.max(0, ...after) + 1;
    phase.set(source, value);
    return value;
  };
  const phases: ContractSource[][] = [];
  for (const source of sources) (phases[phaseOf(source, new Set())] ??= []).push(source);
  return phases.filter((group) => group.length > 0);
}
