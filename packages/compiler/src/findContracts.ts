import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CompilerError } from './errors.js';

export interface ContractSource {
  /** Path in the contracts folder without `.ts`, `/`-separated: `main`, `tokens/erc20`. */
  name: string;
  /** Absolute path of the entry file. */
  file: string;
}

const IGNORED = ['**/__tests__/**', '**/*.d.ts', '**/*.spec.ts', '**/*.test.ts'];

function isContractFile(name: string): boolean {
  return name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.test.ts');
}

/**
 * A contract's name (`counter`, `tokens/erc20`, as `mason deploy` takes it) or its path from the
 * project root (`assembly/contracts/counter.ts`) selects that file; anything else is a glob.
 */
function asPattern(pattern: string, shownDir: string): string {
  let path = pattern.split(sep).join('/');
  if (shownDir !== '.' && path.startsWith(`${shownDir}/`)) path = path.slice(shownDir.length + 1);
  return /[*?[\]{}()!]/.test(path) || path.endsWith('.ts') ? path : `${path}.ts`;
}

/**
 * Entry files of the contracts: by default the `.ts` files at the top of `contractsDir`; with
 * `patterns`, the files they match there (contract names, or globs, e.g. `**\/*.ts`). `__tests__` folders, `.d.ts`,
 * `.spec.ts` and `.test.ts` files are never contracts.
 */
export async function findContracts(root: string, contractsDir: string, patterns?: readonly string[]): Promise<ContractSource[]> {
  const shown = relative(root, contractsDir).split(sep).join('/') || '.';
  if (!existsSync(contractsDir)) {
    throw new CompilerError('MASON_COMPILER_NO_CONTRACTS', { reason: `${shown} does not exist`, contractsDir: shown });
  }
  let names: string[];
  if (patterns === undefined) {
    names = readdirSync(contractsDir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && isContractFile(entry.name))
      .map((entry) => entry.name);
  } else {
    const { glob } = await import('tinyglobby');
    names = (
      await glob(
        patterns.map((pattern) => asPattern(pattern, shown)),
        { cwd: contractsDir, ignore: IGNORED, onlyFiles: true },
      )
    ).filter((name) => isContractFile(name) && !name.startsWith('../'));
  }
  if (names.length === 0) {
    const what = patterns === undefined ? 'no .ts file in it' : `nothing in it matches ${patterns.join(', ')}`;
    throw new CompilerError('MASON_COMPILER_NO_CONTRACTS', { reason: `${shown} has ${what}`, contractsDir: shown });
  }
  return names
    .map((name) => ({ name: name.split(sep).join('/').replace(/\.ts$/, ''), file: join(contractsDir, name) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
