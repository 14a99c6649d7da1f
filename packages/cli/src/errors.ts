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
  MASON_CLI_INVALID_AMOUNT:
    '"{value}" is not an amount of MAS: {reason}. Write a non-negative decimal with at most 9 decimals, e.g. 1.5 or 0.001 (1 MAS = 1,000,000,000 nanoMAS).',
  MASON_CLI_CANNOT_AFFORD:
    '{from} has {balance} MAS (candidate balance) but sending {amount} MAS costs {cost} MAS with the fee: nothing was sent. Send less, or fund the account (pick another one with --from).',
  MASON_CLI_INVALID_FROM:
    '--from {value}: {reason}. --from takes the number of a development account of the local devnet (0, 1, …; `mason accounts` lists them) or the name of a variable of the environment or .env that holds a secret key (S1…), never the key itself.',
  MASON_CLI_INVALID_OPERATION_ID: '{value} is not an operation id ({reason}). An operation id looks like O1…: `mason call`, `deploy` and `transfer` print it.',
  MASON_CLI_UNKNOWN_OPERATION:
    'the node at {url} does not know operation {id}: it was sent to another network (check --network), expired before any block included it, or is older than what the node keeps (a Massa node forgets final operations after a few periods; the devnet keeps them all).',
  MASON_CLI_INVALID_BLOCK_ID: '{value} is not a block id ({reason}). Give a block id (B1…), or latest.',
  MASON_CLI_UNKNOWN_BLOCK: 'the node at {url} does not know block {id}. Check --network; a Massa node keeps only recent blocks in memory.',
  MASON_CLI_INVALID_KEY: '{value} is not a datastore key: {reason}. A key is text (`mason storage token NAME`), or bytes in hex after 0x (0x0a0b).',
  MASON_CLI_NO_SUCH_KEY: '{address} has no datastore key {key} on {network} ({keys}). List its keys with `mason storage {target}`.',
  MASON_CLI_DEVNET_ONLY:
    '`mason {command}` is about the development accounts of the local devnet, and --network {network} is not local. Their secret keys are public: never use them on a real network.',
  MASON_CLI_ACCOUNT_UNKNOWN:
    'there is no account named "{name}" ({known}; looked in {searched}). See them with `mason account list`; create one with `mason account new {name}` or `mason account import {name}`.',
  MASON_CLI_ACCOUNT_EXISTS: 'an account named "{name}" already exists ({path}). Pick another name, or remove it first with `mason account remove {name}`.',
  MASON_CLI_ACCOUNT_BAD_NAME: '"{name}" cannot name an account: use 1 to 32 letters, digits, - or _ (as Massa Station does).',
  MASON_CLI_ACCOUNT_CORRUPT:
    '{path}:{line}: not a valid Massa wallet file: {reason}. Nothing was changed; restore the file from a backup or import the key again.',
  MASON_CLI_ACCOUNT_WRONG_PASSWORD: 'wrong password for account "{name}" ({path}): the password from {source} does not decrypt it. Nothing was sent.',
  MASON_CLI_ACCOUNT_READ_ONLY: 'account "{name}" is a Massa Station wallet ({path}): Mason uses it but does not delete it. Remove it in Massa Station.',
  MASON_CLI_PASSWORD_REQUIRED: '{what} needs its password, and there is no terminal to type it: set MASON_ACCOUNT_PASSWORD or pass --password-file <file>.',
  MASON_CLI_PASSWORD_FILE_UNREADABLE: 'cannot read the password file {path} ({reason}). Check the path given to --password-file.',
  MASON_CLI_PASSWORD_EMPTY: 'the password from {source} is empty. Give a non-empty password.',
  MASON_CLI_PASSWORDS_DIFFER: 'the two passwords typed differ. Nothing was stored; run the command again.',
  MASON_CLI_PASSWORD_CANCELLED: 'cancelled while typing the password. Nothing was changed.',
  MASON_CLI_BAD_SECRET_KEY: 'the secret key from {source} is not an S… key ({reason}). Nothing was stored.',
  MASON_CLI_CONFIRM_REQUIRED: 'to {action} without a terminal to confirm on, pass {flag}.',
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
