import { defineErrors, type CodedError } from '@mason/codec';

/** Options of startDevnet (and `mason node`'s flags) that no node could run with, and in-process requests it cannot take. */
export const devnetOptionErrors = {
  MASON_DEVNET_INVALID_OPTION: '{option} must be {expected}, got {value}',
  MASON_DEVNET_INVALID_ORIGIN: '"{text}" is not an origin: expected scheme://host[:port], e.g. http://localhost:5173',
  MASON_DEVNET_STOPPED: 'the devnet has stopped: its {server} API answers no more requests; start a new one with startDevnet()',
} as const;

export type DevnetOptionErrorCode = keyof typeof devnetOptionErrors;

const defined = defineErrors(devnetOptionErrors, 'devnet.md', { name: 'DevnetOptionError' });

/** An option no node could run with, or a request the stopped devnet cannot take. */
export const DevnetOptionError = defined.Error;
export type DevnetOptionError<C extends DevnetOptionErrorCode = DevnetOptionErrorCode> = CodedError<typeof devnetOptionErrors, C>;

/** True for a DevnetOptionError (with `code` when given), also one made by another copy of @mason/devnet. */
export const isDevnetOptionError = defined.is;
