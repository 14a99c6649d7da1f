import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { explainNoNode } from './noNode.js';
import { printError } from './output.js';
export { tuneV8 } from './v8Tuning.js';

/** The version of @mason/cli, from its package.json (beside src/ and dist/). */
const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

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
  balance: () => import('./commands/balance.js').then((m) => m.balanceCommand()),
  transfer: () => import('./commands/transfer.js').then((m) => m.transferCommand()),
  events: () => import('./commands/events.js').then((m) => m.eventsCommand()),
  op: () => import('./commands/op.js').then((m) => m.opCommand()),
  block: () => import('./commands/block.js').then((m) => m.blockCommand()),
  status: () => import('./commands/status.js').then((m) => m.statusCommand()),
  storage: () => import('./commands/storage.js').then((m) => m.storageCommand()),
  accounts: () => import('./commands/accounts.js').then((m) => m.accountsCommand()),
  account: () => import('./commands/account.js').then((m) => m.accountCommand()),
  trace: () => import('./commands/trace.js').then((m) => m.traceCommand()),
  codegen: () => import('./commands/codegen.js').then((m) => m.codegenCommand()),
};

export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);

/** Whether commander printed its own refusal (unknown option, missing argument, bad value). */
let printedByCommander = false;

/**
 * Help and version output end with a CommanderError too, and so does a failed `mason test`: they
 * printed what they had to say (the test report ends with its summary line).
 */
const SAID_ALREADY = new Set(['commander.help', 'commander.helpDisplayed', 'commander.version', 'mason.test.failed']);

/** Throws instead of exiting, and notes that the error was printed (so it is printed once). */
function configure(command: Command, usage: string): Command {
  return command
    .exitOverride()
    .showHelpAfterError(usage)
    .configureOutput({
      outputError: (text, write) => {
        printedByCommander = true;
        write(text);
      },
    });
}

/** The program with the command `argv` names, or every command (for help and unknown names). */
export async function createProgram(argv: readonly string[] = []): Promise<Command> {
  // An unknown command gets commander's nearest name when one is close, and always the list.
  const program = configure(
    new Command('mason').description('Mason — the Massa smart-contract toolkit').version(VERSION),
    `(commands: ${COMMAND_NAMES.join(', ')}; run mason --help for usage)`,
  );
  const named = argv[2];
  const wanted = named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
  for (const command of await Promise.all(wanted.map((name) => COMMANDS[name]!()))) {
    program.addCommand(configure(command, `(run mason ${command.name()} --help for usage)`));
  }
  return program;
}

/** Runs the CLI; returns the exit code instead of exiting, so tests can drive it. Every failure is printed. */
export async function run(argv: string[]): Promise<number> {
  printedByCommander = false;
  try {
    await (await createProgram(argv)).parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0 || printedByCommander || SAID_ALREADY.has(error.code)) return error.exitCode;
      printError(error);
      return error.exitCode || 1;
    }
    printError(explainNoNode(error));
    return 1;
  }
}
