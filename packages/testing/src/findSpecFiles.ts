import { glob } from 'tinyglobby';

/** Files matching `patterns` under `root` (relative, sorted), minus those matching `exclude`. */
export async function findSpecFiles(root: string, patterns: readonly string[], exclude: readonly RegExp[] = []): Promise<string[]> {
  const files = await glob([...patterns], { cwd: root, ignore: ['**/node_modules/**'] });
  return files.filter((file) => !exclude.some((pattern) => pattern.test(file))).sort();
}
