export { runTests, type RunTestsOptions } from './runTests.js';
export { watchTests, type WatchTestsOptions } from './watchTests.js';
export { affectedSpecs, type SpecDependencies } from './affectedSpecs.js';
export type { TestRunResult, SpecFileResult, TestResult } from './TestRunResult.js';
export type { TestFailure } from './locateFailure.js';
export { masonHost, testHostOf, TEST_HOST, RUN_OPTIONS, type AspectInstantiate } from './masonHost.js';
export { TestHost, type TestHostOptions, type RawFailure } from './TestHost.js';
export type { HostProfile } from './hostProfiles.js';
export type { WasmFrame } from '@mason/vm';
export { DEFAULT_ASPECT_CONFIG, loadAspectConfig, type AspectConfig, type LoadedAspectConfig } from './loadAspectConfig.js';
export { testAccount } from './testAccount.js';
export { GasRecorder, type GasReport, type GasReportContract, type ContractGas, type FunctionGas } from './GasRecorder.js';
export { formatGasReport } from './formatGasReport.js';
export { CoverageCollector, isCoveredFile } from './CoverageCollector.js';
export type { CoverageOptions } from './CoverageRun.js';
export type { CoverageCount, CoverageReport, CoverageTotals, FileCoverage } from './CoverageReport.js';
export { checkCoverageThreshold, parseCoverageThreshold, type CoverageThreshold } from './coverageThreshold.js';
export { instrumentCoverage, type CoverageProbes, type InstrumentedModule } from './instrumentCoverage.js';
export {
  compareGasSnapshots,
  formatGasChanges,
  formatGasSnapshot,
  GAS_SNAPSHOT_FILE,
  gasSnapshotOf,
  parseGasSnapshot,
  type GasChange,
  type GasSnapshotEntry,
} from './gasSnapshot.js';
export {
  DEFAULT_CALLER,
  DEFAULT_CONTRACT,
  DEFAULT_CHAIN_ID,
  DEFAULT_GAS,
  DEFAULT_OPERATION_ID,
  DEFAULT_SLOT,
  DEFAULT_TIMESTAMP,
  ACCOUNT_BALANCE,
  CONTRACT_BALANCE,
  FUNDED_ACCOUNTS,
  GAS_REPORT_MAX_GAS,
} from './defaults.js';
export { VM_MOCK_CALLER, VM_MOCK_CONTRACT, VM_MOCK_HELPERS } from './vmMock.js';
export { TESTING_ERRORS, testingErrors, TestingError, isTestingError, type TestingErrorCode } from './errors.js';
export {
  devnetFixture,
  type DevnetFixture,
  type DevnetFixtureOptions,
  type DeployOptions,
  type DeployedContract,
  type CallOptions,
  type CallResult,
  type ContractRef,
  type FixtureArgs,
} from './devnetFixture.js';
