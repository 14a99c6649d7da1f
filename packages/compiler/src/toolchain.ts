import { findPackage, type InstalledPackage } from './findPackage.js';
import { COMPILER_DIR } from './compilerPackage.js';
import { CompilerError } from './errors.js';

function required(name: string): InstalledPackage {
  const found = findPackage(COMPILER_DIR, name);
  if (!found) throw new CompilerError('MASON_COMPILER_TOOLCHAIN_MISSING', { name });
  return found;
}

let cached: { sdk: InstalledPackage; assemblyscript: InstalledPackage } | undefined;

/** The @mason/sdk and assemblyscript that @mason/compiler depends on (found once per process). */
export function toolchain(): { sdk: InstalledPackage; assemblyscript: InstalledPackage } {
  cached ??= { sdk: required('@mason/sdk'), assemblyscript: required('assemblyscript') };
  return cached;
}
