// Temporary contract projects for the tests: files written under a fresh folder, removed after
// the test file that made them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

const created: string[] = [];
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Creates a project folder holding `files` (paths relative to it) and returns its path. */
export function makeProject(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'mason-compiler-test-'));
  created.push(root);
  writeFiles(root, files);
  return root;
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** The contract the tests deploy: a constructor that stores a name, and `sum(i32, i32)`. */
export const HELLO = `import { Args, Context, Storage, generateEvent } from '@mason/sdk';
import { greeting } from '../lib/greeting';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  const name = new Args(binaryArgs).mustNext<string>('name');
  Storage.set('name', name);
  generateEvent(greeting(name));
}

export function sum(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const a = args.mustNext<i32>('a');
  const b = args.mustNext<i32>('b');
  generateEvent(\`sum: \${a + b}\`);
  return new Args().add(a + b).serialize();
}
`;

export const GREETING = `export function greeting(name: string): string {
  return 'Hello, ' + name + '!';
}
`;

/** A contract without the SDK and without a constructor. */
export const PLAIN = `export function answer(): i32 {
  return 42;
}
`;
