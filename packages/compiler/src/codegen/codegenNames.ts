/** Words a binding cannot use as a parameter or variable name. */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
    'private protected public await arguments eval undefined'
  ).split(' '),
);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export const isIdentifier = (name: string): boolean => IDENTIFIER.test(name) && !RESERVED.has(name);

/** `my-token` and `tokens/my_token` → `MyToken`: a contract's class name. */
export function pascalCase(name: string): string {
  const base = name.split('/').pop() ?? name;
  const words = base.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0);
  const joined = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  if (joined === '') return 'Contract';
  return /^[0-9]/.test(joined) ? `Contract${joined}` : joined;
}

/** A usable variable name for `name`: kept when it is one, else made one (`_` for what is not allowed). */
export function variableName(name: string | null, fallback: string): string {
  if (name === null || name === '') return fallback;
  const cleaned = name.replace(/[^A-Za-z0-9_$]/g, '_');
  const safe = /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned;
  return isIdentifier(safe) ? safe : `${safe}_`;
}

/** Names for `names` that differ from each other and from `taken` (a repeat gets a number). */
export function uniqueNames(names: readonly (string | null)[], fallback: (index: number) => string, taken: readonly string[] = []): string[] {
  const used = new Set(taken);
  return names.map((name, index) => {
    const base = variableName(name, fallback(index));
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}${n}`;
    used.add(candidate);
    return candidate;
  });
}

/** A property key as written in an object type or literal: bare when it can be, quoted otherwise. */
export const propertyKey = (name: string): string => (IDENTIFIER.test(name) ? name : JSON.stringify(name));
