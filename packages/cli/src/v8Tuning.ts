import { setFlagsFromString } from 'node:v8';

/** Commands whose WebAssembly work is one-off: asc's Binaryen, and short unit tests. */
const ONE_OFF_WASM = new Set(['build', 'deploy', 'test']);

/**
 * V8's interrupt budget, the JavaScript work a function does between two looks at whether to
 * optimize it: ~6× the default of Node 20's V8 (66 KiB), so only functions that stay hot are
 * optimized. With the default, the first seconds of every command recompile hundreds of warm
 * functions with TurboFan on V8's background threads, which on 2 cores compete with the
 * command's own threads (the devnet's workers, parallel compiles). Measured in
 * docs/performance.md ("V8 tuning").
 */
export const INTERRUPT_BUDGET = 400_000;

/**
 * The V8 flags the launcher sets for a command line (`process.argv`):
 * - every command: the interrupt budget above;
 * - build, deploy and test: WebAssembly tier-up off (`--liftoff-only`). asc runs Binaryen, a
 *   10 MB WebAssembly module: V8 compiles its functions with Liftoff, then recompiles the hot
 *   ones with TurboFan, which costs more CPU than a single compile gains back (a cold `mason
 *   build` of the hello template: ≈ 3.0 s of CPU with tier-up, ≈ 1.5 s without). `mason node`
 *   keeps tier-up for the contracts it runs.
 */
export function v8FlagsFor(argv: readonly string[]): string[] {
  const flags = [`--interrupt-budget=${INTERRUPT_BUDGET}`];
  const command = argv[2];
  if (command !== undefined && ONE_OFF_WASM.has(command)) flags.push('--liftoff-only');
  return flags;
}

/**
 * Sets `v8FlagsFor(argv)`. Process-wide and for the whole process, so only the launcher calls
 * it, before anything compiles WebAssembly or runs long. Returns the flags set.
 */
export function tuneV8(argv: readonly string[]): string[] {
  const flags = v8FlagsFor(argv);
  for (const flag of flags) setFlagsFromString(flag);
  return flags;
}
