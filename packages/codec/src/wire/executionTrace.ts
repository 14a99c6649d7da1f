/**
 * The call tree of one execution, as plain JSON data (no bigint, no Map): amounts are MAS decimal
 * strings as the node prints them, gas is a number (gas limits stay far below 2^53), bytes are hex
 * plus their text when printable. `version` changes when a field changes meaning.
 */
export const TRACE_VERSION = 1;

/** Bytes as a trace shows them: hex (of the first bytes, for a long value), and text when printable UTF-8. */
export interface TraceBytes {
  /** Length of the whole value in bytes. */
  length: number;
  hex: string;
  text?: string;
  /** Set when the value was longer than what the trace keeps. */
  truncated?: true;
}

/** A slot, as the node writes it. */
export interface TraceSlot {
  period: number;
  thread: number;
}

/** Something a host call (or the execution around the frames) did to the chain. */
export type TraceEffect =
  | { type: 'storageRead'; address: string; key: TraceBytes; value: TraceBytes | null }
  | { type: 'storageWrite'; address: string; key: TraceBytes; value: TraceBytes }
  | { type: 'storageDelete'; address: string; key: TraceBytes }
  /** `from` null: coins minted (credited by the execution); `to` null: coins burnt (fees, message coins held by the pool). */
  | { type: 'transfer'; from: string | null; to: string | null; amount: string }
  | { type: 'event'; data: string }
  | { type: 'createSC'; address: string }
  | {
      type: 'asyncMessage';
      /** The message id in the node's text form (`ASC…`). */
      id: string;
      destination: string;
      function: string;
      coins: string;
      fee: string;
      maxGas: number;
      validityStart: TraceSlot;
      validityEnd: TraceSlot;
    };

/** One call of a `massa` ABI by a frame's code. */
export interface TraceHostCall {
  /** The ABI without its `assembly_script_` prefix, e.g. `set_data`, `call`. */
  name: string;
  /** Gas charged, the nested frame included for `call`, `local_call` and `local_execution`. */
  gas: number;
  effects?: TraceEffect[];
  /** The frame a `call`, `local_call` or `local_execution` ran. */
  frame?: TraceFrame;
}

/** A wasm frame of a failure: an offset in the original (un-metered) module. */
export interface TraceWasmFrame {
  functionIndex?: number;
  offset: number;
}

export interface TraceFailure {
  message: string;
  /** The stable error code (`MASON_VM_…`), when the VM gave one. */
  code?: string;
  wasmFrames?: TraceWasmFrame[];
  /** Where in the contract's source the failure happened, when a source map resolves it. */
  location?: { file: string; line: number; column: number };
}

export type TraceFrameKind = 'root' | 'call' | 'localCall' | 'localExecution';

/** One function run: the operation's own, or one a `call` / `local_call` / `local_execution` started. */
export interface TraceFrame {
  kind: TraceFrameKind;
  /** The address whose code runs (for a `local_call`, the code's owner; the context stays the caller's). */
  address: string;
  function: string;
  /** The frame below on the call stack (null for an ExecuteSC's own frame). */
  caller: string | null;
  /** Coins sent with the call, MAS. */
  coins: string;
  /** Gas used by this frame and every frame it called. */
  gasUsed: number;
  hostCalls: TraceHostCall[];
  /** The argument bytes the function got, when not empty (an ABI decodes them). */
  args?: TraceBytes;
  /** The bytes the function returned, when it returned some. */
  returned?: TraceBytes;
  /** Set on the innermost frame of a failure. */
  failure?: TraceFailure;
}

export type TraceKind = 'ExecuteSC' | 'CallSC' | 'ReadOnlyCall' | 'ReadOnlyBytecode' | 'AsyncMessage' | 'Transaction' | 'RollBuy' | 'RollSell';

export interface ExecutionTrace {
  version: typeof TRACE_VERSION;
  kind: TraceKind;
  ok: boolean;
  gasLimit: number;
  /** Total gas used by the execution. */
  gasUsed: number;
  /** The operation id, for an operation. */
  operationId?: string;
  /** The message id (`ASC…`), for an asynchronous message. */
  asyncMessageId?: string;
  /** The operation's creator, or the message's sender. */
  sender?: string;
  /** The operation's fee (MAS). */
  fee?: string;
  slot?: TraceSlot;
  /** Effects outside any frame: coins moved before the call, a failed message's refund, a transaction's transfer. */
  effects: TraceEffect[];
  /** The frame tree; null for an operation that runs no code (transaction, rolls) or that failed before its code ran. */
  root: TraceFrame | null;
  /** Rolls bought or sold (RollBuy, RollSell). */
  rolls?: number;
  failure?: TraceFailure;
}
