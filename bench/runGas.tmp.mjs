import { gasWallTime } from '/work/wt-gaswall/bench/suites/gasWallTime.mjs';
const rows = await gasWallTime({ quick: process.argv.includes('--quick') });
for (const r of rows) console.log(r.name.padEnd(60), r.value.toFixed(5).padStart(14), r.unit.padEnd(16), r.ratio?.toFixed(1), r.gasPerIteration ?? '', r.usPerIteration?.toFixed(1) ?? '', r.maxGasSeconds?.toFixed(1) ?? '');
