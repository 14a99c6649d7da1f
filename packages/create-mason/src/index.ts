export { scaffold, type ScaffoldOptions, type ScaffoldResult } from './scaffold.js';
export { DOCS_URL, isScaffoldError, ScaffoldError, scaffoldErrors, type ScaffoldErrorCode } from './errors.js';
export { LOCAL_PACKAGES_DIR } from './localPackages.js';
export type { PackageManager } from './packageManager.js';
export { run } from './program.js';
