export {
  Vm,
  type VmOptions,
  type RunOptions,
  type ExecuteScRequest,
  type CallScRequest,
  type ReadOnlyCallRequest,
  type ReadOnlyBytecodeRequest,
  type AsyncMessageRequest,
  type DeferredCallsRequest,
} from './Vm.js';
export { ExecutionTracer } from './trace/ExecutionTracer.js';
export {
  TRACE_VERSION,
  type ExecutionTrace,
  type TraceBytes,
  type TraceEffect,
  type TraceFailure,
  type TraceFrame,
  type TraceFrameKind,
  type TraceHostCall,
  type TraceKind,
  type TraceSlot,
  type TraceWasmFrame,
} from './trace/ExecutionTrace.js';
export { traceBytes, TRACE_BYTES_SHOWN } from './trace/traceBytes.js';
export type { ExecutionResult, ReadOnlyResult, VmExecutionError, FailureModule, FailureWasmFrame } from './ExecutionResult.js';
// Stack traces read as V8 call sites (also used by @mason/testing for spec modules).
export { currentWasmFrames, errorWasmFrames, type WasmFrame } from './execution/wasmFrames.js';
export {
  type DeferredCall,
  type DeferredCallWrite,
  type DeferredCallReader,
  type DeferredCallState,
  isDeferredCallReader,
  isDeferredCallState,
} from './deferredCalls/DeferredCall.js';
export { DEFERRED_CALLS } from './deferredCalls/deferredCallConfig.js';
export { computeDeferredCallFee, deferredCallStorageCost, nextBaseFee, slotsBetween, type DeferredCallQuoteRequest } from './deferredCalls/deferredCallFee.js';
export { deferredCallId, parseDeferredCallId, deferredCallIdSlot, slotOfDeferredCallId, DeferredCallIdError } from './deferredCalls/deferredCallId.js';
export { MemoryDeferredCalls } from './deferredCalls/MemoryDeferredCalls.js';
export { SpeculativeDeferredCalls } from './deferredCalls/SpeculativeDeferredCalls.js';
export type { DeferredSlotOutcome, DeferredCallExecution } from './deferredCalls/executeDeferredCalls.js';
export type { SCOutputEvent, EventExecutionContext } from '@mason/codec';
export type { AsyncMessage } from './asyncMessages.js';
export {
  asyncMessageId,
  compareAsyncMessageIds,
  formatAsyncMessageId,
  asyncMessageIdJson,
  type AsyncMessageId,
  type AsyncMessageIdJson,
} from './asyncMessageId.js';
export { SlotContext, type SlotContextInit } from './SlotContext.js';
export { HostedInstance, type HostedInstanceOptions, type HostedFrame, type HostedCheckpoint, type HostedFailure } from './HostedInstance.js';
export type { HostImports } from './execution/hostFunctions/createImports.js';
export { formatMassaExecutionError, formatReadOnlyError, truncateUtf8, type MassaExecutionErrorOptions } from './formatMassaExecutionError.js';
export { VM_ERRORS, vmErrors, VmError, isVmError, formatVmMessage, type VmErrorCode } from './errors.js';
export { NODE_LIMITS, type VmLimits } from './VmLimits.js';
export { createGasCosts, roundGasCost, type GasCosts } from './gas/GasCosts.js';
export { NODE_ABI_GAS_COSTS } from './gas/nodeAbiGasCosts.js';
export { ModuleCache, type ModuleInstrumentation } from './execution/ModuleCache.js';
export { compileModule, type CompiledModule, type LoadedModule, type ModuleTransform } from './execution/compileModule.js';
export { LedgerSourceError } from './state/LedgerSourceError.js';
export { MemoryLedger, type LedgerSource, type MemoryLedgerEntryInit, type MemoryLedgerOptions } from './state/MemoryLedger.js';
export { LedgerJournal } from './state/LedgerJournal.js';
export type { LedgerWrite } from './state/LedgerWrite.js';
export { SpeculativeLedger } from './state/SpeculativeLedger.js';
export { planTransfer, TransferRefused, type TransferPlan } from './state/transferRule.js';
export type { LedgerReader, LedgerState, LedgerChanges, LedgerEntryChange, DatastoreChanges } from './state/LedgerState.js';
export { toKey, fromKey, compareBytes } from './state/bytesKey.js';
export { NODE_CONDOM_LIMITS, MAX_MEMORY_PAGES, type CondomLimits } from '@mason/wasm';
export { parseModule, type ParsedModule } from '@mason/wasm';
export { MeteredOffsets } from './wasm/MeteredOffsets.js';
export { DEFAULT_VM_EXPORT_NAMES, meterModule, meterModuleWithOffsets, vmExportNames, type MeterOptions, type VmExportNames } from './wasm/meterModule.js';
export { checkCondomLimits, type CondomViolation } from '@mason/wasm';
