export { compileContract, type CompileContractOptions } from './compileContract.js';
export { DEPLOYER_SOURCE, deployerDatastore, type DeployedContract } from './deployer.js';
