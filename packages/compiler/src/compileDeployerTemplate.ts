import { checkMassaModule } from './checkMassaModule.js';
import { COMPILER_DIR } from './compilerPackage.js';
import { CompilerError } from './errors.js';
import { formatDiagnostic } from './formatDiagnostic.js';
import { runAsc } from './runAsc.js';
import { deployerAscArguments } from './deployerTemplateKey.js';

/** Compiles assembly/deployer.ts with asc (a few seconds; callers cache the result by key). */
export async function compileDeployerTemplate(): Promise<Uint8Array> {
  const run = await runAsc(deployerAscArguments(), COMPILER_DIR, COMPILER_DIR);
  const binary = run.outputs.get('deployer.wasm');
  if (run.error || !binary) {
    const errors = run.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    const reason = errors.length > 0 ? errors.map(formatDiagnostic).join('\n') : (run.error?.message ?? 'asc emitted nothing');
    throw new CompilerError('MASON_COMPILER_DEPLOYER_TEMPLATE', { reason: `it does not compile: ${reason}` });
  }
  checkMassaModule(binary, 'the deployer template');
  return binary;
}
