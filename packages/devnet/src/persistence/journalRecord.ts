import { createHash } from 'node:crypto';
import type { FinalizedBlock } from '../chain/Finalizer.js';
import { isStateChangeRecord, type StateChangeRecord } from '../stateControl/StateChangeRecord.js';
import { decodeJson, encodeFinalized, encodeJson, isFinalizedBlock } from './serialization.js';

/**
 * One line of final-blocks.jsonl: `<checksum> <payload>\n`, the payload being
 * `{"prev":"<checksum of the previous line>","entry":{…}}` (a final block) or
 * `{"prev":"…","state":{…}}` (writes of the state-control methods, final at once), and the checksum
 * its SHA-256 (hex).
 * The first line's `prev` is chain.json's checksum. So any altered byte fails its line's
 * checksum, and a removed, reordered or re-appended line breaks the chain at the next one.
 * This detects damage and edits; it is not a signature (whoever rewrites every checksum can
 * forge a journal).
 */
const CHECKSUM_LENGTH = 64;

export const sha256Hex = (text: string | Uint8Array): string => createHash('sha256').update(text).digest('hex');

/** What one journal line holds: a final block, or state-control writes. */
export type JournalItem = { entry: FinalizedBlock; state?: never } | { state: StateChangeRecord; entry?: never };

export function encodeRecord(prev: string, item: JournalItem): { line: string; checksum: string } {
  const payload = item.entry ? `{"prev":"${prev}","entry":${encodeFinalized(item.entry)}}` : `{"prev":"${prev}","state":${encodeJson(item.state)}}`;
  const checksum = sha256Hex(payload);
  return { line: `${checksum} ${payload}\n`, checksum };
}

export type DecodedRecord = ({ ok: true; checksum: string } & JournalItem) | { ok: false; reason: string };

/** Checks one line (without its newline) against the checksum of the line before it. */
export function decodeRecord(line: string, expectedPrev: string): DecodedRecord {
  if (line.length === 0) return { ok: false, reason: 'the line is empty' };
  const checksum = line.slice(0, CHECKSUM_LENGTH);
  if (!/^[0-9a-f]{64}$/.test(checksum) || line[CHECKSUM_LENGTH] !== ' ') {
    return { ok: false, reason: 'the line does not start with a checksum (a format 2 journal record is "<sha256> <json>")' };
  }
  const payload = line.slice(CHECKSUM_LENGTH + 1);
  if (sha256Hex(payload) !== checksum) return { ok: false, reason: 'its checksum does not match its content (the line was edited or damaged)' };
  let parsed: { prev?: unknown; entry?: unknown; state?: unknown };
  try {
    parsed = decodeJson(payload) as { prev?: unknown; entry?: unknown; state?: unknown };
  } catch (error) {
    return { ok: false, reason: `its content is not valid JSON (${(error as Error).message})` };
  }
  if (parsed.prev !== expectedPrev) {
    return {
      ok: false,
      reason: 'it does not follow the line before it (a line was removed, reordered or appended again, or the journal belongs to another chain.json)',
    };
  }
  if (parsed.state !== undefined) {
    if (!isStateChangeRecord(parsed.state)) return { ok: false, reason: 'its content is not a state-control record' };
    return { ok: true, checksum, state: parsed.state };
  }
  if (!isFinalizedBlock(parsed.entry)) return { ok: false, reason: 'its content is not a final block record' };
  return { ok: true, checksum, entry: parsed.entry };
}
