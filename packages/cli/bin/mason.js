#!/usr/bin/env node
// Committed launcher: package managers link bins at install time, before dist/ is built.
const { run, tuneV8 } = await import('../dist/program.js');
tuneV8(process.argv);
process.exitCode = await run(process.argv);
