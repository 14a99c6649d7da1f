export { build, DEFAULT_JOBS, MAX_JOBS, type BuildOptions, type BuildResult, type BuildProgress, type ContractBuild } from './build.js';
export { bundleDeployer } from './bundleDeployer.js';
export { embeddedContract } from './embeddedContract.js';
// The deployer's datastore layout is pure data, in @mason/codec; re-exported for the compiler's users.
export { deployerDatastore, type DeployerContract } from '@mason/codec/base';
export { loadDeployerTemplate, type DeployerTemplate } from './loadDeployerTemplate.js';
export { checkMassaModule } from './checkMassaModule.js';
export { readManifest } from './readManifest.js';
// The manifest format is the codec's (pure data, read by the deployer without a compiler); re-exported here.
export type { Manifest, ManifestContract, ManifestFile } from '@mason/codec/base';
export type { Diagnostic } from './Diagnostic.js';
export { formatDiagnostic } from './formatDiagnostic.js';
export {
  CompilerError,
  compilerErrors,
  compilerWarnings,
  isCompilerError,
  type CompilerErrorCode,
  type CompilerWarning,
  type CompilerWarningCode,
} from './errors.js';
export { NODE_LIMITS } from './nodeLimits.js';
// For @mason/testing's spec compiles: one cache of parsed files per thread, shared with builds.
export { clearParsedSources, freshSourcesTransform, withParsedSources, type AssemblyScriptModule } from './parsedSources.js';
// For @mason/testing, which loads asc with as-pect's transform.
export { keepProcessHandlers } from './keepProcessHandlers.js';
export { withDataUrlWasm } from './withDataUrlWasm.js';
// asc source maps of wasm modules, read by @mason/testing and by failure locations.
export { WasmSourceMap, formatPosition, isLibraryFile, type SourcePosition } from '@mason/wasm';
export { FailureLocator, failureFramesFromJson, type FailureFrames, type FailureLocation } from './FailureLocator.js';
export { codeFrame } from './codeFrame.js';
// Bindings of built contracts (mason codegen): TypeScript/JavaScript over @mason/client or massa-web3, AssemblyScript callers.
export {
  codegen,
  CODEGEN_CHOICES,
  isCodegenChoice,
  projectAsSdk,
  type CodegenChoice,
  type CodegenFile,
  type CodegenOptions,
  type CodegenResult,
} from './codegen/codegen.js';
export { generateTsBindings, CODEGEN_HEADER, type TsBindingsOptions, type TsBindingsTarget } from './codegen/generateTsBindings.js';
export { generateAsBindings, type AsBindingsOptions, type AsSdk } from './codegen/generateAsBindings.js';
