import { DOCS_BASE_URL, defineErrors, type CodedError } from '@mason/codec/base';

/** Where every error below is explained, as an absolute URL: it must work wherever create-mason runs. */
export const DOCS_URL = `${DOCS_BASE_URL}create-mason.md`;

export const scaffoldErrors = {
  MASON_CREATE_DIR_NOT_EMPTY: '{dir} already exists and is not empty. Choose another directory name, or empty it first.',
  MASON_CREATE_DIR_NOT_A_FOLDER: 'cannot create the project in {dir}: {path} is a file, not a folder. Choose another directory name.',
  MASON_CREATE_DIR_NOT_WRITABLE:
    'cannot create the project in {dir}: you cannot write to {folder}. Choose a folder you can write to, or change its permissions.',
  MASON_CREATE_UNKNOWN_TEMPLATE: 'there is no template "{template}". Available: {available}.',
  MASON_CREATE_TEMPLATES_MISSING: 'create-mason is installed without its templates (looked in {looked}). Install it again: `npm create mason@latest`.',
  MASON_CREATE_LOCAL_PACKAGES_NOT_FOUND:
    'the local packages folder {dir} does not exist (or is not a folder). From a clone of the Mason repository, run `npm run create -- <dir>` (it packs the packages itself), or pack them with `node scripts/pack-local.mjs` and pass the folder it prints (.mason/packs).',
  MASON_CREATE_LOCAL_PACKAGES_MISSING:
    'local packages were asked for, but {dir} holds no tarball for {names}. Pack them again with `node scripts/pack-local.mjs` at the Mason repository root.',
  MASON_CREATE_LOCAL_PACKAGES_AMBIGUOUS:
    '{dir} holds several tarballs of {name} ({files}) and none of version {version}. Keep one per package: `node scripts/pack-local.mjs` empties the folder before packing.',
  MASON_CREATE_PM_NOT_FOUND:
    '{pm} is not installed, or not on PATH (`{pm} --version` failed). Install it ({install}), create the project with `--pm npm`, or pass `--no-install` and install later. Nothing was written.',
  MASON_CREATE_INSTALL_FAILED: '`{command}` failed in {dir} (exit code {code}). The project files are there: fix the problem above and run it again.',
} as const;

export type ScaffoldErrorCode = keyof typeof scaffoldErrors;

const defined = defineErrors(scaffoldErrors, 'create-mason.md', { name: 'ScaffoldError' });

/** Its `docs` is an absolute URL to the code's section of docs/create-mason.md: it must work wherever create-mason runs. */
export const ScaffoldError = defined.Error;
export type ScaffoldError<C extends ScaffoldErrorCode = ScaffoldErrorCode> = CodedError<typeof scaffoldErrors, C>;

/** True for a ScaffoldError (with `code` when given), also one made by another copy of create-mason. */
export const isScaffoldError = defined.is;
