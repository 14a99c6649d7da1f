import { Command, CommanderError } from 'commander';
import { printError } from './output.js';

const VERSION = '0.1.0';

/**
 * Each command is loaded only when it runs: the packages behind them (the devnet, the compiler,
 * as-pect) take far longer to load than most commands take to run.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  build: () => import('./commands/build.js').then((m) => m.buildCommand()),
  deploy: () => import('./commands/deploy.js').then((m) => m.deployCommand()),
  node: () => import('./commands/node.js').then((m) => m.nodeCommand()),
  test: () => import('./commands/test.js').then((m) => m.testCommand()),
  call: () => import('./commands/call.js').then((m) => m.callCommand()),
  read: () => import('./commands/read.js').then((m) => m.readCommand()),
};

/** The program with the command `argv` names, or every command (for help and unknown names). */
export async function createProgram(argv: readonly string[] = []): Promise<Command> {
  const program = new Command('mason')
    .description('Mason — the Massa smart-contract toolkit')
    .version(VERSION)
    .showHelpAfterError('(run mason --help for usage)')
    .exitOverride();
  const named = argv[2];
  const wanted = named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
  for (const command of await Promise.all(wanted.map((name) => COMMANDS[name]!()))) program.addCommand(command);
  return program;
}

/** Runs the CLI; returns the exit code instead of exiting, so tests can drive it. */
export async function run(argv: string[]): Promise<number> {
  try {
    await (await createProgram(argv)).parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    printError(error);
    return 1;
  }
}
