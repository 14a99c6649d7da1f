export { deployContract, type DeployParams, type DeployResult, type DeployProgress } from './deployContract.js';
export { deployFromBuild, readBuiltContract, type DeployFromBuildParams } from './deployFromBuild.js';
export {
  sendDeployment,
  deploymentExecution,
  deploymentOutcome,
  type SendDeploymentParams,
  type DeploymentInput,
  type DeploymentExecution,
  type DeploymentOutcome,
} from './sendDeployment.js';
export { findDeployedAddress } from './findDeployedAddress.js';
export { DeploymentRecords, type DeploymentRecord, type PendingDeployment } from './deploymentRecords.js';
export { contractStorageCost } from './storageCost.js';
export { DeployError, deployErrors, isDeployError, type DeployErrorCode } from './errors.js';
export {
  buildModule,
  isDeploymentModule,
  type DeploymentModule,
  type ModuleBuilder,
  type Future,
  type ContractFuture,
  type CallFuture,
  type UpgradeFuture,
  type StepArgument,
  type StepArguments,
  type StepOptions,
  type UpgradeOptions,
  type Coins,
} from './script/buildModule.js';
export { planDeployment, type PlanParams, type DeploymentPlan, type PlannedStep, type StepAction } from './script/planDeployment.js';
export {
  runDeployment,
  type RunDeploymentParams,
  type DeploymentResult,
  type DeploymentStepResult,
  type DeploymentStepProgress,
} from './script/runDeployment.js';
export type { ScriptJournal, ScriptStepRecord } from './script/scriptJournal.js';
