import { Command, CommanderError, Option } from 'commander';
import pc from 'picocolors';
import { relative } from 'node:path';
import { scaffold } from './scaffold.js';

export async function run(argv: string[]): Promise<number> {
  const program = new Command('create-mason')
    .description('Create a Massa smart-contract project with Mason')
    .argument('<dir>', 'directory of the new project (must not exist or be empty)')
    .addOption(new Option('-t, --template <name>', 'project template').choices(['hello', 'token']).default('hello'))
    .addOption(new Option('--pm <manager>', 'package manager to install with').choices(['npm', 'pnpm']).default('npm'))
    .option('--no-install', 'do not install dependencies')
    .option('--git', 'initialize a git repository')
    .option('--local-packages <dir>', 'depend on packed Mason tarballs in <dir> instead of the registry (also MASON_LOCAL_PACKAGES)')
    .exitOverride();
  try {
    program.parse(argv);
    const [dir] = program.args as [string];
    const options = program.opts<{ template: string; pm: 'npm' | 'pnpm'; install: boolean; git?: boolean; localPackages?: string }>();
    const result = scaffold({
      dir,
      template: options.template,
      packageManager: options.pm,
      install: options.install,
      git: options.git ?? false,
      localPackages: options.localPackages ?? process.env.MASON_LOCAL_PACKAGES ?? null,
      onStep: (step) => console.log(pc.dim(`• ${step}…`)),
    });
    const where = relative(process.cwd(), result.dir) || '.';
    console.log(`\n${pc.green('✔')} created ${pc.bold(result.name)} in ${where}\n`);
    console.log('Next steps:');
    console.log(`  cd ${where}`);
    if (!result.installed) console.log(`  ${options.pm} install`);
    console.log(`  ${options.pm} test          ${pc.dim('# unit tests, then integration tests on an in-process devnet')}`);
    console.log(`  ${options.pm} run node      ${pc.dim('# a local Massa node (keep it running)')}`);
    console.log(`  ${options.pm} run deploy    ${pc.dim('# build and deploy to it')}`);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    const e = error as { message: string; code?: string };
    console.error(`${pc.red('error')} ${e.message}${e.code ? pc.dim(` [${e.code}]`) : ''}`);
    return 1;
  }
}
