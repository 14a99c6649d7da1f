import { readFileSync } from 'node:fs';

let cached: Record<string, unknown> | null = null;

/** The node's OpenRPC document, served by rpc.discover with this devnet's version. */
export function openRpcDocument(version: string): Record<string, unknown> {
  cached ??= JSON.parse(readFileSync(new URL('../openrpc.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  return { ...cached, info: { ...(cached.info as object), version } };
}
