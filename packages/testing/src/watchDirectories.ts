import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * Watches `root` and every folder below it (but those named in `skip`), one watcher per folder,
 * and calls `onPath` with the path of each entry that changed. A folder watcher sees its entries
 * by name, so a file saved by rename — vim, JetBrains' "safe write", `sed -i` write a new file
 * and rename it over the old one — is seen at every later save too; Node's recursive watch on
 * Linux watches the files themselves and loses such a file after its first save. Folders that
 * appear are watched (their files reported), folders that go are let go.
 */
export function watchDirectories(root: string, skip: ReadonlySet<string>, onPath: (path: string) => void): () => void {
  const watchers = new Map<string, FSWatcher>();

  const unwatch = (dir: string) => {
    for (const [path, watcher] of watchers) {
      if (path === dir || path.startsWith(dir + sep)) {
        watcher.close();
        watchers.delete(path);
      }
    }
  };

  /** Watches `dir` and the folders below it; with `report`, also reports the files found (a folder that just appeared). */
  const add = (dir: string, report: boolean) => {
    if (watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_event, filename) => {
        if (filename === null) return;
        const path = join(dir, filename.toString());
        onPath(path);
        let isDirectory = false;
        try {
          isDirectory = statSync(path).isDirectory();
        } catch {
          unwatch(path); // gone (deleted, or renamed away)
        }
        if (isDirectory && !skip.has(filename.toString())) add(path, true);
      });
    } catch {
      return; // gone before it could be watched
    }
    // A folder deleted under its watcher: some systems report it as an error.
    watcher.on('error', () => unwatch(dir));
    watchers.set(dir, watcher);
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skip.has(entry.name)) add(path, report);
      } else if (report) onPath(path);
    }
  };

  add(root, false);
  return () => {
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}
