import type { Diagnostic } from './Diagnostic.js';

/** `file:line:column - error TS1109: message` (and where a library raised it) followed by the code frame. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.file ? `${diagnostic.file}${diagnostic.line ? `:${diagnostic.line}:${diagnostic.column}` : ''} - ` : '';
  const { origin } = diagnostic;
  const raised = origin ? ` (raised in ${origin.file}:${origin.line}:${origin.column})` : '';
  const head = `${where}${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}${raised}`;
  return diagnostic.frame ? `${head}\n${diagnostic.frame}` : head;
}
