import { fileURLToPath } from 'node:url';

/**
 * The deployer of massa-web3 (reference §13), written with the official @massalabs/massa-as-sdk:
 * compile it with `compileContract(DEPLOYER_SOURCE, { flavor: 'official' })`.
 */
export const DEPLOYER_SOURCE = fileURLToPath(new URL('../contracts/deployer.ts', import.meta.url));

/**
 * A contract that registers, cancels and handles deferred calls (official massa-as-sdk 3.x), run
 * by the VM, devnet and testing suites alike: compile it like the deployer.
 */
export const DEFERRED_CALLS_SOURCE = fileURLToPath(new URL('../contracts/deferredCalls.ts', import.meta.url));
