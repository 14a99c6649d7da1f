import type { IncomingMessage, ServerResponse } from 'node:http';
import { DevnetOptionError } from '../devnetOptionError.js';

/**
 * Which web pages may read a server's answers. The node answers every origin on all its ports
 * (tower-http CorsLayer, any origin, POST and OPTIONS, header content-type); the devnet does so on
 * its public and API ports. Its private port (stop_node, staking keys, node_sign_message) only
 * answers pages of the origins it is given, so that no web page can drive it by default.
 */
export type CorsPolicy = { anyOrigin: true } | { anyOrigin: false; origins: ReadonlySet<string> };

export const ANY_ORIGIN: CorsPolicy = { anyOrigin: true };

/** The private port's policy: `*` among the origins restores the node's behaviour. */
export function originsPolicy(origins: readonly string[]): CorsPolicy {
  if (origins.includes('*')) return ANY_ORIGIN;
  return { anyOrigin: false, origins: new Set(origins.map(normalizeOrigin)) };
}

/** `http://localhost:5173/` → `http://localhost:5173`; anything that is not an http(s) origin is refused. */
export function normalizeOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DevnetOptionError('MASON_DEVNET_INVALID_ORIGIN', { text });
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new DevnetOptionError('MASON_DEVNET_INVALID_ORIGIN', { text });
  }
  return url.origin;
}

export type CorsDecision = 'allowed' | 'refused';

/** Sets the CORS headers for this request; 'refused' when a page of a foreign origin asks the private port. */
export function applyCors(policy: CorsPolicy, req: IncomingMessage, res: ServerResponse): CorsDecision {
  const origin = req.headers.origin;
  if (policy.anyOrigin) {
    res.setHeader('Access-Control-Allow-Origin', '*');
  } else {
    if (origin === undefined) return 'allowed'; // not a browser page: curl, SDKs, the CLI
    res.setHeader('Vary', 'Origin');
    if (!policy.origins.has(origin)) return 'refused';
    res.setHeader('Access-Control-Allow-Origin', origin);
  }
  res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'content-type');
  return 'allowed';
}

export function refusedOriginMessage(origin: string): string {
  return `Origin ${origin} may not use the private API. Start the devnet with --private-cors ${origin} (option privateCors) to allow it.\n`;
}
