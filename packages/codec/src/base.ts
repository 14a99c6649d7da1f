// The codec's parts that load no cryptography: errors, byte helpers, the node's constants, and the
// formats of a build (manifest, deployer datastore). An entry of its own (`@mason/codec/base`) so that a process
// that only reads a build, like a no-change `mason build`, does not load Node's crypto module and
// the key and hash code (~10 ms of its ~100). Everything here is also exported by `@mason/codec`, as the same objects.
export { CodecError, codecErrors, isCodecError, type CodecErrorCode } from './errors.js';
export {
  defineErrors,
  type CodedError,
  type CodedErrorClass,
  type CodedErrorGuard,
  type DefineErrorsOptions,
  type ErrorArgs,
  type ErrorCode,
  type ErrorContext,
  type ErrorTable,
  type ErrorTemplate,
} from './defineErrors.js';
export {
  MasonError,
  isMasonError,
  formatTemplate,
  docsUrl,
  DOCS_BASE_URL,
  type MasonErrorInit,
  type ContextArgs,
  type TemplateContext,
  type TemplateKeys,
} from './MasonError.js';
export { byteList, concatBytes, bytesEqual, compareBytes, toHex, fromHex } from './bytes.js';
export { eventText, printableText, rawEventBytes, argsStringArray } from './eventText.js';
export { NODE_CONSTANTS, NODE_CONDOM_LIMITS, MIN_GAS_CALL, MAX_GAS_CALL, MAX_GAS_EXECUTE } from './nodeConstants.js';
export { deployerDatastore, type DeployerContract } from './deployerDatastore.js';
export { parseManifest, type Manifest, type ManifestContract, type ManifestFile } from './manifest.js';
export {
  ABI_FORMAT,
  ABI_SCALAR_TYPES,
  parseAbi,
  type Abi,
  type AbiEvent,
  type AbiFunction,
  type AbiReturns,
  type AbiScalarType,
  type AbiStruct,
  type AbiType,
  type AbiValue,
} from './abi.js';
export { encodeAbiArgs, decodeAbiReturns, readAbiValue, writeAbiValue, type AbiJsValue } from './abiValues.js';
export { decodeAbiArgs } from './decodeAbiArgs.js';
export { decodeAbiCall, type AbiCallValues } from './decodeAbiCall.js';
export { abiParamsText, abiSignature } from './abiSignature.js';
