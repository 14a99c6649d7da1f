export { compileContract, type CompileContractOptions } from './compileContract.js';
export { DEPLOYER_SOURCE, deployerDatastore, type DeployedContract } from './deployer.js';
export { buildWasm, F32, F64, I32, I64, type FunctionSpec, type ModuleSpec } from './buildWasm.js';
