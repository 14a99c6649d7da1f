import type { CompiledModule } from './compileModule.js';
import type { ExecutionContext } from './ExecutionContext.js';
import type { FailureDetail } from './failures.js';
import { errorModuleFrames } from './wasmFrames.js';

/**
 * Records where `error` happened in `compiled`'s code, unless a module it called already did (the
 * innermost module wins). Runs only on failures: the stack V8 captured with the error is read
 * once, and its offsets (in the metered module) are mapped back to the original bytecode.
 */
export function locateInModule(error: unknown, failure: FailureDetail, compiled: CompiledModule, ctx: ExecutionContext): void {
  if (failure.location !== undefined) return;
  const frames = [];
  for (const frame of errorModuleFrames(error)) {
    const offset = compiled.offsets.toOriginal(frame.offset);
    if (offset === undefined) continue;
    const functionIndex = compiled.offsets.functionIndex(offset);
    frames.push(functionIndex === undefined ? { offset } : { functionIndex, offset });
  }
  if (frames.length === 0) return;
  const address = ctx.stack.at(-1)?.address;
  failure.location = { module: { bytecodeHash: compiled.bytecodeHash, ...(address !== undefined && { address }) }, frames };
}
