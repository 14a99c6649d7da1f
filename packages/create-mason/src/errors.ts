export const scaffoldErrors = {
  MASON_CREATE_DIR_NOT_EMPTY: '{dir} already exists and is not empty. Choose another directory name, or empty it first.',
  MASON_CREATE_UNKNOWN_TEMPLATE: 'there is no template "{template}". Available: {available}.',
  MASON_CREATE_LOCAL_PACKAGES_MISSING: 'local packages were asked for, but {dir} holds no tarball for {name}. Pack them with `node scripts/pack-local.mjs` at the Mason repository root.',
  MASON_CREATE_INSTALL_FAILED: '`{command}` failed in {dir} (exit code {code}). The project files are there: fix the problem above and run it again.',
} as const;

export type ScaffoldErrorCode = keyof typeof scaffoldErrors;

export class ScaffoldError extends Error {
  override readonly name = 'ScaffoldError';
  readonly docs: string;

  constructor(
    readonly code: ScaffoldErrorCode,
    readonly context: Record<string, unknown> = {},
  ) {
    super(scaffoldErrors[code].replace(/\{(\w+)\}/g, (_, key: string) => String(context[key] ?? `{${key}}`)));
    this.docs = `docs/create-mason.md#${code.toLowerCase()}`;
  }
}
