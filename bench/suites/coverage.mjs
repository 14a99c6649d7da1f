// `mason test --coverage` against `mason test` on the token template: the same specs, each run as a
// fresh process, alternated, after one warm-up run of each (the compile cache is then warm for
// both: coverage instruments the cached spec after it is loaded).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from '../lib.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const masonBin = join(root, 'packages/cli/bin/mason.js');
const template = join(root, 'templates/token');

function timeRun(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [masonBin, 'test', ...args], { cwd: template, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`mason test ${args.join(' ')} exited ${code}: ${stderr}`)),
    );
  });
}

export async function coverageOverhead({ runs = 5 } = {}) {
  const plain = [];
  const covered = [];
  try {
    await timeRun([]);
    await timeRun(['--coverage']);
    for (let i = 0; i < runs; i++) {
      plain.push(await timeRun([]));
      covered.push(await timeRun(['--coverage']));
    }
  } finally {
    rmSync(join(template, 'coverage'), { recursive: true, force: true });
  }
  const value = median(covered);
  const anchorValue = median(plain);
  return [
    {
      name: 'mason test --coverage (token template)',
      value,
      unit: 'ms',
      anchor: 'mason test, same specs',
      anchorValue,
      ratio: value / anchorValue,
      target: '≤ 1.5× of mason test',
    },
  ];
}
