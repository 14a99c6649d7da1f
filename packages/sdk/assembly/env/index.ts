// The `env` namespace functions a node also provides (abort, seed, Date.now, console.*, trace, process.exit)
// are imported by AssemblyScript's standard library itself and are not redeclared here.
export * from './massa';
