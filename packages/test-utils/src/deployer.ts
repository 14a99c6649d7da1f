import { fileURLToPath } from 'node:url';

/**
 * The deployer of massa-web3 (reference §13), written with the official @massalabs/massa-as-sdk:
 * compile it with `compileContract(DEPLOYER_SOURCE, { flavor: 'official' })`.
 */
export const DEPLOYER_SOURCE = fileURLToPath(new URL('../contracts/deployer.ts', import.meta.url));
