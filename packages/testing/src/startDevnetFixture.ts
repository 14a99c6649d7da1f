import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { Account, callSC, createClient, getFilteredScOutputEvent, readOnlyCall, transfer, type Operation } from '@mason/client';
import { build, bundleDeployer, formatPosition, loadDeployerTemplate } from '@mason/compiler';
import { FailureLocations } from './fixtureFailureLocation.js';
import { placeTraceFailure } from './locateTrace.js';
import { readBuiltContract, sendDeployment } from '@mason/deployer';
import { startDevnet } from '@mason/devnet';
import { TestingError } from './errors.js';
import type { ContractRef, DeployedContract, DevnetFixture, DevnetFixtureOptions, FixtureArgs } from './devnetFixtureTypes.js';
import { fixtureCoverageEnabled, startFixtureCoverage } from './fixtureCoverage.js';
import { fixtureStateControl } from './fixtureStateControl.js';

/** Instant mode makes an operation final within milliseconds: a short poll finds it sooner than setting up a subscription. */
const WAIT = { timeoutMs: 60_000, notifications: false, pollIntervalMs: 5 };

function addressOf(ref: ContractRef, what: string): string {
  const address = typeof ref === 'string' ? ref : ref?.address;
  if (typeof address !== 'string' || address.length === 0) {
    throw new TestingError('MASON_TESTING_FIXTURE_ARGUMENT', { what, value: describe(ref), expected: 'an address (AS…) or what deploy() returned' });
  }
  return address;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || value === undefined) return String(value);
  return typeof value === 'object' ? 'an object without an address' : `${typeof value} ${String(value)}`;
}

/** Instant mode unless MASON_TEST_TIMING says `real` (anything else is refused: a typo must not go unnoticed). */
function instantByDefault(): boolean {
  const timing = process.env.MASON_TEST_TIMING;
  if (timing === undefined || timing === '' || timing === 'instant') return true;
  if (timing === 'real') return false;
  throw new TestingError('MASON_TESTING_FIXTURE_ARGUMENT', {
    what: 'the environment variable MASON_TEST_TIMING',
    value: JSON.stringify(timing),
    expected: '"instant" (the default) or "real"',
  });
}

const bytesOf = (args: FixtureArgs | undefined): Uint8Array => (args === undefined ? new Uint8Array() : args instanceof Uint8Array ? args : args.serialize());

