import { Command, CommanderError, Option } from 'commander';
import pc from 'picocolors';
import { isMasonError } from '@mason/codec/base';
import { isAbsolute, relative } from 'node:path';
import { howToInstall, runsInShell, type PackageManager } from './packageManager.js';
import { scaffold } from './scaffold.js';

export async function run(argv: string[]): Promise<number> {
  const program = new Command('create-mason')
    .description('Create a Massa smart-contract project with Mason')
    .argument('<dir>', 'directory of the new project (must not exist or be empty)')
    .addOption(new Option('-t, --template <name>', 'project template').choices(['hello', 'token']).default('hello'))
    .addOption(new Option('--pm <manager>', 'package manager to install with').choices(['npm', 'pnpm']).default('npm'))
    .option('--no-install', 'do not install dependencies')
    .option('--git', 'initialize a git repository')
    .option('--dry-run', 'check the folder, template, package manager and local packages, and write nothing')
    .option('--local-packages <dir>', 'depend on packed Mason tarballs in <dir> (copied into the project) instead of the registry (also MASON_LOCAL_PACKAGES)')
    .exitOverride();
  try {
    program.parse(argv);
    const [dir] = program.args as [string];
    const options = program.opts<{ template: string; pm: PackageManager; install: boolean; git?: boolean; localPackages?: string; dryRun?: boolean }>();
    const result = scaffold({
      dir,
      template: options.template,
      packageManager: options.pm,
      install: options.install,
      git: options.git ?? false,
      localPackages: options.localPackages ?? (process.env.MASON_LOCAL_PACKAGES || null),
      dryRun: options.dryRun ?? false,
      onStep: (step) => console.log(pc.dim(`• ${step}…`)),
    });
    const where = isAbsolute(dir) ? result.dir : relative(process.cwd(), result.dir) || '.';
    if (result.dryRun) {
      console.log(`${pc.green('✔')} ${result.name} can be created in ${where} from the ${result.template} template (nothing written)`);
      return 0;
    }
    // Commands the user can type: through npx when the package manager is not in their shell.
    const throughNpx = options.pm !== 'npm' && !runsInShell(options.pm);
    const pm = throughNpx ? `npx ${options.pm}` : options.pm;
    console.log(`\n${pc.green('✔')} created ${pc.bold(result.name)} in ${where}\n`);
    if (result.localPackages) {
      console.log(pc.dim(`Mason's packages are the tarballs in ${where}/.mason-packages/: commit them with the project.\n`));
    }
    if (throughNpx) {
      console.log(
        pc.yellow(
          `${options.pm} is not on your PATH: the commands below run it through npx. To type \`${options.pm}\` itself, install it: ${howToInstall(options.pm)}.\n`,
        ),
      );
    }
    console.log('Next steps:');
    console.log(`  cd ${where}`);
    if (!result.installed) console.log(`  ${pm} install`);
    console.log(`  ${pm} test          ${pc.dim('# unit tests, then integration tests on an in-process devnet')}`);
    console.log(`  ${pm} run node      ${pc.dim('# a local Massa node (keep it running)')}`);
    console.log(`  ${pm} run deploy    ${pc.dim('# build and deploy to it')}`);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (isMasonError(error)) {
      console.error(`${pc.red('error')} ${error.shortMessage} ${pc.dim(`[${error.code}]`)}`);
      console.error(pc.dim(`  see ${error.docs}`));
      return 1;
    }
    const e = error as { message?: string };
    console.error(`${pc.red('error')} ${e.message ?? String(error)}`);
    return 1;
  }
}
