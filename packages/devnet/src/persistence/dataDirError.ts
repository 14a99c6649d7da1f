import { defineErrors, type CodedError } from '@mason/codec';

const START_OVER =
  'Restore the data directory from a backup, or start a new chain with `mason node --reset` (in process: startDevnet({ reset: true })), which deletes it.';

/** Every way a data directory can be refused or fail, with what to do about it. */
export const dataDirErrors = {
  MASON_DEVNET_DATA_CORRUPT: `{file}{where} is corrupt: {reason}. The devnet refuses to start rather than lose or alter final blocks. ${START_OVER}`,
  MASON_DEVNET_DATA_MISSING: `{dir} holds {present} but not {missing}: the chain cannot be checked without it, and starting a new chain would silently drop the old one. ${START_OVER}`,
  MASON_DEVNET_DATA_OLD_FORMAT:
    '{file} was written by {writer} (data format {format}; this version reads format {expected}, whose journal records are checksummed and chained). Start a new chain with `mason node --reset` (in process: startDevnet({ reset: true })), which deletes it, or use the Mason version that wrote it.',
  MASON_DEVNET_DATA_OTHER_CHAIN:
    '{dir} holds a chain with {key} {stored}, but {wanted} was asked for. Use another --data-dir, or start a new chain there with `mason node --reset`.',
  MASON_DEVNET_JOURNAL_WRITE_FAILED:
    'cannot write {file} ({detail}). The devnet stopped finalizing: block {blockId} (slot {slot}) and later ones are not final, and operations are refused. Everything reported final before is on disk. Fix the disk (free space), then restart the node on the same data directory.',
  MASON_DEVNET_STATE_WRITE_FAILED:
    'cannot write {file} ({detail}). The state change ({method}) was not made, and the devnet stopped finalizing: later blocks are not final, and operations are refused. Everything reported final before is on disk. Fix the disk (free space), then restart the node on the same data directory.',
} as const;

export type DataDirErrorCode = keyof typeof dataDirErrors;

const defined = defineErrors(dataDirErrors, 'devnet.md', { name: 'DataDirError' });

/** A data directory the devnet refuses or cannot write. */
export const DataDirError = defined.Error;
export type DataDirError<C extends DataDirErrorCode = DataDirErrorCode> = CodedError<typeof dataDirErrors, C>;

/** True for a DataDirError (with `code` when given), also one made by another copy of @mason/devnet. */
export const isDataDirError = defined.is;

/** The context of a corrupt line: `where` renders as " line N". */
export function corruptAt(file: string, line: number | null, reason: string): DataDirError {
  return new DataDirError('MASON_DEVNET_DATA_CORRUPT', { file, line, where: line === null ? '' : ` line ${line}`, reason });
}
