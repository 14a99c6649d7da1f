import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mason-cli-explorer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mason node and the explorer', () => {
  it('prints the explorer URL in its banner and in --json, and the URL serves the page', async () => {
    for (const json of [false, true]) {
      const child = spawn(
        process.execPath,
        [bin, 'node', '--ephemeral', '--public-port', '0', '--private-port', '0', '--api-port', '0', '--accounts', '1', ...(json ? ['--json'] : [])],
        {
          cwd: dir,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, NO_COLOR: '1' },
        },
      );
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      let stdout = '';
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
          if (/devnet ready|^\{/m.test(stdout)) resolve();
        });
        child.once('exit', (code) => reject(new Error(`mason node exited with ${code}`)));
      });
      await ready;
      const url = json ? JSON.parse(stdout.split('\n')[0]!).urls.explorer : /^\s+explorer\s+(\S+)$/m.exec(stdout)?.[1];
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/explorer$/);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Mason devnet explorer</title>');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});
