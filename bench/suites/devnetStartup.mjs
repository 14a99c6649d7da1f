import { fileURLToPath } from 'node:url';
import { cpuMs, median, rpc, spawnUntil } from '../lib.mjs';

const cli = fileURLToPath(new URL('../../packages/cli/bin/mason.js', import.meta.url));

const BARE_SERVER = `
const http = require('node:http');
const s = http.createServer((q, r) => { let b=''; q.on('data', c => b += c); q.on('end', () => { r.setHeader('content-type','application/json'); r.end(JSON.stringify({jsonrpc:'2.0',id:1,result:{ok:true}})); }); });
s.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: 'http://127.0.0.1:' + s.address().port })));`;

async function startToFirstAnswer(command, args, urlOf) {
  const started = performance.now();
  const { child, line } = await spawnUntil(command, args, /^\{/);
  const url = urlOf(JSON.parse(line));
  await rpc(url, 'get_status');
  const elapsed = performance.now() - started;
  return { child, elapsed, url };
}

/** Devnet cold start to its first answer, against a bare node:http server's; and idle CPU. */
export async function devnetStartup({ runs = 5 } = {}) {
  const devnetTimes = [];
  const bareTimes = [];
  let idleCpuPercent = null;
  for (let i = 0; i < runs; i++) {
    const bare = await startToFirstAnswer(process.execPath, ['-e', BARE_SERVER], (j) => j.url);
    bareTimes.push(bare.elapsed);
    bare.child.kill();
    const devnet = await startToFirstAnswer(
      process.execPath,
      [cli, 'node', '--ephemeral', '--json', '--public-port', '0', '--private-port', '0', '--api-port', '0'],
      (j) => j.urls.public,
    );
    devnetTimes.push(devnet.elapsed);
    if (i === runs - 1) {
      const windowMs = 5_000;
      await new Promise((r) => setTimeout(r, 500));
      const before = cpuMs(devnet.child.pid);
      await new Promise((r) => setTimeout(r, windowMs));
      idleCpuPercent = ((cpuMs(devnet.child.pid) - before) / windowMs) * 100;
    }
    devnet.child.kill('SIGTERM');
  }
  const devnetMs = median(devnetTimes);
  const bareMs = median(bareTimes);
  return [
    {
      name: 'devnet start → first answer',
      value: devnetMs,
      unit: 'ms',
      anchor: 'bare node:http server start → first answer',
      anchorValue: bareMs,
      ratio: devnetMs / bareMs,
      target: '≤ 500 ms',
    },
    { name: 'devnet idle CPU', value: idleCpuPercent, unit: '% of one core', anchor: null, anchorValue: null, ratio: null, target: '≤ 5 %' },
  ];
}
