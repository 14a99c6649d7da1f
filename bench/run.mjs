// npm run bench: every figure next to its anchor, measured in this run; writes bench/results.json.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { startDevnet } from '@mason/devnet';
import { devnetStartup } from './suites/devnetStartup.mjs';
import { getStatusThroughput } from './suites/getStatusThroughput.mjs';
import { transferToFinal } from './suites/transferToFinal.mjs';

const quick = process.argv.includes('--quick');
const results = [];
const log = (title) => console.log(`… ${title}`);

log('devnet cold start and idle CPU');
results.push(...(await devnetStartup({ runs: quick ? 2 : 5 })));
log('transfer → final');
results.push(...(await transferToFinal({ runs: quick ? 5 : 20, withMainnetAnchor: !quick })));
log('get_status throughput');
const devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0 });
try {
  results.push(...(await getStatusThroughput({ devnet, seconds: quick ? 2 : 5 })));
} finally {
  await devnet.stop();
}

const fmt = (v) => (v === null || v === undefined ? '—' : typeof v === 'number' ? (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2)) : String(v));
console.log('');
console.log(['what'.padEnd(36), 'value'.padStart(10), 'unit'.padEnd(16), 'anchor'.padStart(10), 'ratio'.padStart(8), 'target'].join('  '));
for (const r of results) {
  console.log([r.name.padEnd(36), fmt(r.value).padStart(10), r.unit.padEnd(16), fmt(r.anchorValue).padStart(10), (r.ratio ? fmt(r.ratio) + '×' : '—').padStart(8), r.target].join('  '));
}
const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
writeFileSync(new URL('./results.json', import.meta.url), JSON.stringify({ date: new Date().toISOString(), machine, results }, null, 2));
console.log('\nwritten bench/results.json');
