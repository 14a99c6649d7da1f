const OPEN = '\u0001';
const CLOSE = '\u0002';

/** Marks TypeScript-only text (annotations, interfaces): kept in a `.ts` module, dropped from a `.js` one. */
export const ts = (text: string): string => `${OPEN}${text}${CLOSE}`;

/** A single-quoted string literal. */
export const quote = (text: string): string => `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;

/** A line without its strings and comments: what its brackets are counted in. */
const codeOf = (line: string) => line.replace(/\/\/.*$|\/\*.*?\*\/|^\*.*$/g, '').replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");

/** Indents code written flat, by its brackets (two spaces a level; a line opens or closes one level at most). */
function indentCode(code: string): string {
  let depth = 0;
  return code
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '') return '';
      const counted = codeOf(trimmed);
      const opens = (counted.match(/[{([]/g) ?? []).length;
      const closes = (counted.match(/[})\]]/g) ?? []).length;
      const leading = /^[})\]]/.test(counted) ? 1 : 0;
      const own = Math.max(0, depth - leading) + (trimmed.startsWith('|') ? 1 : 0);
      depth = Math.max(0, depth + Math.sign(opens - closes));
      return `${'  '.repeat(own)}${trimmed.startsWith('*') ? ' ' : ''}${trimmed}`;
    })
    .join('\n');
}

/** The module's text in `language`: TypeScript keeps the marked text, JavaScript drops it; then indented. */
export function finishCode(code: string, language: 'ts' | 'js'): string {
  const text = language === 'ts' ? code.replace(/[\u0001\u0002]/g, '') : code.replace(/\u0001[^\u0001\u0002]*\u0002/g, '');
  return `${indentCode(text.replace(/\n{3,}/g, '\n\n').trim())}\n`;
}

/** `...(options.fee !== undefined && { fee: options.fee }),`: a line per key, passing on the options given. */
export const spread = (source: string, keys: string[]): string[] => keys.map((key) => `...(${source}.${key} !== undefined && { ${key}: ${source}.${key} }),`);
