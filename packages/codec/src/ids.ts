import { decodeVersioned, encodeVersioned } from './base58check.js';
import { BoundedCache } from './boundedCache.js';

/** Operation, block and endorsement ids: prefix + b58c(version 0 ‖ 32-byte hash). */
export const encodeOperationId = (hash: Uint8Array): string => encodeVersioned('O', hash);
export const decodeOperationId = (id: string): Uint8Array => decodeVersioned(id, 'O', 32, 'operation id');
export const encodeBlockId = (hash: Uint8Array): string => encodeVersioned('B', hash);
const blockIds = new BoundedCache<string, Uint8Array>();
/** Block ids come back constantly (every block names 32 parents): decoded ones are cached, and each caller gets its own copy. */
export const decodeBlockId = (id: string): Uint8Array =>
  typeof id === 'string' ? blockIds.get(id, (text) => decodeVersioned(text, 'B', 32, 'block id')).slice() : decodeVersioned(id, 'B', 32, 'block id');
export const encodeEndorsementId = (hash: Uint8Array): string => encodeVersioned('E', hash);
export const decodeEndorsementId = (id: string): Uint8Array => decodeVersioned(id, 'E', 32, 'endorsement id');
