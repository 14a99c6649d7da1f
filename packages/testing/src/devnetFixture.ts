export type {
  CallOptions,
  CallResult,
  ContractRef,
  DeployedContract,
  DeployOptions,
  DevnetFixture,
  DevnetFixtureOptions,
  FixtureArgs,
} from './devnetFixtureTypes.js';
import type { DevnetFixture, DevnetFixtureOptions } from './devnetFixtureTypes.js';

/**
 * An in-process devnet in instant mode (every operation final as soon as it is sent) with funded
 * accounts, a client, and deploy/call/read/events helpers for integration tests:
 * `const { deploy, call, read, close } = await devnetFixture()`.
 */
export async function devnetFixture(options: DevnetFixtureOptions = {}): Promise<DevnetFixture> {
  // Loaded on use: the devnet, client, deployer and compiler are not needed by the rest of
  // @mason/testing (mason test's unit tests), and loading them takes ~150 ms.
  const { startDevnetFixture } = await import('./startDevnetFixture.js');
  return startDevnetFixture(options);
}
