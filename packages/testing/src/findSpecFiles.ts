/** Files matching `patterns` under `root` (relative, sorted), minus those matching `exclude`. */
export async function findSpecFiles(root: string, patterns: readonly string[], exclude: readonly RegExp[] = []): Promise<string[]> {
  // Loaded here: `import { devnetFixture } from '@mason/testing'` would otherwise load tinyglobby
  // and its matchers (~5 ms) in every integration test process, which never looks for specs.
  const { glob } = await import('tinyglobby');
  const files = await glob([...patterns], { cwd: root, ignore: ['**/node_modules/**'] });
  return files.filter((file) => !exclude.some((pattern) => pattern.test(file))).sort();
}
