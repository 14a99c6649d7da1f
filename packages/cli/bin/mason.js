#!/usr/bin/env node
// Committed launcher: package managers link bins at install time, before dist/ is built.
const { run, tuneWasmTiering } = await import('../dist/program.js');
tuneWasmTiering(process.argv);
process.exitCode = await run(process.argv);