/** What `devnetFixture()` runs, in a module of its own so that only a fixture loads the devnet, client, deployer and compiler. */
export async function startDevnetFixture(options: DevnetFixtureOptions = {}): Promise<DevnetFixture> {
  const root = resolve(options.root ?? process.cwd());
  const outDir = join(root, 'build');
  if (options.build ?? existsSync(join(root, 'assembly', 'contracts'))) await build({ root });
  // Inline: a test process is short, and starting two worker threads and warming up a VM in each
  // costs it ~0.2 s on 2 cores (docs/performance.md); `devnet: { execution: 'workers' }` restores them.
  const devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: instantByDefault(), execution: 'inline', ...options.devnet });
  // Coverage (docs/testing.md#coverage).
  const coverage = fixtureCoverageEnabled(options.coverage) ? startFixtureCoverage(devnet, root) : undefined;
  // Requests go to the devnet's handlers directly: no undici, no HTTP parser and server running
  // cold (~0.1 s of a template's test process). massa-web3 and others use devnet.urls as usual.
  const client = createClient({
    url: devnet.urls.public,
    wsUrl: devnet.urls.ws,
    inProcess: { public: (body) => devnet.handleRequest('public', body), api: (body) => devnet.handleRequest('api', body) },
  });
  const accounts = devnet.accounts.map((a) => Account.fromSecretKey(a.secretKey));
  const account = accounts[0]!;
  let closing: Promise<void> | null = null;
  const open = (helper: string) => {
    if (closing) throw new TestingError('MASON_TESTING_FIXTURE_CLOSED', { helper });
  };

  const finalEvents = (operationId: string) => getFilteredScOutputEvent(client, { original_operation_id: operationId, is_final: true });
  const locations = new FailureLocations(root, outDir, client);

  /**
   * Sends Mason's bundled deployer (what `mason deploy` sends) and takes the address from its own
   * event. Unlike `mason deploy`, no dry run first and no deployment records: a failure shows in
   * the operation's final events, and these deployments live as long as the devnet.
   */
  const deployBundled = async (
    name: string,
    deployer: Uint8Array,
    contractBytecode: Uint8Array,
    args: Uint8Array,
    coins: bigint,
    from: Account,
  ): Promise<DeployedContract> => {
    const wait = (operation: Operation) => operation.waitFinal(WAIT);
    const { operationId, status, events, address } = await sendDeployment({ client, account: from, deployer, contractBytecode, args, coins, wait });
    if (status !== 'FinalSuccess' || !address) {
      const reason = events.at(-1)?.data ?? `the operation ended ${status}`;
      throw await locations.ofOperation(new TestingError('MASON_TESTING_DEPLOY_FAILED', { reason: `${name}: ${reason}` }), operationId);
    }
    return { address, operationId, events };
  };

  const fixture: DevnetFixture = {
    devnet,
    client,
    account,
    accounts,

    async deploy(contract, { args, coins, from = account } = {}) {
      open('deploy');
      if (typeof contract !== 'string' || contract.length === 0) {
        throw new TestingError('MASON_TESTING_FIXTURE_ARGUMENT', {
          what: 'deploy(contract)',
          value: describe(contract),
          expected: 'a contract name of the build (e.g. "main") or a .wasm file path',
        });
      }
      if (!contract.endsWith('.wasm')) {
        const built = readBuiltContract(outDir, contract);
        return deployBundled(contract, built.deployer, built.contractBytecode, bytesOf(args), coins ?? 0n, from);
      }
      const path = isAbsolute(contract) ? contract : join(root, contract);
      if (!existsSync(path)) throw new TestingError('MASON_TESTING_FILE_NOT_FOUND', { path: contract, absolute: path });
      const wasm = new Uint8Array(readFileSync(path));
      const template = await loadDeployerTemplate();
      return deployBundled(contract, bundleDeployer(template.bytes, wasm, contract), wasm, bytesOf(args), coins ?? 0n, from);
    },

    async call(contract, func, args, { coins, maxGas, from = account } = {}) {
      open('call');
      const target = addressOf(contract, 'call(contract)');
      const operation = await callSC(client, from, {
        target,
        func,
        parameter: bytesOf(args),
        ...(coins !== undefined && { coins }),
        ...(maxGas !== undefined && { maxGas }),
      }).catch(async (error: unknown) => {
        throw await locations.ofReadOnly(error, from.address.toString());
      });
      const result = await operation.waitFinal(WAIT);
      const status = result.status === 'FinalSuccess' ? 'FinalSuccess' : 'FinalError';
      const position = status === 'FinalError' ? await locations.operationPosition(operation.id) : undefined;
      const location = position && formatPosition(position);
      const events = await finalEvents(operation.id);
      // The trace's failure gets the same place, as `mason trace` shows it.
      const trace = devnet.trace(operation.id);
      if (trace) placeTraceFailure(trace, position);
      return { operationId: operation.id, status, ok: status === 'FinalSuccess', events, trace, ...(location && { location }) };
    },

    async read(contract, func, args, { caller } = {}) {
      open('read');
      const target = addressOf(contract, 'read(contract)');
      try {
        return (await readOnlyCall(client, { target, func, parameter: bytesOf(args), ...(caller !== undefined && { caller }) })).value;
      } catch (error) {
        throw await locations.ofReadOnly(error, caller);
      }
    },

    trace(of) {
      open('trace');
      const id = typeof of === 'string' ? of : of?.operationId;
      if (typeof id !== 'string' || id.length === 0) {
        throw new TestingError('MASON_TESTING_FIXTURE_ARGUMENT', {
          what: 'trace(of)',
          value: describe(of),
          expected: 'an operation id, or what call() or deploy() returned',
        });
      }
      return devnet.trace(id);
    },

    async events(of) {
      open('events');
      if (typeof of === 'string' && of.startsWith('O')) return finalEvents(of);
      return getFilteredScOutputEvent(client, { emitter_address: addressOf(of, 'events(of)'), is_final: true });
    },

    async transfer(to, amount, { from = account } = {}) {
      open('transfer');
      const recipient = typeof to === 'string' ? to : String(to?.address);
      const operation = await transfer(client, from, { to: recipient, amount });
      await operation.waitFinal(WAIT);
    },

    async advanceSlots(count) {
      open('advanceSlots');
      return devnet.advanceSlots(count);
    },

    close() {
      closing ??= (async () => {
        try {
          await client.close();
        } finally {
          await devnet.stop();
          coverage?.save();
        }
      })();
      return closing;
    },

    [Symbol.asyncDispose]() {
      return fixture.close();
    },

    ...fixtureStateControl(devnet, open),
  };
  return fixture;
}
