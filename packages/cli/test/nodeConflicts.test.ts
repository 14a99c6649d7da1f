// Two nodes that would collide: on the same ports (said plainly, with --port-offset to avoid it),
// and on the same data directory (refused while its node runs, whatever became of a dead one's pid).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mason-node-conflicts-'));
const running: Array<{ kill(signal: NodeJS.Signals): boolean; exitCode: number | null }> = [];
afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function mason(args: string[]) {
  const child = spawn(process.execPath, [bin, 'node', ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const ready = new Promise<any>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`mason node exited with ${code}: ${stderr}`)));
  });
  ready.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited, errors: () => stderr };
}

/** SIGKILL to a process group; true if it was still there. */
function killGroup(pid: number): boolean {
  try {
    return process.kill(-pid, 'SIGKILL');
  } catch {
    return false;
  }
}

const anyPorts = ['--public-port', '0', '--private-port', '0', '--api-port', '0'];
const portOf = (url: string) => Number(new URL(url).port);

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** An offset whose three ports (33034–33036 shifted) are free right now. */
async function freeOffset(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const offset = 1_000 + Math.floor(Math.random() * 20_000);
    const free = await Promise.all([33034, 33035, 33036].map((p) => portIsFree(p + offset)));
    if (free.every(Boolean)) return offset;
  }
  throw new Error('no free ports found');
}

