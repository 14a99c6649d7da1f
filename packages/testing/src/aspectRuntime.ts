// The part of as-pect's runtime a spec run needs. The build bundles this module into one file
// (scripts/bundle-aspect-runtime.mjs): as separate files, @as-pect/core loads ~280 modules of
// chevrotain and lodash (its snapshot parser's), ~115 ms of every `mason test`; bundled, ~40 ms.
export { TestContext } from '@as-pect/core';
export { Snapshot } from '@as-pect/snapshots';
