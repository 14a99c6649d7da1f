import type { TestRunResult } from './TestRunResult.js';
import { TestingError } from './errors.js';

/** One measured thing of a gas snapshot: a test (its contract calls) or a contract function. */
export interface GasSnapshotEntry {
  kind: 'test' | 'function';
  /** `file › group › test`, or `contract::function`. */
  key: string;
  /** `gas` for a test; `calls`, `min`, `median`, `max` for a function. */
  values: Record<string, bigint>;
}

export const GAS_SNAPSHOT_FILE = '.gas-snapshot';
const HEADER = '# mason gas snapshot 1: gas of the contract calls of each test and of each function, measured as CallSCs (mason test --gas-snapshot)';
const LINE = /^(test|function) (.+) \(([^()]*)\)$/;

/** The entries of a run with a gas report, in a stable order (tests by file, groups and name; then functions). */
export function gasSnapshotOf(result: TestRunResult): GasSnapshotEntry[] {
  const tests: GasSnapshotEntry[] = [];
  const seen = new Map<string, number>();
  for (const file of result.files) {
    for (const test of file.tests) {
      if (test.gas === undefined) continue;
      const base = [file.file, ...test.groups, test.name].join(' › ');
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      tests.push({ kind: 'test', key: count === 1 ? base : `${base} #${count}`, values: { gas: test.gas } });
    }
  }
  const functions = (result.gasReport?.contracts ?? []).flatMap((contract) =>
    contract.functions.map(
      (fn): GasSnapshotEntry => ({
        kind: 'function',
        key: `${contract.name}::${fn.name}`,
        values: { calls: BigInt(fn.calls), min: fn.min, median: fn.median, max: fn.max },
      }),
    ),
  );
  const byKey = (a: GasSnapshotEntry, b: GasSnapshotEntry) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  return [...tests.sort(byKey), ...functions.sort(byKey)];
}

export function formatGasSnapshot(entries: readonly GasSnapshotEntry[]): string {
  const lines = entries.map(
    (entry) =>
      `${entry.kind} ${entry.key} (${Object.entries(entry.values)
        .map(([name, value]) => `${name}: ${value}`)
        .join(', ')})`,
  );
  return `${[HEADER, ...lines].join('\n')}\n`;
}

/** Reads a snapshot file's text; a line that is not an entry is refused with its number, never skipped. */
export function parseGasSnapshot(text: string, path: string): GasSnapshotEntry[] {
  const entries: GasSnapshotEntry[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const corrupt = (reason: string) => new TestingError('MASON_TESTING_GAS_SNAPSHOT_CORRUPT', { path, line: index + 1, reason });
    const match = LINE.exec(line);
    if (!match) throw corrupt('expected `test <name> (gas: N)` or `function <contract>::<function> (calls: N, min: N, median: N, max: N)`');
    const values: Record<string, bigint> = {};
    for (const pair of match[3]!.split(', ')) {
      const [name, value] = pair.split(': ');
      if (!name || value === undefined || !/^\d+$/.test(value)) throw corrupt(`"${pair}" is not a name: number pair`);
      values[name] = BigInt(value);
    }
    const wanted = match[1] === 'test' ? ['gas'] : ['calls', 'min', 'median', 'max'];
    if (Object.keys(values).join() !== wanted.join()) throw corrupt(`a ${match[1]} line has ${wanted.join(', ')}`);
    entries.push({ kind: match[1] as GasSnapshotEntry['kind'], key: match[2]!, values });
  });
  return entries;
}

export interface GasChange {
  kind: GasSnapshotEntry['kind'];
  key: string;
  /** The figure compared: `gas` of a test, `median` of a function. */
  figure: string;
  before?: bigint;
  after?: bigint;
  /** (after − before) / before, in percent; undefined for an added or removed entry. */
  percent?: number;
}

/**
 * What changed beyond the tolerance (in percent, of the figure before): each test's gas and each
 * function's median and max; entries added or removed are changes too.
 */
export function compareGasSnapshots(before: readonly GasSnapshotEntry[], after: readonly GasSnapshotEntry[], tolerancePercent = 0): GasChange[] {
  const id = (entry: GasSnapshotEntry) => `${entry.kind} ${entry.key}`;
  const old = new Map(before.map((entry) => [id(entry), entry]));
  const changes: GasChange[] = [];
  for (const entry of after) {
    const previous = old.get(id(entry));
    old.delete(id(entry));
    if (!previous) {
      changes.push({
        kind: entry.kind,
        key: entry.key,
        figure: entry.kind === 'test' ? 'gas' : 'median',
        after: entry.values[entry.kind === 'test' ? 'gas' : 'median']!,
      });
      continue;
    }
    for (const figure of entry.kind === 'test' ? ['gas'] : ['median', 'max']) {
      const [was, now] = [previous.values[figure]!, entry.values[figure]!];
      if (was === now) continue;
      const percent = was === 0n ? Number.POSITIVE_INFINITY : (Number(now - was) / Number(was)) * 100;
      if (Math.abs(percent) > tolerancePercent) changes.push({ kind: entry.kind, key: entry.key, figure, before: was, after: now, percent });
    }
  }
  for (const entry of old.values()) {
    changes.push({
      kind: entry.kind,
      key: entry.key,
      figure: entry.kind === 'test' ? 'gas' : 'median',
      before: entry.values[entry.kind === 'test' ? 'gas' : 'median']!,
    });
  }
  return changes;
}

/** The changes as a person reads them: one line each, what, before → after, the percentage. */
export function formatGasChanges(changes: readonly GasChange[]): string[] {
  return changes.map((change) => {
    const what = `${change.kind} ${change.key}${change.figure === 'max' ? ' (max)' : ''}`;
    if (change.before === undefined) return `+ ${what}: new, ${change.figure} ${change.after}`;
    if (change.after === undefined) return `- ${what}: gone (was ${change.before})`;
    const sign = change.percent! > 0 ? '+' : '';
    return `~ ${what}: ${change.before} → ${change.after} (${sign}${change.percent!.toFixed(2)} %)`;
  });
}
