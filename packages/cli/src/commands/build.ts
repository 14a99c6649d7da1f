import { Command } from 'commander';
import { build, CompilerError, formatDiagnostic, type BuildResult } from '@mason/compiler';
import { BuildProgressView, type ProgressStream } from '../BuildProgressView.js';
import { parseJobs } from '../jobsOption.js';
import { color } from '../output.js';
import { enterProject } from '../project.js';
import { buildCodegen } from '../buildCodegen.js';

interface BuildOptions {
  /** Default the current directory. */
  root?: string;
  contracts?: string[];
  contractsDir?: string;
  outDir?: string;
  force?: boolean;
  sourceMap?: boolean;
  jobs?: number;
  json?: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Builds the project's contracts, showing each one as it finishes; used by `mason deploy` too. */
export async function runBuild(options: BuildOptions, quiet = false, stream: ProgressStream = process.stdout): Promise<BuildResult> {
  const view = quiet ? undefined : new BuildProgressView(stream, color.dim);
  try {
    const result = await build({
      root: options.root ?? process.cwd(),
      ...(options.contractsDir && { contractsDir: options.contractsDir }),
      ...(options.outDir && { outDir: options.outDir }),
      ...(options.contracts && { contracts: options.contracts }),
      ...(options.force && { force: true }),
      ...(options.sourceMap === false && { sourceMap: false }),
      ...(options.jobs !== undefined && { jobs: options.jobs }),
      onProgress: (event) => {
        if (!view) return;
        if (event.type === 'start') return view.start(event.contract);
        const c = event.contract;
        const status = c.status === 'cached' ? color.dim('unchanged') : c.status === 'bundled' ? 'bundled' : `compiled in ${c.timings.compileMs.toFixed(0)} ms`;
        const warnings = c.warnings.map((warning) => `\n${color.yellow(`    warning ${warning.message}`)}`).join('');
        view.done(
          c.name,
          `  ${color.green('✔')} ${c.name.padEnd(20)} ${kb(c.manifest.wasm.size).padStart(9)}  deployer ${kb(c.manifest.deployer.size).padStart(9)}  ${status}${warnings}`,
        );
      },
    });
    view?.stop();
    if (view) stream.write(`${color.dim(`  ${result.contracts.length} contract(s) in ${result.durationMs.toFixed(0)} ms → ${result.manifestPath}`)}\n`);
    return result;
  } catch (error) {
    view?.stop();
    if (error instanceof CompilerError && error.diagnostics.length > 0) {
      for (const diagnostic of error.diagnostics) console.error(color.red(formatDiagnostic(diagnostic)) + '\n');
    }
    throw error;
  }
}

export function buildCommand(): Command {
  return new Command('build')
    .description('compile the contracts of assembly/contracts and bundle each into a deployer (build/)')
    .argument('[contracts...]', 'contracts to build, by name (counter) or glob relative to the contracts folder (default: its top-level .ts files)')
    .option('--contracts-dir <dir>', 'where the contracts are', 'assembly/contracts')
    .option('--out-dir <dir>', 'where to write the .wasm files and manifest.json', 'build')
    .option('--force', 'recompile even what did not change')
    .option('--no-source-map', 'do not write <name>.wasm.map (failures on the devnet then name no source line)')
    .option('-j, --jobs <n>', 'contracts compiled at the same time, each in a worker thread (default: the CPU cores minus one; 1: none)', parseJobs)
    .option('--json', 'print the manifest as JSON')
    .action(async (contracts: string[], options: BuildOptions) => {
      const root = enterProject('build');
      const result = await runBuild({ ...options, ...(contracts.length > 0 && { contracts }) }, options.json === true);
      // Bindings, when package.json's "mason" asks for them ("codegen"): see docs/abi.md.
      buildCodegen(root, options.outDir ?? 'build', options.json === true);
      if (options.json) console.log(JSON.stringify(result.manifest));
    });
}
