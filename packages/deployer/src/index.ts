export { deployContract, type DeployParams, type DeployResult, type DeployProgress } from './deployContract.js';
export { deployFromBuild, type DeployFromBuildParams } from './deployFromBuild.js';
export { findDeployedAddress } from './findDeployedAddress.js';
export { DeploymentRecords, type DeploymentRecord, type PendingDeployment } from './deploymentRecords.js';
export { contractStorageCost } from './storageCost.js';
export { DeployError, deployErrors, isDeployError, type DeployErrorCode } from './errors.js';
