import { readFileSync } from 'node:fs';
import { Address, defineErrors, parseMas } from '@mason/codec';

/** One genesis entry, in the node's initial_ledger.json format. */
export interface InitialLedgerEntry {
  balance: string;
  bytecode?: number[];
  datastore?: Array<[number[], number[]]>;
}

const EXAMPLE = '{"AU…": {"balance": "100", "bytecode": [], "datastore": []}}';

/** The initial ledger's one code: its message is the whole explanation (which file, entry, line, why). */
export const initialLedgerErrors = {
  MASON_DEVNET_INITIAL_LEDGER: '{reason}',
} as const;

const defined = defineErrors(initialLedgerErrors, 'devnet.md', { name: 'InitialLedgerError' });

/** An initial ledger that cannot be used: says which file (or option), which entry and line, and why. */
export class InitialLedgerError extends defined.Error<'MASON_DEVNET_INITIAL_LEDGER'> {
  constructor(reason: string) {
    super('MASON_DEVNET_INITIAL_LEDGER', { reason });
  }
}

export const isInitialLedgerError = defined.is;

const isByteArray = (v: unknown): v is number[] => Array.isArray(v) && v.every((b) => Number.isInteger(b) && b >= 0 && b <= 255);

/** Line (1-based) of an offset in a text. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Checks every entry: the key is an address (AU… or AS…), the balance an amount of MAS that fits
 * u64, bytecode a byte array, datastore a list of [key bytes, value bytes]. `source` names where
 * the entries come from (a file name); `text` (the file's content) lets errors give the line.
 */
export function validateInitialLedger(entries: unknown, source: string, text?: string): Record<string, InitialLedgerEntry> {
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) {
    throw new InitialLedgerError(`${source} must hold a JSON object of address → {balance, bytecode, datastore}, like ${EXAMPLE}.`);
  }
  for (const [key, entry] of Object.entries(entries)) {
    const where = () => {
      const at = text?.indexOf(JSON.stringify(key)) ?? -1;
      return at >= 0 ? `${source}:${lineAt(text!, at)}: entry "${key}"` : `${source}: entry "${key}"`;
    };
    try {
      Address.fromString(key);
    } catch (error) {
      throw new InitialLedgerError(`${where()} is not a valid address (${(error as Error).message}). Every key must be an address, AU… or AS….`);
    }
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new InitialLedgerError(`${where()} must be an object like {"balance": "100", "bytecode": [], "datastore": []}.`);
    }
    const { balance, bytecode, datastore } = entry as Record<string, unknown>;
    try {
      parseMas(balance as string);
    } catch (error) {
      throw new InitialLedgerError(`${where()} has an invalid balance ${JSON.stringify(balance)}: ${(error as Error).message}.`);
    }
    if (bytecode !== undefined && !isByteArray(bytecode)) throw new InitialLedgerError(`${where()} has a bytecode that is not an array of bytes (0–255).`);
    if (
      datastore !== undefined &&
      !(Array.isArray(datastore) && datastore.every((pair) => Array.isArray(pair) && pair.length === 2 && isByteArray(pair[0]) && isByteArray(pair[1])))
    ) {
      throw new InitialLedgerError(`${where()} has a datastore that is not a list of [key bytes, value bytes] pairs.`);
    }
  }
  return entries as Record<string, InitialLedgerEntry>;
}

/** Reads and checks an initial_ledger.json file; every error names the file (and the line where it can). */
export function readInitialLedgerFile(path: string): Record<string, InitialLedgerEntry> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InitialLedgerError(`cannot read the initial ledger ${path}: ${(error as Error).message}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message);
    const where = position ? `${path}:${lineAt(text, Number(position[1]))}` : path;
    throw new InitialLedgerError(`${where}: not valid JSON (${(error as Error).message}). It must be a JSON file like ${EXAMPLE}.`);
  }
  return validateInitialLedger(parsed, path, text);
}
