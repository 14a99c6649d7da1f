import { defineErrors, type CodedError } from '@mason/codec';

/** Fork mode (`startDevnet({ fork })`, `mason node --fork`): the remote node and what it can serve. */
export const forkErrors = {
  MASON_DEVNET_FORK_UNREACHABLE:
    "cannot reach the node to fork at {url}: {reason}; check the URL (a node's public JSON-RPC API, e.g. https://buildnet.massa.net/api/v2) and that it is up",
  MASON_DEVNET_FORK_NOT_A_NODE: "{url} does not answer as a Massa node: {reason}; give the URL of a node's public JSON-RPC API",
  MASON_DEVNET_FORK_PERIOD_UNAVAILABLE:
    'cannot fork {url} at period {period}: {reason}; leave --fork-period out to fork at its latest final period ({finalPeriod})',
  MASON_DEVNET_FORK_READ_FAILED:
    'cannot read {what} from the forked node {url}: {reason}; the request that needed it failed, the devnet keeps running (check the remote node, or restart the fork)',
  MASON_DEVNET_FORK_OPTION_CONFLICT: 'fork mode cannot be combined with {option}: {reason}',
} as const;

export type ForkErrorCode = keyof typeof forkErrors;

const defined = defineErrors(forkErrors, 'devnet.md', { name: 'ForkError' });

/** The remote node of fork mode cannot be used, or cannot answer a read the devnet needs. */
export const ForkError = defined.Error;
export type ForkError<C extends ForkErrorCode = ForkErrorCode> = CodedError<typeof forkErrors, C>;

/** True for a ForkError (with `code` when given), also one made by another copy of @mason/devnet. */
export const isForkError = defined.is;
