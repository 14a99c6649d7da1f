/** What the watcher knows of a spec file from its last run. */
export interface SpecDependencies {
  /** Absolute paths of the files its result depends on (SpecFileResult.inputs). */
  inputs: ReadonlySet<string>;
  /** It did not compile or start last time: what it reads is not known. */
  broken: boolean;
}

/**
 * The spec files (relative to the root, as `specs` lists them) to run again after `changed`
 * (absolute paths) changed: those that read a changed file, directly or through imports, a spec
 * file that changed itself (a new one too), and the broken ones when an AssemblyScript source
 * changed (the fix may be in a file they never got to read). `specs` is the current list of spec
 * files; `absolute` turns one into an absolute path.
 */
export function affectedSpecs(
  changed: ReadonlySet<string>,
  specs: readonly string[],
  known: ReadonlyMap<string, SpecDependencies>,
  absolute: (spec: string) => string,
): string[] {
  const sourceChanged = [...changed].some((path) => path.endsWith('.ts'));
  return specs.filter((spec) => {
    if (changed.has(absolute(spec))) return true;
    const dependencies = known.get(spec);
    if (!dependencies) return false;
    if (dependencies.broken && sourceChanged) return true;
    for (const path of changed) if (dependencies.inputs.has(path)) return true;
    return false;
  });
}
