import { Command, CommanderError } from 'commander';
import { buildCommand } from './commands/build.js';
import { callCommand } from './commands/call.js';
import { deployCommand } from './commands/deploy.js';
import { nodeCommand } from './commands/node.js';
import { testCommand } from './commands/test.js';
import { readCommand } from './commands/read.js';
import { printError } from './output.js';

const VERSION = '0.1.0';

export function createProgram(): Command {
  const program = new Command('mason')
    .description('Mason — the Massa smart-contract toolkit')
    .version(VERSION)
    .showHelpAfterError('(run mason --help for usage)')
    .exitOverride();
  program.addCommand(buildCommand());
  program.addCommand(deployCommand());
  program.addCommand(nodeCommand());
  program.addCommand(testCommand());
  program.addCommand(callCommand());
  program.addCommand(readCommand());
  return program;
}

/** Runs the CLI; returns the exit code instead of exiting, so tests can drive it. */
export async function run(argv: string[]): Promise<number> {
  try {
    await createProgram().parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    printError(error);
    return 1;
  }
}
