import { Command } from 'commander';
import { type AsSdk, codegen, type CodegenResult, type TsBindingsTarget } from '@mason/compiler';
import { readCodegenConfig } from '../codegenConfig.js';
import { color } from '../output.js';
import { enterProject } from '../project.js';

interface CodegenCommandOptions {
  out?: string;
  target?: TsBindingsTarget;
  language?: 'ts' | 'js';
  as?: boolean;
  asOut?: string;
  asSdk?: AsSdk;
  buildDir: string;
  json?: boolean;
}

/** Prints what codegen wrote, one line a file. */
export function printCodegen(result: CodegenResult): void {
  for (const file of result.files) {
    console.log(`  ${color.green('✔')} ${file.path.padEnd(40)} ${file.written ? 'written' : color.dim('unchanged')}`);
  }
}

export function codegenCommand(): Command {
  return new Command('codegen')
    .description('write typed bindings of the built contracts from their ABIs (build/<name>.abi.json): a module per contract, and AssemblyScript callers')
    .argument('[contracts...]', 'contracts to write bindings for, by name (default: every contract of the build)')
    .option('--out <dir>', 'where the modules go (default: src/contracts, or "mason.codegen.out" of package.json)')
    .option('--target <library>', 'what the modules call the node through: mason (@mason/client) or massa-web3 (a massa-web3 5 Provider)')
    .option('--language <language>', 'ts (TypeScript modules, the default) or js (the same code without types, for JavaScript projects)')
    .option('--as', 'also write an AssemblyScript caller class per contract, for calls from another contract')
    .option('--as-out <dir>', 'where the AssemblyScript classes go (default: assembly/generated)')
    .option('--as-sdk <sdk>', "the SDK of the AssemblyScript classes: mason (@mason/sdk) or massa (@massalabs/massa-as-sdk); default: the project's")
    .option('--build-dir <dir>', 'where `mason build` wrote the contracts and their ABIs', 'build')
    .option('--json', 'print the files as JSON')
    .action((contracts: string[], options: CodegenCommandOptions) => {
      const root = enterProject('codegen');
      const config = readCodegenConfig(root) ?? {};
      const result = codegen({
        ...config,
        root,
        buildDir: options.buildDir,
        ...(contracts.length > 0 && { contracts }),
        ...(options.out !== undefined && { out: options.out }),
        ...(options.target !== undefined && { target: options.target }),
        ...(options.language !== undefined && { language: options.language }),
        ...(options.as && { as: true }),
        ...(options.asOut !== undefined && { asOut: options.asOut }),
        ...(options.asSdk !== undefined && { asSdk: options.asSdk }),
      });
      if (options.json) console.log(JSON.stringify(result));
      else printCodegen(result);
    });
}
