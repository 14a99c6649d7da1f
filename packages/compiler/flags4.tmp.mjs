import v8 from 'node:v8';
const mode = process.env.MODE ?? '-';
if (mode !== '-') v8.setFlagsFromString('--liftoff-only');
const asc = (await import('assemblyscript/asc')).default;
if (mode === 'toggle') { v8.setFlagsFromString('--no-liftoff-only'); v8.setFlagsFromString('--wasm-tier-up'); v8.setFlagsFromString('--wasm-dynamic-tiering'); }
const bytes = new Uint8Array([0,97,115,109,1,0,0,0, 1,6,1,96,1,127,1,127, 3,2,1,0, 7,8,1,4,108,111,111,112,0,0, 10,30,1,28, 1,1,127, 3,64, 32,1,32,0,106,65,1,115,33,1, 32,0,65,1,107,34,0,13,0, 11, 32,1, 11]);
const { instance } = await WebAssembly.instantiate(bytes);
const out = [];
for (let r = 0; r < 8; r++) { let t2 = performance.now(); for (let i = 0; i < 10; i++) instance.exports.loop(10_000_000); out.push((performance.now()-t2).toFixed(0)); }
console.log(mode, out.join(' '));
if (process.env.BUILD) {
const { build } = await import('/work/wt-build/packages/compiler/dist/index.js');
const t = performance.now(); const c0 = process.cpuUsage();
const r = await build({ root: '/tmp/bprof/proj', force: true });
const c = process.cpuUsage(c0);
console.log(mode, 'build wall', (performance.now()-t).toFixed(0), 'cpu', ((c.user+c.system)/1000).toFixed(0));
}
