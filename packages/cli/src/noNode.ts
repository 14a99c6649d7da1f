import { isMasonError } from '@mason/codec/base';
import { CliError } from './errors.js';

/** The client's refused connection, and the deployer's (which wraps it). */
const NO_NODE_CODES = new Set(['MASON_CLIENT_CONNECTION_REFUSED', 'MASON_DEPLOY_NO_NODE']);

/** A node on this machine: 127.x.x.x, ::1 or localhost. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * A refused connection to a node on this machine, said as what it most often means: no
 * `mason node` runs, or one runs on other ports. Other errors unchanged.
 */
export function explainNoNode(error: unknown): unknown {
  if (!isMasonError(error) || !NO_NODE_CODES.has(error.code)) return error;
  const url = (error.context as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'string' || !isLoopbackUrl(url)) return error;
  return new CliError('MASON_CLI_NO_NODE', { url });
}
