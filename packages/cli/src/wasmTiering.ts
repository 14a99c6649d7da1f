import { setFlagsFromString } from 'node:v8';

/** Commands whose WebAssembly work is one-off: asc's Binaryen, and short unit tests. */
const ONE_OFF_WASM = new Set(['build', 'deploy', 'test']);

/**
 * Turns V8's WebAssembly tier-up off (`--liftoff-only`) when the command is one of ONE_OFF_WASM.
 * asc runs Binaryen, a 10 MB WebAssembly module: V8 compiles its functions with Liftoff, then
 * recompiles the hot ones with TurboFan, which costs more CPU than a single compile gains back
 * (a cold `mason build` of the hello template: ≈ 3.0 s of CPU with tier-up, ≈ 1.5 s without;
 * docs/performance.md). Process-wide and for the whole process, so only the launcher calls it,
 * before anything compiles WebAssembly; `mason node` keeps tier-up for the contracts it runs.
 */
export function tuneWasmTiering(argv: readonly string[]): boolean {
  const command = argv[2];
  if (command === undefined || !ONE_OFF_WASM.has(command)) return false;
  setFlagsFromString('--liftoff-only');
  return true;
}
