import { defineErrors, type CodedError } from '@mason/codec/base';

/** Every way the mason command itself refuses its input, with what to do about it. */
export const cliErrors = {
  MASON_CLI_BAD_ARGS: '{problems}',
  MASON_CLI_NOT_A_PROJECT:
    'not a Mason project: no package.json depending on @mason/* (or with a "mason" field), nor a package.json beside an assembly/ folder, in {dir} or any folder above it. Run `mason {command}` from your project, or create one with `npm create mason@latest my-app`.',
  MASON_CLI_BAD_PACKAGE_JSON: '{path} is not valid JSON ({where}: {reason}). Fix it: the project is found by its package.json.',
  MASON_CLI_PORT_IN_USE:
    'port {port} ({role}) on {host} is already in use: a Mason node (or another program) already runs there. Stop it, or run this one on other ports: `mason node --port-offset {offset}` (ports {suggested}), or --public-port/--private-port/--api-port; the other commands reach it with MASON_NODE_URL={nodeUrl}.',
  MASON_CLI_UNKNOWN_CONTRACT:
    'there is no contract named "{name}" in {path} ({known}). Deploy it with `mason deploy {name}`, check --network, or give the contract\'s address (AS…).',
  MASON_CLI_INVALID_ADDRESS:
    '{value} is not a valid Massa address ({reason}). A contract address looks like AS1… and an account address like AU1…; a contract deployed with `mason deploy` can also be named.',
  MASON_CLI_NOT_A_CONTRACT: '{address} has no bytecode on {network}: it is not a contract there. Check the address and --network.',
  MASON_CLI_NO_SUCH_FUNCTION: '{address} has no function {func} (exports: {exports}).',
  MASON_CLI_BAD_RETURNS:
    '--returns {type}: the function returned {length} byte(s) (0x{hex}), which is not a {type}: {reason}. Leave out --returns to see the raw bytes.',
  MASON_CLI_ARGS_TOO_SHORT:
    '{func} reads {read} bytes of arguments but --args gave {given} ({args}): they are {short} byte(s) short. It failed reading {a} {type} ("{reason}"). Give one value per parameter, of the parameter\'s type ({type} parameters take {type}:…); nothing was sent.',
  MASON_CLI_CONSTRUCTOR_ARGS_TOO_SHORT:
    'the constructor of {contract} reads more than the {given} byte(s) --args gave ({args}): it failed reading {a} {type} ("{reason}"). Give one value per constructor parameter, of the parameter\'s type ({type} parameters take {type}:…); nothing was sent.',
  MASON_CLI_UNKNOWN_NETWORK: 'unknown network "{name}"{suggestion}: use local, buildnet, mainnet or a node URL (http://…).',
  MASON_CLI_NO_NODE:
    'no node at {url}: nothing answers there. Start one with `mason node`; if your node runs on other ports (`mason node --port-offset …`) or elsewhere, set MASON_NODE_URL (in the environment or .env) or pass --network <its URL>.',
  MASON_CLI_WHICH_CONTRACT: 'several contracts were built ({names}): name the one to deploy, e.g. `mason deploy {first}`.',
  MASON_CLI_NO_TRACE:
    'no trace of {id} on {url}: the devnet keeps the traces of its latest operations only (`mason node --trace-keep <n>`, `--trace-memory <MB>`), records none with --no-traces, and an operation still in the pool has none yet. Check the id, or send the operation again.',
  MASON_CLI_NO_TRACES:
    'the node at {url} records no execution traces: only a Mason devnet (`mason node`) does. Run the operation on a local devnet to see its trace.',
} as const;

export type CliErrorCode = keyof typeof cliErrors;

const defined = defineErrors(cliErrors, 'cli.md', { name: 'CliError' });

/** The mason command's refusal of its input; `CliError<'MASON_CLI_…'>` has that code's context. */
export const CliError = defined.Error;
export type CliError<C extends CliErrorCode = CliErrorCode> = CodedError<typeof cliErrors, C>;

/** True for a CliError (with `code` when given), also one made by another copy of the CLI. */
export const isCliError = defined.is;
