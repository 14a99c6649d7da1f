// The trace's JSON shapes are wire data (the devnet answers them, the client reads them): they live in the codec.
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
} from '@mason/codec';
