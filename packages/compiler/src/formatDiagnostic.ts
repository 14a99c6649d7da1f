import type { Diagnostic } from './Diagnostic.js';

/** `file:line:column - error TS1109: message` followed by the code frame. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.file ? `${diagnostic.file}${diagnostic.line ? `:${diagnostic.line}:${diagnostic.column}` : ''} - ` : '';
  const head = `${where}${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`;
  return diagnostic.frame ? `${head}\n${diagnostic.frame}` : head;
}
