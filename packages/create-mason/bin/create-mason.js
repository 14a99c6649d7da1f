#!/usr/bin/env node
// Committed launcher: package managers link bins at install time, before dist/ is built.
const { run } = await import('../dist/program.js');
process.exitCode = await run(process.argv);
