import { detail, HostError } from '../failures.js';
import type { ExecutionContext } from '../ExecutionContext.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { abi, type HostFunctions } from './hostFunction.js';

/** Routers whose callees may emit large and unlimited events (the node's `bypass_event_limitation`). */
const EVENT_LIMIT_BYPASS_ROUTERS = new Set(['AS12UMSUxgpRBB6ArZDJ19arHoxNkkpdfofQGekAiAJqsuE6PEFJy', 'AS1XqtvX3rz2RWbnqLfaYVKEjM3VS5pny9yKDdXcmJ5C1vrcLEFd']);
const BYPASS_MAX_EVENT_SIZE = 50_000;

/** The node's `generate_event`: size and count limits, then emission with the current context. */
export function generateEvent(ctx: ExecutionContext, data: string): void {
  const stack = ctx.callStack;
  const bypass = stack.length > 1 && EVENT_LIMIT_BYPASS_ROUTERS.has(stack[stack.length - 2]!);
  const maxSize = bypass ? BYPASS_MAX_EVENT_SIZE : ctx.host.limits.maxEventSize;
  const size = Buffer.byteLength(data, 'utf8');
  if (size > maxSize) {
    throw new HostError(
      'error',
      'Event data size is too large',
      detail('MASON_VM_HOST', { reason: `event of ${size} bytes is above the ${maxSize}-byte limit` }),
    );
  }
  const event = ctx.createEvent(data, false);
  if (!bypass) ctx.userEventCount++;
  if (ctx.userEventCount > ctx.host.limits.maxEventsPerOperation) {
    throw new HostError(
      'error',
      'Too many event for this operation',
      detail('MASON_VM_HOST', { reason: `more than ${ctx.host.limits.maxEventsPerOperation} events in one operation` }),
    );
  }
  ctx.emitEvent(event);
  ctx.tracer?.effect({ type: 'event', data });
}

export function eventFunctions(env: InstanceEnv): HostFunctions {
  return {
    assembly_script_generate_event: abi(env, 'assembly_script_generate_event', (message: number) => {
      generateEvent(env.ctx, env.readString(message));
    }),
    assembly_script_print: abi(env, 'assembly_script_print', (message: number) => {
      const text = env.readString(message);
      env.ctx.host.onPrint?.(text, env.ctx.callStack);
    }),
  };
}
