import { toKey } from '@mason/vm';
import type { BlockChange } from '../ledger/devnetLedger.js';

/** What a write overwrites: its kind and address (and datastore key); creations overwrite nothing. */
function target(change: BlockChange): string | null {
  switch (change.kind) {
    case 'create':
      return null;
    case 'data':
      return `data ${change.address} ${toKey(change.key)}`;
    case 'deferred':
      return `deferred ${change.address} ${change.period}:${change.thread}`;
    case 'asyncMessage':
      return `asyncMessage ${change.id}`;
    default:
      // The deferred-call registry's writes have no address: state control never writes them.
      return 'address' in change ? `${change.kind} ${change.address}` : null;
  }
}

/**
 * A non-final block's writes without those that `later` overwrites: state control happens after
 * every executed block, so when such a block becomes final its older values must not come back.
 */
export function withoutOverridden(changes: BlockChange[], later: readonly BlockChange[]): BlockChange[] {
  const overwritten = new Set<string>();
  for (const change of later) {
    const key = target(change);
    if (key !== null) overwritten.add(key);
  }
  if (overwritten.size === 0) return changes;
  return changes.filter((change) => {
    const key = target(change);
    return key === null || !overwritten.has(key);
  });
}
