import type { BlockChange } from '../ledger/devnetLedger.js';

/**
 * What a state-control method changed, as the data directory's journal keeps it: absolute writes
 * (final at once, applied to the final and candidate ledgers), the cycle they were made in (the
 * rolls' history), and an impersonation switched on or off.
 */
export interface StateChangeRecord {
  /** The JSON-RPC method that made the change (`mason_set_balance`…), for errors and the journal's reader. */
  method: string;
  cycle: number;
  changes: BlockChange[];
  impersonate?: { address: string; enabled: boolean };
}

const isAddress = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

function isChange(value: unknown): value is BlockChange {
  const change = value as Record<string, unknown> | null;
  if (typeof change !== 'object' || change === null) return false;
  if (change.kind === 'asyncMessage') return typeof change.id === 'string' && (change.value === null || typeof change.value === 'object');
  if (!isAddress(change.address)) return false;
  switch (change.kind) {
    case 'create':
      return true;
    case 'balance':
      return typeof change.value === 'bigint' && change.value >= 0n;
    case 'bytecode':
      return change.value === null || change.value instanceof Uint8Array;
    case 'data':
      return change.key instanceof Uint8Array && (change.value === null || change.value instanceof Uint8Array);
    case 'rolls':
      return typeof change.value === 'number' && Number.isSafeInteger(change.value) && change.value >= 0;
    case 'deferred':
      return Number.isSafeInteger(change.period) && Number.isSafeInteger(change.thread) && typeof change.value === 'bigint';
    default:
      return false;
  }
}

/** Whether a decoded journal value has the shape of a StateChangeRecord. */
export function isStateChangeRecord(value: unknown): value is StateChangeRecord {
  const record = value as Partial<StateChangeRecord> | null;
  if (typeof record !== 'object' || record === null || typeof record.method !== 'string') return false;
  if (!Number.isSafeInteger(record.cycle) || !Array.isArray(record.changes) || !record.changes.every(isChange)) return false;
  const impersonate = record.impersonate;
  return impersonate === undefined || (isAddress(impersonate?.address) && typeof impersonate.enabled === 'boolean');
}
