// A fixture copied to a temporary folder and linked like an installed project: its own
// node_modules holding the SDKs (pnpm links), its contracts to deploy built into build/.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileContract } from '@mason/test-utils';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const fixturesDir = join(packageDir, 'test', 'fixtures');
export const cliBin = join(packageDir, '..', 'cli', 'bin', 'mason.js');

const LINKED = ['@mason/sdk', '@massalabs/massa-as-sdk', '@massalabs/as-types'];

export interface FixtureProject {
  root: string;
  remove(): void;
}

async function buildContract(root: string, name: string): Promise<void> {
  const source = join(root, 'assembly', 'contracts', `${name}.ts`);
  const wasm = await compileContract(source, { asconfig: join(root, 'node_modules', '@mason', 'sdk', 'asconfig.json'), baseDir: root });
  mkdirSync(join(root, 'build'), { recursive: true });
  writeFileSync(join(root, 'build', `${name}.wasm`), wasm);
}

/**
 * Copies fixture `name` to a temporary project; `deploy` lists the contracts to build into build/,
 * `link` more packages of this one's to install (e.g. as-pect's, for a project that runs `asp`).
 */
export async function fixtureProject(name: string, deploy: string[] = [], link: string[] = []): Promise<FixtureProject> {
  const root = mkdtempSync(join(tmpdir(), `mason-testing-${name}-`));
  cpSync(join(fixturesDir, name), root, { recursive: true });
  for (const dependency of [...LINKED, ...link]) {
    const link = join(root, 'node_modules', dependency);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(realpathSync(join(packageDir, 'node_modules', dependency)), link);
  }
  // Where an as-pect.config.js finds masonHost().
  symlinkSync(packageDir, join(root, 'node_modules', '@mason', 'testing'));
  for (const contract of deploy) await buildContract(root, contract);
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** `file:line:col` of the first occurrence of `snippet` in a fixture source file. */
export function positionOf(root: string, file: string, snippet: string): string {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const line = lines.findIndex((text) => text.includes(snippet));
  if (line < 0) throw new Error(`${snippet} is not in ${file}`);
  return `${file}:${line + 1}:${lines[line]!.indexOf(snippet) + 1}`;
}

/** Collects what the runner prints. */
export function captureOutput(): { write(text: string): void; text(): string } {
  let text = '';
  return { write: (chunk: string) => void (text += chunk), text: () => text };
}
