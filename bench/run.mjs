// npm run bench: every figure next to its anchor, measured in this run; writes bench/results.json.
// `--quick` runs fewer iterations and skips the slow mainnet-timing anchors; `--only <text>` runs some suites.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { startDevnet } from '@mason/devnet';
import { callPipeline, callThroughput, deployToFinal } from './suites/contracts.mjs';
import { coverageOverhead } from './suites/coverage.mjs';
import { devnetStartup } from './suites/devnetStartup.mjs';
import { forkMode } from './suites/fork.mjs';
import { abiExtraction, buildTimes } from './suites/build.mjs';
import { gasWallTime } from './suites/gasWallTime.mjs';
import { getStatusThroughput } from './suites/getStatusThroughput.mjs';
import { hostileClients } from './suites/hostileClients.mjs';
import { instantMode } from './suites/instantMode.mjs';
import { machineParallelism } from './suites/machineParallelism.mjs';
import { nodeStart } from './suites/nodeStart.mjs';
import { scaling } from './suites/scaling.mjs';
import { snapshotRevert } from './suites/snapshots.mjs';
import { traceOverhead } from './suites/traces.mjs';
import { transferToFinal } from './suites/transferToFinal.mjs';
import { unitTests } from './suites/unitTests.mjs';
import { vmOverhead } from './suites/vmOverhead.mjs';

const quick = process.argv.includes('--quick');

// Every process the bench starts (Mason's and the anchors' alike) inherits this environment.
// NODE_EXTRA_CA_CERTS adds the parsing of a certificate file to every Node start (35–55 ms for the
// system bundle on the reference machine), a cost of the environment, not of Mason: the bench's
// processes run without it, and the "Node start" suite measures what it costs.
const extraCaCerts = process.env.NODE_EXTRA_CA_CERTS;
delete process.env.NODE_EXTRA_CA_CERTS;

async function statusThroughput() {
  const devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0 });
  try {
    return await getStatusThroughput({ devnet, seconds: quick ? 2 : 5 });
  } finally {
    await devnet.stop();
  }
}

const suites = [
  ['machine parallelism', () => machineParallelism({ runs: quick ? 3 : 5 })],
  ['Node start', () => nodeStart({ runs: quick ? 10 : 30, extraCaCerts })],
  ['devnet cold start and idle CPU', () => devnetStartup({ runs: quick ? 2 : 5 })],
  ['transfer → final', () => transferToFinal({ runs: quick ? 5 : 20, withMainnetAnchor: !quick })],
  ['deploy → final', () => deployToFinal({ runs: quick ? 3 : 10, withMainnetAnchor: !quick })],
  ['instant mode vs real slots', () => instantMode({ runs: quick ? 8 : 20, templateRuns: quick ? 1 : 3 })],
  ['finalized CallSC throughput', () => callThroughput({ operations: quick ? 2000 : 12000 })],
  ['finalized CallSC throughput, instant mode', () => callThroughput({ operations: quick ? 2000 : 12000, instant: true })],
  ['CallSC throughput with traces', () => traceOverhead({ operations: quick ? 2000 : 6000 })],
  ['CallSC pipeline cost per operation', () => callPipeline({ operations: quick ? 2000 : 6000 })],
  ['get_status throughput', statusThroughput],
  ['mason test vs asp + vm-mock', () => unitTests({ runs: quick ? 2 : 5 })],
  ['mason test --coverage vs mason test', () => coverageOverhead({ runs: quick ? 2 : 5 })],
  ['mason build vs massa-as-compile', () => buildTimes({ runs: quick ? 3 : 7 })],
  ['ABI extraction in mason build', () => abiExtraction({ runs: quick ? 3 : 7 })],
  ['VM call overhead vs plain WebAssembly', () => vmOverhead({ quick })],
  ['scaling with accounts, events, operations', () => scaling({ quick })],
  ['snapshot revert, 100,000 accounts', () => snapshotRevert({ quick })],
  ['hostile clients: memory and ports', () => hostileClients({ quick })],
  ['wall time per gas: operators and ABIs', () => gasWallTime({ quick })],
  ['fork mode: start, first remote read, cached read', () => forkMode({ accounts: quick ? 20 : 50 })],
];

// `--only <text>` (repeatable) runs the suites whose title contains one of the texts.
const only = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--only' ? [arg.toLowerCase()] : []));
const chosen = only.length === 0 ? suites : suites.filter(([title]) => only.some((text) => title.toLowerCase().includes(text)));
if (chosen.length === 0) {
  console.error(`bench: no suite matches --only ${only.join(', ')}; the suites are:\n${suites.map(([title]) => `  ${title}`).join('\n')}`);
  process.exit(1);
}

const results = [];
for (const [title, run] of chosen) {
  console.log(`… ${title}`);
  try {
    results.push(...(await run()));
  } catch (error) {
    console.error(`  ${title} failed: ${error.message}`);
    results.push({ name: title, value: null, unit: 'failed', anchor: null, anchorValue: null, ratio: null, target: '', error: error.message });
  }
}

const fmt = (v) => (v === null || v === undefined ? '—' : typeof v === 'number' ? (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2)) : String(v));
console.log('');
console.log(['what'.padEnd(44), 'value'.padStart(10), 'unit'.padEnd(16), 'anchor'.padStart(10), 'ratio'.padStart(8), 'target'].join('  '));
for (const r of results) {
  console.log(
    [
      r.name.padEnd(44),
      fmt(r.value).padStart(10),
      r.unit.padEnd(16),
      fmt(r.anchorValue).padStart(10),
      (r.ratio ? fmt(r.ratio) + '×' : '—').padStart(8),
      r.target,
    ].join('  '),
  );
}
const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  childEnvironment: extraCaCerts ? 'NODE_EXTRA_CA_CERTS removed' : 'inherited',
};
writeFileSync(new URL('./results.json', import.meta.url), JSON.stringify({ date: new Date().toISOString(), quick, machine, results }, null, 2));
console.log('\nwritten bench/results.json');
