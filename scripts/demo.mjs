// The main job, offline from this checkout: scaffold a project from the hello template (depending
// on this checkout's packages, packed locally) → build → unit and integration tests → start a
// devnet → deploy → call → print the events.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const workDir = join(root, '.mason', 'demo');
const project = join(workDir, 'hello-mason');
const masonBin = join(project, 'node_modules', '.bin', 'mason');

const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code) => (text) => (tty ? `\x1b[${code}m${text}\x1b[0m` : String(text));
const bold = paint(1);
const dim = paint(2);
const green = paint(32);
const red = paint(31);

let stepNumber = 0;
let devnet = null;

function step(title) {
  stepNumber += 1;
  console.log(`\n${bold(`${stepNumber}. ${title}`)}`);
  return performance.now();
}

function done(started) {
  console.log(dim(`   done in ${((performance.now() - started) / 1000).toFixed(1)} s`));
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${[command, ...args].join(' ')} failed (exit code ${result.status})`);
}

function capture(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    throw new Error(`${[command, ...args].join(' ')} failed (exit code ${result.status})`);
  }
  return result.stdout;
}

function startDevnet(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(masonBin, ['node', '--ephemeral', '--json', '--public-port', '0', '--private-port', '0', '--api-port', '0'], {
      cwd: project,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, info: JSON.parse(line) });
    });
    child.once('exit', (code) => reject(new Error(`mason node exited (${code}) before it was ready`)));
  });
}

async function main() {
  const total = performance.now();
  console.log(bold('Mason demo') + dim(' — scaffold → build → test → devnet → deploy → call → events'));
  const env = { ...process.env, NO_COLOR: tty ? '' : '1', FORCE_COLOR: tty ? '1' : '0' };

  let t = step('Pack this checkout’s packages (no registry needed for Mason itself)');
  run(process.execPath, [join(root, 'scripts', 'pack-local.mjs')]);
  done(t);

  t = step('Scaffold a project: create-mason hello-mason (what npm run create does)');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  run(process.execPath, [join(root, 'packages', 'create-mason', 'bin', 'create-mason.js'), project, '--template', 'hello'], {
    env: { ...env, MASON_LOCAL_PACKAGES: join(root, '.mason', 'packs') },
  });
  done(t);

  t = step('Build: mason build');
  run(masonBin, ['build'], { cwd: project, env });
  done(t);

  t = step('Test: unit tests on Mason’s VM, then integration tests on an in-process devnet');
  run('npm', ['test', '--silent'], { cwd: project, env });
  done(t);

  t = step('Start a devnet: mason node');
  const started = await startDevnet(env);
  devnet = started.child;
  const nodeEnv = { ...env, MASON_NODE_URL: started.info.urls.public, MASON_NODE_WS_URL: started.info.urls.ws };
  console.log(`   public API ${started.info.urls.public}, ${started.info.accounts.length} pre-funded accounts`);
  done(t);

  t = step('Deploy: mason deploy main --args string:Mason');
  const deployed = JSON.parse(
    capture(masonBin, ['deploy', 'main', '--args', 'string:Mason', '--json'], { cwd: project, env: nodeEnv }).trim().split('\n').pop(),
  );
  console.log(`   ${green('✔')} deployed at ${bold(deployed.address)} (operation ${deployed.operationId})`);
  // The deployer's own raw (base64) event carries the address again, Args-encoded: not for people.
  const raw = /^[A-Za-z0-9+/]{16,}={0,2}$/;
  for (const event of deployed.events) if (!raw.test(event.data)) console.log(dim(`     event: ${event.data}`));
  done(t);

  t = step(`Call: mason call ${deployed.address.slice(0, 10)}… sum --args i32:2 i32:3`);
  run(masonBin, ['call', deployed.address, 'sum', '--args', 'i32:2', 'i32:3'], { cwd: project, env: nodeEnv });
  done(t);

  t = step('Events: the contract’s final events, from the node');
  const events = await fetch(started.info.urls.public, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'get_filtered_sc_output_event', params: [{ emitter_address: deployed.address, is_final: true }] }),
  }).then((r) => r.json());
  for (const event of events.result) console.log(`   slot ${event.context.slot.period}/${event.context.slot.thread}  ${event.data}`);
  done(t);

  console.log(`\n${green('✔')} the whole loop ran in ${((performance.now() - total) / 1000).toFixed(1)} s — the project is in ${project}`);
}

try {
  await main();
} catch (error) {
  console.error(`\n${red('✘')} ${error.message}`);
  process.exitCode = 1;
} finally {
  devnet?.kill('SIGTERM');
}
