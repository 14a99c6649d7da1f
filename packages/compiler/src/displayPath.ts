import { relative, sep } from 'node:path';

/**
 * A path to show and record: relative to the project root with `/` separators, or, for a file of
 * an installed package, `<package>/<path in it>` (machine-independent).
 */
export function displayPath(root: string, path: string): string {
  const posix = path.split(sep).join('/');
  const inPackage = posix.lastIndexOf('/node_modules/');
  if (inPackage >= 0) return posix.slice(inPackage + '/node_modules/'.length);
  return relative(root, path).split(sep).join('/');
}
