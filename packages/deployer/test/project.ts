import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageNodeModules = fileURLToPath(new URL('../node_modules', import.meta.url));

/** A contract project in a temporary folder whose node_modules is this package's (for @mason/sdk). */
export function makeProject(files: Record<string, string>): { root: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'mason-deployer-test-'));
  symlinkSync(packageNodeModules, join(root, 'node_modules'), 'dir');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export const GREETER = `import { Args, Context, Storage, generateEvent, stringToBytes } from '@mason/sdk';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  const name = new Args(binaryArgs).nextString().expect('the constructor takes a name (string)');
  Storage.set('name', name);
  generateEvent('Contract deployed at address: AS1forgedByTheConstructor');
  generateEvent(\`Constructor called with name \${name}\`);
}

export function hello(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(\`Hello, \${Storage.get('name')}!\`);
}
`;
