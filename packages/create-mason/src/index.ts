export { scaffold, type ScaffoldOptions, type ScaffoldResult } from './scaffold.js';
export { ScaffoldError, scaffoldErrors, type ScaffoldErrorCode } from './errors.js';
export { run } from './program.js';
