// Binaryen's Emscripten glue adds a process-wide `uncaughtException` listener that rethrows: loaded
// in a test worker or a long-running command, it turned any stray error into the end of the process.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { scaledTimeout } from '@mason/test-utils';
import { describe, expect, it } from 'vitest';
import { keepProcessHandlers } from '../src/keepProcessHandlers.js';
import { loadAsc } from '../src/loadAsc.js';

const EVENTS = ['uncaughtException', 'unhandledRejection'] as const;
const listeners = () => EVENTS.map((event) => process.listeners(event as 'uncaughtException') as unknown[]);

describe('keepProcessHandlers', () => {
  it('removes the listeners added while the load ran, keeps those that were there, also when it fails', async () => {
    const ours = () => {};
    process.on('uncaughtException', ours);
    try {
      const before = listeners();
      const added = () => {};
      await expect(
        keepProcessHandlers(async () => {
          process.on('uncaughtException', added);
          process.on('unhandledRejection', added);
          return 'loaded';
        }),
      ).resolves.toBe('loaded');
      expect(listeners()).toEqual(before);
      await expect(
        keepProcessHandlers(async () => {
          process.on('unhandledRejection', added);
          throw new Error('load failed');
        }),
      ).rejects.toThrow('load failed');
      expect(listeners()).toEqual(before);
      expect(process.listeners('uncaughtException')).toContain(ours);
    } finally {
      process.removeListener('uncaughtException', ours);
    }
  });

  it('leaves no listener of Binaryen in this process once asc is loaded', async () => {
    const before = listeners();
    const { asc } = await loadAsc();
    expect(typeof asc.main).toBe('function');
    expect(listeners()).toEqual(before);
  });

  it(
    'an error nobody caught after asc loaded reaches the process’s own handler, not Binaryen’s',
    () => {
      // A fresh process, where asc is surely loaded by this call: Binaryen's listener ran first and
      // rethrew, which ended the process with exit code 7 before its own handler saw the error.
      const loadAscModule = fileURLToPath(new URL('../dist/loadAsc.js', import.meta.url));
      const script = `
      const { loadAsc } = await import(${JSON.stringify(loadAscModule)});
      await loadAsc();
      process.on('uncaughtException', (error) => console.log('handled: ' + error.message));
      setTimeout(() => { throw new Error('stray'); });
    `;
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        encoding: 'utf8',
      });
      // Binaryen's rethrow prints its whole minified line: the start says enough.
      expect({ status: child.status, stdout: child.stdout, stderr: child.stderr.slice(0, 300) }).toEqual({ status: 0, stdout: 'handled: stray\n', stderr: '' });
    },
    scaledTimeout(30_000),
  );
});
