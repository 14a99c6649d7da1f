import type { VmErrorCode } from '../errors.js';
import type { FailureModule, FailureWasmFrame } from '../ExecutionResult.js';

/** Where an execution failed, kept from the innermost failure while the error text gets layered. */
export interface FailureDetail {
  code: VmErrorCode;
  context: Record<string, unknown>;
  /** Set for AS `abort`. */
  abort?: { message: string; file: string; line: number; column: number };
  /** Set by the innermost module that saw the failure (see locateInModule). */
  location?: { module: FailureModule; frames: FailureWasmFrame[] };
}

export function detail(code: VmErrorCode, context: Record<string, unknown> = {}): FailureDetail {
  return { code, context };
}

/**
 * A host function failed: the runtime's `ABIError`. Its text is layered like the node's Display:
 * `Runtime error: …` (generic), `VM error: …` (a nested execution failed), or bare (depth).
 */
export class HostError extends Error {
  constructor(
    readonly variant: 'error' | 'vm' | 'depth',
    readonly text: string,
    readonly detail: FailureDetail,
  ) {
    super(text);
    this.name = 'HostError';
  }

  get display(): string {
    if (this.variant === 'error') return `Runtime error: ${this.text}`;
    if (this.variant === 'vm') return `VM error: ${this.text}`;
    return this.text;
  }
}

/** A generic host failure with its node text. */
export function hostFailure(text: string, code: VmErrorCode = 'MASON_VM_HOST', context?: Record<string, unknown>): HostError {
  return new HostError('error', text, detail(code, context ?? { reason: text }));
}

/** The runtime's `VMError`: `VM instance error: …`, `VM execution error: …` or `Depth error: …`. */
export class RuntimeVmError extends Error {
  constructor(
    readonly variant: 'instance' | 'execution' | 'depth',
    readonly text: string,
    readonly detail: FailureDetail,
    /** Gas left in the failing instance when it stopped (0 when exhausted). */
    readonly remainingGas: bigint,
  ) {
    super(text);
    this.name = 'RuntimeVmError';
  }

  get display(): string {
    if (this.variant === 'instance') return `VM instance error: ${this.text}`;
    if (this.variant === 'execution') return `VM execution error: ${this.text}`;
    return `Depth error: ${this.text}`;
  }

  /** How the failure looks from a calling contract (`From<VMError> for ABIError`). */
  toHostError(): HostError {
    return new HostError(this.variant === 'depth' ? 'depth' : 'vm', this.text, this.detail);
  }
}

/** A failure of an operation or read-only request: the node's `ExecutionError`. */
export class ExecutionFailure extends Error {
  constructor(
    /** The node's Display of the ExecutionError, e.g. `VM Error in CallSC context: …`. */
    readonly nodeMessage: string,
    readonly detail: FailureDetail,
    readonly remainingGas?: bigint,
  ) {
    super(nodeMessage);
    this.name = 'ExecutionFailure';
  }
}

/** `ExecutionError::RuntimeError` raised by the execution context (ledger, rights, coins). */
export class ContextError extends Error {
  constructor(
    readonly text: string,
    readonly code: VmErrorCode = 'MASON_VM_HOST',
    readonly context: Record<string, unknown> = {},
  ) {
    super(text);
    this.name = 'ContextError';
  }

  get display(): string {
    return `Runtime error: ${this.text}`;
  }
}

/** A datastore key as a person reads it: `"text"` when it is printable UTF-8, else `0x…`. */
export function keyText(key: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(key);
    if (!/[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u.test(text)) return JSON.stringify(text);
  } catch {
    // not UTF-8: shown in hex
  }
  return `0x${Buffer.from(key).toString('hex')}`;
}

/** Rust's `{:?}` of a byte vector: `[1, 2, 3]`. */
export function debugBytes(bytes: Uint8Array): string {
  return `[${Array.from(bytes).join(', ')}]`;
}
