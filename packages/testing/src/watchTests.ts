import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import pc from 'picocolors';
import { affectedSpecs, type SpecDependencies } from './affectedSpecs.js';
import { findSpecFiles } from './findSpecFiles.js';
import { loadAspectConfig } from './loadAspectConfig.js';
import { runTests, type RunTestsOptions } from './runTests.js';
import { watchDirectories } from './watchDirectories.js';
import type { TestRunResult } from './TestRunResult.js';

export interface WatchTestsOptions extends RunTestsOptions {
  /** Stops watching; the promise resolves once the run in progress, if any, has ended. Without it, watching lasts as long as the process. */
  signal?: AbortSignal;
  /** Quiet time after the last change before the specs run again (ms); default 100. */
  debounceMs?: number;
  /** Runs before each run; what it returns is added to the run's options (e.g. the gas report's freshly built contracts). */
  prepare?: () => Promise<Partial<RunTestsOptions>>;
}

/** Folders of the project that are never watched, at any depth: installed packages, git. */
const UNWATCHED = new Set(['node_modules', '.git']);
/** Written by the runs themselves. */
const IGNORED = /[\\/](?:node_modules|\.git|__snapshots__)(?:[\\/]|$)/;

const hashOf = (path: string): string => {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch {
    return 'absent';
  }
};

/** A typed error of a Mason package (code and message), which watch mode reports and survives. */
function isMasonError(error: unknown): error is Error & { code: string } {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('MASON_');
}

/**
 * `mason test --watch`: runs the specs, then again each time a file changes, only those the change
 * affects (see affectedSpecs): a spec that changed, the specs whose compilation read a changed file
 * (imports followed), or whose tests read it with readFile. Changes are gathered until `debounceMs`
 * passes without one; a file saved with the same content changes nothing. Watching uses the
 * system's file notifications (no polling), on each of the project's folders except node_modules
 * and .git, so files saved by rename (vim, JetBrains' safe write, `sed -i`) stay watched.
 * A run that cannot start (no spec, a broken config) is reported and watching goes on.
 */
export async function watchTests(options: WatchTestsOptions = {}): Promise<void> {
  const root = resolve(options.root ?? process.cwd());
  const output = options.output ?? process.stdout;
  const color = pc.createColors(options.color ?? (output === process.stdout && pc.isColorSupported));
  const print = (line: string) => output.write(`${line}\n`);
  const debounceMs = options.debounceMs ?? 100;
  const known = new Map<string, SpecDependencies>();
  const hashes = new Map<string, string>();
  const configFile = resolve(root, options.config ?? 'as-pect.config.js');
  const absolute = (spec: string) => resolve(root, spec);
  const shown = (path: string) => relative(root, path).split(sep).join('/');

  const remember = (result: TestRunResult) => {
    for (const file of result.files) {
      const inputs = new Set(file.inputs ?? [absolute(file.file)]);
      known.set(file.file, { inputs, broken: file.error !== undefined });
      for (const path of inputs) if (!IGNORED.test(path) && !hashes.has(path)) hashes.set(path, hashOf(path));
    }
  };

  const run = async (files?: string[]) => {
    try {
      const extra = options.prepare ? await options.prepare() : {};
      remember(await runTests({ ...options, ...extra, root, output, ...(files && { files }) }));
    } catch (error) {
      if (!isMasonError(error)) throw error;
      print(`${color.red('✖')} ${error.message} ${color.dim(`[${error.code}]`)}`);
    }
    print(color.dim('\nWatching for changes (Ctrl-C to exit)'));
  };

  /** The spec files the run's patterns give now (new ones included, deleted ones gone). */
  const currentSpecs = async (): Promise<string[]> => {
    const { config } = await loadAspectConfig(root, options.config);
    return findSpecFiles(root, options.files?.length ? options.files : config.entries, config.disclude);
  };

  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const flush = async () => {
    const changed = new Set<string>();
    for (const path of pending) {
      const hash = hashOf(path);
      // Same content as before, or a file that came and went (an editor's or a tool's temporary file).
      if (hashes.get(path) === hash || (hash === 'absent' && !hashes.has(path))) continue;
      hashes.set(path, hash);
      changed.add(path);
    }
    pending = new Set();
    if (changed.size === 0) return;
    if (changed.has(configFile)) {
      print(color.yellow(`\n${shown(configFile)} changed: restart mason test --watch to use the new configuration`));
    }
    let specs: string[];
    try {
      specs = await currentSpecs();
    } catch (error) {
      if (!isMasonError(error)) throw error;
      print(`${color.red('✖')} ${error.message} ${color.dim(`[${error.code}]`)}`);
      return;
    }
    for (const spec of known.keys()) if (!specs.includes(spec)) known.delete(spec);
    const affected = affectedSpecs(changed, specs, known, absolute);
    const names = [...changed].map(shown).join(', ');
    if (affected.length === 0) {
      if ([...changed].some((path) => path.endsWith('.ts'))) print(color.dim(`\n${names} changed: no spec depends on it`));
      return;
    }
    print(color.dim(`\n${names} changed: ${affected.length} spec file${affected.length === 1 ? '' : 's'} to run again`));
    await run(affected);
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (running) return;
      running = (async () => {
        // Changes made during a run are taken in the next round.
        while (pending.size > 0 && !options.signal?.aborted) await flush();
      })().finally(() => {
        running = undefined;
        if (pending.size > 0 && !options.signal?.aborted) schedule();
      });
    }, debounceMs);
  };

  // Watching starts before the first run, so a file saved as soon as "Watching for changes"
  // appears is not missed; a change saved during the first run waits for it, as during any round.
  const stopWatching = watchDirectories(root, UNWATCHED, (path) => {
    if (IGNORED.test(path)) return;
    pending.add(path);
    schedule();
  });
  const first = run().finally(() => {
    running = undefined;
    if (pending.size > 0 && !options.signal?.aborted) schedule();
  });
  running = first;
  await first;

  await new Promise<void>((resolveStopped) => {
    const stop = () => {
      stopWatching();
      clearTimeout(timer);
      void (running ?? Promise.resolve()).finally(resolveStopped);
    };
    if (options.signal?.aborted) stop();
    else options.signal?.addEventListener('abort', stop, { once: true });
  });
}