describe('ports already in use', () => {
  it('says a node already runs there and how to pick other ports', async () => {
    const first = mason(['--json', '--ephemeral', ...anyPorts]);
    const info = await first.ready;
    const taken = portOf(info.urls.public);
    const second = mason(['--json', '--ephemeral', '--public-port', String(taken), '--private-port', '0', '--api-port', '0']);
    expect(await second.exited).toBe(1);
    expect(second.errors()).toContain(
      `error port ${taken} (public API, --public-port) on 127.0.0.1 is already in use: a Mason node (or another program) already runs there.`,
    );
    expect(second.errors()).toContain('`mason node --port-offset 10`');
    expect(second.errors().match(/\[MASON_CLI_PORT_IN_USE\]/g)).toHaveLength(1);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('--port-offset shifts the three default ports; a port given by its own flag still wins', async () => {
    const offset = await freeOffset();
    const node = mason(['--json', '--ephemeral', '--port-offset', String(offset)]);
    const info = await node.ready;
    expect([portOf(info.urls.public), portOf(info.urls.private), portOf(info.urls.api)]).toEqual([33035 + offset, 33034 + offset, 33036 + offset]);
    node.child.kill('SIGTERM');
    expect(await node.exited).toBe(0);

    const mixed = mason(['--json', '--ephemeral', '--port-offset', String(offset), '--api-port', '0']);
    const mixedInfo = await mixed.ready;
    expect(portOf(mixedInfo.urls.public)).toBe(33035 + offset);
    expect(portOf(mixedInfo.urls.api)).not.toBe(33036 + offset);
    mixed.child.kill('SIGTERM');
    expect(await mixed.exited).toBe(0);
  });

  it('refuses an offset that would push a port past 65535', async () => {
    const node = mason(['--ephemeral', '--port-offset', '32500']);
    expect(await node.exited).toBe(1);
    expect(node.errors()).toContain("option '--port-offset <n>' argument '32500' is invalid. a port offset is an integer between 0 and 32499.");
  });
});

describe('one node per data directory', () => {
  it('refuses a second node on the same data directory, naming the directory and the pid; the lock goes with the first node', async () => {
    const dataDir = join(dir, 'shared');
    const first = mason(['--json', '--data-dir', dataDir, ...anyPorts]);
    await first.ready;
    const lock = JSON.parse(readFileSync(join(dataDir, 'mason-node.lock'), 'utf8'));
    expect(lock.pid).toBe(first.child.pid);

    for (const extra of [[], ['--reset']]) {
      const second = mason(['--json', '--data-dir', dataDir, ...anyPorts, ...extra]);
      expect(await second.exited).toBe(1);
      expect(second.errors()).toContain(`error ${dataDir} is in use by another Mason node (pid ${first.child.pid} on ${hostname()}, since ${lock.since})`);
      expect(second.errors()).toContain('[MASON_DEVNET_DATA_DIR_LOCKED]');
    }
    // --reset was refused too: the first node's chain is intact and it still serves.
    expect(existsSync(join(dataDir, 'chain.json'))).toBe(true);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'mason-node.lock'))).toBe(false);
    const again = mason(['--json', '--data-dir', dataDir, ...anyPorts]);
    await again.ready;
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it('takes over the lock a killed node left behind', async () => {
    const dataDir = join(dir, 'killed');
    const first = mason(['--json', '--data-dir', dataDir, ...anyPorts]);
    await first.ready;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(JSON.parse(readFileSync(join(dataDir, 'mason-node.lock'), 'utf8')).pid).toBe(first.child.pid);

    const second = mason(['--json', '--data-dir', dataDir, ...anyPorts]);
    await second.ready;
    expect(JSON.parse(readFileSync(join(dataDir, 'mason-node.lock'), 'utf8')).pid).toBe(second.child.pid);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it.skipIf(process.platform === 'win32')(
    'restarts at once on the directory of a node killed with SIGKILL that stays an unreaped zombie, and after its parent is killed too',
    async () => {
      const dataDir = join(dir, 'zombie');
      // sh starts the node, then becomes `sleep`, which never reaps it: a killed node stays a
      // zombie, as under a PID 1 that does not reap (a container without an init)
      const parent = spawn('sh', ['-c', '"$0" "$@" & exec sleep 600', process.execPath, bin, 'node', '--json', '--data-dir', dataDir, ...anyPorts], {
        cwd: dir,
        detached: true,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      running.push({ kill: () => killGroup(parent.pid!), exitCode: null });
      let stdout = '';
      await new Promise<void>((resolve) => parent.stdout.on('data', (chunk) => (stdout += chunk).includes('{') && resolve()));
      const pid = JSON.parse(readFileSync(join(dataDir, 'mason-node.lock'), 'utf8')).pid as number;
      expect(pid).not.toBe(parent.pid);
      process.kill(pid, 'SIGKILL');
      if (process.platform === 'linux') {
        const state = () => readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
        for (let i = 0; i < 500 && state() !== 'Z'; i++) await new Promise((r) => setTimeout(r, 10));
        expect(state()).toBe('Z'); // still a process to kill(pid, 0)
      }
      const second = mason(['--json', '--data-dir', dataDir, ...anyPorts]);
      await second.ready;
      expect(JSON.parse(readFileSync(join(dataDir, 'mason-node.lock'), 'utf8')).pid).toBe(second.child.pid);
      // the dead node's socket was removed: only the new node's is left
      expect(readdirSync(dataDir).filter((name) => name.endsWith('.sock'))).toHaveLength(1);

      // kill -9 the node and its parent (the whole process group), then start again at once
      const group = spawn('sh', ['-c', '"$0" "$@" & exec sleep 600', process.execPath, bin, 'node', '--json', '--data-dir', join(dir, 'group'), ...anyPorts], {
        cwd: dir,
        detached: true,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      running.push({ kill: () => killGroup(group.pid!), exitCode: null });
      stdout = '';
      await new Promise<void>((resolve) => group.stdout.on('data', (chunk) => (stdout += chunk).includes('{') && resolve()));
      killGroup(group.pid!);
      const third = mason(['--json', '--data-dir', join(dir, 'group'), ...anyPorts]);
      await third.ready;
      for (const node of [second, third]) {
        node.child.kill('SIGTERM');
        expect(await node.exited).toBe(0);
      }
      expect(readdirSync(dataDir).filter((name) => name.endsWith('.sock') || name === 'mason-node.lock')).toEqual([]);
      killGroup(parent.pid!);
    },
    60_000,
  );

  it('lets exactly one of two nodes started at the same moment on one directory run', async () => {
    const dataDir = join(dir, 'race');
    const both = [mason(['--json', '--data-dir', dataDir, ...anyPorts]), mason(['--json', '--data-dir', dataDir, ...anyPorts])];
    const outcomes = await Promise.all(
      both.map((node) =>
        node.ready.then(
          () => 'runs',
          async () => `exited ${await node.exited}`,
        ),
      ),
    );
    expect([...outcomes].sort()).toEqual(['exited 1', 'runs']);
    const [winner, loser] = outcomes[0] === 'runs' ? both : [both[1]!, both[0]!];
    expect(loser!.errors()).toContain(`(pid ${winner!.child.pid} on ${hostname()}`);
    winner!.child.kill('SIGTERM');
    expect(await winner!.exited).toBe(0);
  });

  it('locks a data directory whose path is too long for a socket address', async () => {
    const dataDir = join(dir, 'long', 'x'.repeat(60), 'y'.repeat(60));
    const first = mason(['--json', '--data-dir', dataDir, ...anyPorts]);
    await first.ready;
    const second = mason(['--json', '--data-dir', dataDir, ...anyPorts]);
    expect(await second.exited).toBe(1);
    expect(second.errors()).toContain(`(pid ${first.child.pid} on ${hostname()}`);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('takes over a lock whose pid runs but is no node (a reused pid), or whose host is another (a new container)', async () => {
    const dataDir = join(dir, 'reused');
    mkdirSync(dataDir, { recursive: true });
    for (const host of [hostname(), 'a-container-gone']) {
      writeFileSync(join(dataDir, 'mason-node.lock'), JSON.stringify({ pid: process.pid, host, since: '2020-01-01T00:00:00.000Z', token: 'x' }));
      const node = mason(['--json', '--data-dir', dataDir, ...anyPorts]);
      await node.ready;
      node.child.kill('SIGTERM');
      expect(await node.exited).toBe(0);
    }
  });

  it('takes over a stale lock of a process that no longer runs, and refuses a lock file it cannot read', async () => {
    const dataDir = join(dir, 'stale');
    mkdirSync(dataDir, { recursive: true });
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(join(dataDir, 'mason-node.lock'), JSON.stringify({ pid: gone, host: hostname(), since: '2020-01-01T00:00:00.000Z', token: 'x' }));
    const node = mason(['--json', '--data-dir', dataDir, ...anyPorts]);
    await node.ready;
    node.child.kill('SIGTERM');
    expect(await node.exited).toBe(0);

    writeFileSync(join(dataDir, 'mason-node.lock'), 'pid 1234');
    const refused = mason(['--json', '--data-dir', dataDir, ...anyPorts]);
    expect(await refused.exited).toBe(1);
    expect(refused.errors()).toContain(`error ${join(dataDir, 'mason-node.lock')} is not a lock file Mason wrote (line 1: `);
    expect(refused.errors()).toContain(`If no node runs there any more, delete ${join(dataDir, 'mason-node.lock')} and start again.`);
    expect(readFileSync(join(dataDir, 'mason-node.lock'), 'utf8')).toBe('pid 1234');
  });
});
