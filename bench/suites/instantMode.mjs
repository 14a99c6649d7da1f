import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAS, parseMas, SecretKey, signOperation, toSendOperationInput } from '@mason/codec';
import { deployerDatastore } from '@mason/compiler';
import { startDevnet } from '@mason/devnet';
import { median, rpc } from '../lib.mjs';
import { buildBenchProject, deployOnce } from './contracts.mjs';

// Instant mode (`mason node --instant`, the test fixtures' default) against the default devnet
// (real slots) in the same run: anvil's automine, the anchor, is not installable here.

/** Sent → final of one operation, by polling get_operations every 1 ms (as a waiting client would, at its fastest). */
async function sentToFinal(devnet, key, op) {
  const status = await rpc(devnet.urls.public, 'get_status');
  const signed = signOperation({ fee: parseMas('0.01'), expirePeriod: status.last_slot.period + 9, op }, key, BigInt(status.chain_id));
  const started = performance.now();
  await rpc(devnet.urls.public, 'send_operations', [[toSendOperationInput(signed)]]);
  for (;;) {
    const [info] = await rpc(devnet.urls.public, 'get_operations', [[signed.id]]);
    if (info?.is_operation_final) {
      if (!info.op_exec_status) throw new Error(`${op.type} ${signed.id} failed`);
      return performance.now() - started;
    }
    await new Promise((r) => setTimeout(r, 1));
  }
}

const transfer = () => ({ type: 'Transaction', recipient: SecretKey.generate().publicKey.address().toString(), amount: MAS });

/** The bench contract's bundled deployer as one ExecuteSC (what `mason deploy` sends). */
const deployment = (root) => {
  const bytecode = new Uint8Array(readFileSync(join(root, 'build', 'counter.deployer.wasm')));
  return () => ({ type: 'ExecuteSC', maxGas: 3_000_000_000n, maxCoins: MAS, bytecode, datastore: deployerDatastore([{}]) });
};

async function medianOn(options, runs, make) {
  const devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, ...options });
  try {
    await sentToFinal(devnet, devnet.accounts[0].secretKey, make()); // warm-up: VM compilation caches, JIT
    const times = [];
    for (let i = 0; i < runs; i++) times.push(await sentToFinal(devnet, devnet.accounts[i % devnet.accounts.length].secretKey, make()));
    return median(times);
  } finally {
    await devnet.stop();
  }
}

async function deployFromBuildMedian(options, root, runs) {
  const devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, ...options });
  try {
    await deployOnce(devnet, root, 'bench-warmup');
    const times = [];
    for (let i = 0; i < runs; i++) times.push((await deployOnce(devnet, root, `bench-${i}`)).ms);
    return median(times);
  } finally {
    await devnet.stop();
  }
}

const row = (name, value, anchorValue, target, anchor = 'default devnet (real slots), same run') => ({
  name,
  value,
  unit: 'ms (median)',
  anchor,
  anchorValue,
  ratio: anchorValue ? value / anchorValue : null,
  target,
});

/** Wall time of `node <args>` in a template (the fixture on an instant or a real-timing devnet). */
function templateRunMs(template, timing, args) {
  const cwd = fileURLToPath(new URL(`../../templates/${template}`, import.meta.url));
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, MASON_TEST_TIMING: timing }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${template} integration tests failed (${timing}):\n${output.slice(-2000)}`)),
    );
  });
}

const TEST_FILES = ['--test', 'test/'];
/** Node started and the integration tests' modules loaded, nothing run: what both timings share. */
const LOAD_ONLY = ['--input-type=module', '-e', "import 'node:test'; import '@mason/codec'; import '@mason/testing';"];

export async function instantMode({ runs = 20, templateRuns = 3 } = {}) {
  const project = await buildBenchProject();
  try {
    const results = [];
    const instantTransfer = await medianOn({ instant: true }, runs, transfer);
    const realTransfer = await medianOn({}, Math.min(runs, 10), transfer);
    results.push(row('instant: transfer sent → final', instantTransfer, realTransfer, '≤ 20 ms'));
    const deploy = deployment(project.root);
    const instantDeploy = await medianOn({ instant: true }, runs, deploy);
    const realDeploy = await medianOn({}, Math.min(runs, 10), deploy);
    results.push(row('instant: deploy (ExecuteSC) sent → final', instantDeploy, realDeploy, '≤ 50 ms'));
    const deployRuns = Math.max(3, Math.floor(runs / 4));
    const instantRunner = await deployFromBuildMedian({ instant: true }, project.root, deployRuns);
    const realRunner = await deployFromBuildMedian({}, project.root, deployRuns);
    results.push(row('instant: deployFromBuild → final (checks, dry run, records)', instantRunner, realRunner, '≤ 50 ms'));
    for (const template of ['hello', 'token']) {
      const instant = [];
      const real = [];
      const loading = [];
      for (let i = 0; i < templateRuns; i++) {
        real.push(await templateRunMs(template, 'real', TEST_FILES));
        instant.push(await templateRunMs(template, 'instant', TEST_FILES));
        loading.push(await templateRunMs(template, 'instant', LOAD_ONLY));
      }
      const [instantMs, realMs, loadMs] = [median(instant), median(real), median(loading)];
      results.push(row(`templates/${template} integration tests (node --test)`, instantMs, realMs, '≥ 5× faster', 'same tests, fixture on real slots'));
      // What the tests themselves take: the whole run minus starting Node and loading the test's modules.
      results.push(
        row(
          `templates/${template} integration tests, minus module loading`,
          instantMs - loadMs,
          realMs - loadMs,
          '≥ 5× faster',
          `same; loading ${loadMs.toFixed(0)} ms subtracted from both`,
        ),
      );
    }
    return results;
  } finally {
    project.remove();
  }
}
