import { codeFrame } from './codeFrame.js';
import type { Diagnostic } from './Diagnostic.js';
import { lineColumn } from './lineColumn.js';

/** The subset of asc's DiagnosticMessage this needs. */
export interface AscDiagnostic {
  code: number;
  category: number;
  message: string;
  range: { start: number; end: number; source: { normalizedPath: string } } | null;
}

const SEVERITIES = ['info', 'info', 'warning', 'error'] as const;

/**
 * Locates an asc diagnostic in its source. `source(path)` returns the text and the path to show
 * for asc's normalized path (`assembly/…` relative to the base folder, `~lib/…` for libraries).
 */
export function toDiagnostic(message: AscDiagnostic, source: (normalizedPath: string) => { text: string; file: string } | undefined): Diagnostic {
  const diagnostic: Diagnostic = {
    severity: SEVERITIES[message.category] ?? 'error',
    code: `${message.code < 1000 ? 'AS' : 'TS'}${message.code}`,
    message: message.message,
  };
  const range = message.range;
  const located = range ? source(range.source.normalizedPath) : undefined;
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
