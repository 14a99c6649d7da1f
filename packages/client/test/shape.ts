// Compares the JSON structure of a real node answer with a reference fixture (fixtures.ts, whose
// field names and types follow the reference §17 and the client's types): same keys at every
// level, same primitive types. Values are not compared.

/** Fields the node may send as null (the client's types say `T | null`). */
const NULLABLE = new Set([
  'node_ip',
  'last_slot',
  'end_timestamp',
  'announced_version',
  'block',
  'origin_operation_id',
  'deferred_call_id',
  'async_msg_id',
  'active_rolls',
  'is_operation_final',
  'op_exec_status',
  'content',
  'final_value',
  'candidate_value',
]);

/** Fields whose value is a map with free keys (only "an object" is checked). */
const MAPS = new Set(['connected_nodes', 'ledger_changes', 'deferred_call_changes', 'pos_changes', 'executed_ops_changes']);

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function compare(actual: unknown, expected: unknown, path: string, key: string, out: string[]): void {
  if (actual === null || expected === null) {
    if (actual === null && expected !== null && !NULLABLE.has(key)) out.push(`${path}: null, expected ${kind(expected)}`);
    if (expected === null && actual !== null && !NULLABLE.has(key)) out.push(`${path}: ${kind(actual)}, expected null`);
    return;
  }
  if (kind(actual) !== kind(expected)) {
    out.push(`${path}: ${kind(actual)}, expected ${kind(expected)}`);
    return;
  }
  if (Array.isArray(actual) && Array.isArray(expected)) {
    if (actual.length === 0 || expected.length === 0) return;
    // Same length: a tuple (or a list), element by element; otherwise a list of expected[0]'s shape.
    for (const [index, item] of actual.entries()) {
      compare(item, actual.length === expected.length ? expected[index] : expected[0], `${path}[${index}]`, key, out);
    }
    return;
  }
  if (typeof actual === 'object' && typeof expected === 'object') {
    if (MAPS.has(key)) return;
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    for (const name of Object.keys(e)) if (!(name in a)) out.push(`${path}.${name}: missing`);
    for (const name of Object.keys(a)) if (!(name in e)) out.push(`${path}.${name}: unexpected field`);
    for (const name of Object.keys(e)) if (name in a) compare(a[name], e[name], `${path}.${name}`, name, out);
  }
}

/** Differences between the structure of `actual` and `expected` (empty when they match). */
export function shapeMismatches(actual: unknown, expected: unknown): string[] {
  const out: string[] = [];
  compare(actual, expected, '$', '', out);
  return out;
}
