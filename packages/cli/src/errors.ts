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
  MASON_CLI_ABI_ARITY: '{func} takes {wanted} argument(s) ({signature}), {given} given. Give one value per parameter, in order; nothing was sent.',
  MASON_CLI_ABI_BAD_VALUES: '{func}({signature}): a value does not fit its parameter; nothing was sent:\n  {problems}',
  MASON_CLI_ABI_UNKNOWN_PARAMS: 'the ABI of {contract} does not know the parameters of {func} ({notes}). Give its arguments typed: --args type:value …',
  MASON_CLI_NO_ABI:
    "plain values need the contract's ABI, and none was found for {contract}: run the command in the project that built it, after `mason build` (it writes build/<name>.abi.json), or give the arguments typed: --args type:value …",
  MASON_CLI_ARGS_AND_VALUES: 'the arguments are given twice, as values ({values}) and with --args ({args}): give them one way.',
  MASON_CLI_ABI_BAD_RESULT:
    'the ABI says {func} returns {returns}, but it returned {length} byte(s) (0x{hex}): {reason}. The deployed code may differ from the build: rebuild, or read the bytes with --returns <type>.',
  MASON_CLI_WHICH_CONTRACT: 'several contracts were built ({names}): name the one to deploy, e.g. `mason deploy {first}`.',
} as const;

export type CliErrorCode = keyof typeof cliErrors;

const defined = defineErrors(cliErrors, 'cli.md', { name: 'CliError' });

/** The mason command's refusal of its input; `CliError<'MASON_CLI_…'>` has that code's context. */
export const CliError = defined.Error;
export type CliError<C extends CliErrorCode = CliErrorCode> = CodedError<typeof cliErrors, C>;

/** True for a CliError (with `code` when given), also one made by another copy of the CLI. */
export const isCliError = defined.is;
