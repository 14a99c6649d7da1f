export { compileContract, type CompileContractOptions } from './compileContract.js';
export { DEFERRED_CALLS_SOURCE, DEPLOYER_SOURCE } from './deployer.js';
// The layout massa-web3's deployer reads is @mason/codec's, the one Mason's own deploys use.
export { deployerDatastore, type DeployerContract } from '@mason/codec';
export { buildWasm, F32, F64, I32, I64, type FunctionSpec, type ModuleSpec } from './buildWasm.js';
export { scaledTimeout, timeoutScale } from './testTimeout.js';
export { runProcess, type ProcessResult } from './runProcess.js';
