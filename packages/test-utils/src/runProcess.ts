import { spawn, type SpawnOptions } from 'node:child_process';

export interface ProcessResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end, its output collected, without blocking this process as `spawnSync`
 * does. A test worker blocked for a minute (a build, a pack, on a loaded machine) misses vitest's
 * 60 s deadline on its own messages: the answer arrived meanwhile, but the deadline's timer runs
 * first when the worker wakes, and the run fails with "Timeout calling onTaskUpdate".
 */
export function runProcess(command: string, args: string[], options: Omit<SpawnOptions, 'stdio'> = {}): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}
