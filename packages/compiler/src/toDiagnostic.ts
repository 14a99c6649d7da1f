import { codeFrame } from './codeFrame.js';
import type { Diagnostic } from './Diagnostic.js';
import { lineColumn } from './lineColumn.js';

/** The subset of asc's DiagnosticMessage this needs. */
export interface AscDiagnostic {
  code: number;
  category: number;
  message: string;
  range: AscRange | null;
  /** Set by callSites for an error inside a library: the project's call that led there. */
  relatedRange?: AscRange | null;
}
interface AscRange {
  start: number;
  end: number;
  source: { normalizedPath: string };
}

const SEVERITIES = ['info', 'info', 'warning', 'error'] as const;

/**
 * Locates an asc diagnostic in its source. `source(path)` returns the text and the path to show
 * for asc's normalized path (`assembly/…` relative to the base folder, `~lib/…` for libraries).
 * An error inside a library reached from a call in the project is shown at that call, with the
 * library's line in `origin`.
 */
export function toDiagnostic(message: AscDiagnostic, source: (normalizedPath: string) => { text: string; file: string } | undefined): Diagnostic {
  const diagnostic: Diagnostic = {
    severity: SEVERITIES[message.category] ?? 'error',
    code: `${message.code < 1000 ? 'AS' : 'TS'}${message.code}`,
    message: message.message,
  };
  let range = message.range;
  let located = range ? source(range.source.normalizedPath) : undefined;
  const related = message.relatedRange;
  const caller = related && range?.source.normalizedPath.startsWith('~lib/') ? source(related.source.normalizedPath) : undefined;
  if (range && located && related && caller) {
    const { line, column } = lineColumn(located.text, range.start);
    diagnostic.origin = { file: located.file, line, column };
    range = related;
    located = caller;
  }
  if (range && located) {
    const { line, column } = lineColumn(located.text, range.start);
    diagnostic.file = located.file;
    diagnostic.line = line;
    diagnostic.column = column;
    diagnostic.frame = codeFrame(located.text, line, column, range.end - range.start);
  } else if (range) {
    diagnostic.file = range.source.normalizedPath;
  }
  return diagnostic;
}
