import { readFileSync } from 'node:fs';

/** Where a JSON.parse error points, as "line L, column C" of `text` (V8 reports a character position). */
export function jsonErrorLocation(text: string, error: Error): string {
  const position = /at position (\d+)/.exec(error.message)?.[1];
  if (position === undefined) return 'at its end';
  const before = text.slice(0, Number(position));
  const line = before.split('\n').length;
  const column = Number(position) - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/** Reads a JSON file; a malformed one throws `onError(where, reason)` naming the line. */
export function parseJsonFile(path: string, onError: (where: string, reason: string) => Error): unknown {
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw onError(jsonErrorLocation(text, error as Error), (error as Error).message.replace(/ in JSON at position \d+.*$/, ''));
  }
}
