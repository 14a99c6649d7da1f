import type { ExecutionTrace, TraceBytes, TraceEffect, TraceFailure, TraceFrame, TraceHostCall } from '@mason/codec';
import { argumentsText, returnedText } from './decodeCall.js';
import type { DecodedFrame } from './decodeTrace.js';
import { color } from './output.js';

const INDENT = '  ';
const gas = (value: number) => value.toLocaleString('en-US');

function bytes(value: TraceBytes): string {
  const shown = value.text !== undefined ? JSON.stringify(value.text) : `0x${value.hex}`;
  return value.truncated ? `${shown}… (${value.length} bytes)` : shown;
}

/** How a trace shows an address: its deployment name when known, else the address. */
function namer(names: ReadonlyMap<string, string>): (address: string | null) => string {
  return (address) => {
    if (address === null) return '∅';
    const name = names.get(address);
    return name ?? address;
  };
}

function effectText(effect: TraceEffect, name: (address: string | null) => string): string {
  switch (effect.type) {
    case 'storageRead':
      return `${color.cyan('read')} ${name(effect.address)} [${bytes(effect.key)}] → ${effect.value === null ? color.yellow('missing') : bytes(effect.value)}`;
    case 'storageWrite':
      return `${color.magenta('write')} ${name(effect.address)} [${bytes(effect.key)}] = ${bytes(effect.value)}`;
    case 'storageDelete':
      return `${color.magenta('delete')} ${name(effect.address)} [${bytes(effect.key)}]`;
    case 'transfer':
      if (effect.to === null) return `${color.yellow('burn')} ${effect.amount} MAS from ${name(effect.from)}`;
      if (effect.from === null) return `${color.yellow('credit')} ${effect.amount} MAS to ${name(effect.to)}`;
      return `${color.yellow('transfer')} ${effect.amount} MAS ${name(effect.from)} → ${name(effect.to)}`;
    case 'event':
      return `${color.green('event')} ${JSON.stringify(effect.data)}`;
    case 'createSC':
      return `${color.green('created')} ${name(effect.address)}`;
    case 'asyncMessage':
      return (
        `${color.green('message')} ${effect.id} → ${name(effect.destination)}.${effect.function}` +
        ` coins ${effect.coins} MAS, fee ${effect.fee} MAS, max gas ${gas(effect.maxGas)},` +
        ` valid ${effect.validityStart.period}.${effect.validityStart.thread}–${effect.validityEnd.period}.${effect.validityEnd.thread}`
      );
  }
}

function failureLines(failure: TraceFailure, depth: number): string[] {
  const at = failure.location ? color.dim(` at ${failure.location.file}:${failure.location.line}:${failure.location.column}`) : '';
  return [`${INDENT.repeat(depth)}${color.red(`✗ ${failure.message}`)}${at}`];
}

function frameLines(frame: TraceFrame, depth: number, name: (address: string | null) => string): string[] {
  const pad = INDENT.repeat(depth);
  const kind = frame.kind === 'root' || frame.kind === 'call' ? '' : color.dim(` (${frame.kind})`);
  // Decoded by the contract's ABI when it is known (decodeTrace.ts).
  const decoded = (frame as DecodedFrame).decoded;
  // A function without arguments keeps its plain name.
  const values = decoded?.args && decoded.args.length > 0 ? argumentsText(decoded.args) : '';
  const head =
    `${pad}${color.bold(`${name(frame.address)}.${frame.function}`)}${values}${kind}` +
    color.dim(`  from ${name(frame.caller)}  coins ${frame.coins} MAS  gas ${gas(frame.gasUsed)}`);
  const lines = [head];
  for (const call of frame.hostCalls) lines.push(...hostCallLines(call, depth + 1, name));
  if (decoded?.returned) lines.push(`${pad}${INDENT}${color.cyan('returned')} ${returnedText(decoded.returned)}`);
  if (frame.failure) lines.push(...failureLines(frame.failure, depth + 1));
  return lines;
}

function hostCallLines(call: TraceHostCall, depth: number, name: (address: string | null) => string): string[] {
  const pad = INDENT.repeat(depth);
  const effects = call.effects ?? [];
  const label = `${pad}${call.name} ${color.dim(`${gas(call.gas)} gas`)}`;
  // One effect fits on the call's line; several go below it.
  const lines = effects.length === 1 ? [`${label}  ${effectText(effects[0]!, name)}`] : [label];
  if (effects.length > 1) for (const effect of effects) lines.push(`${pad}${INDENT}${effectText(effect, name)}`);
  if (call.frame) lines.push(...frameLines(call.frame, depth + 1, name));
  return lines;
}

/**
 * A trace as a person reads it: a header line (kind, id, outcome, gas), the effects around the
 * frames, then the frame tree indented, each host call with its gas and what it did, the failure
 * in red on the frame where it happened. Colors follow the terminal (none when piped).
 */
export function formatTrace(trace: ExecutionTrace, names: ReadonlyMap<string, string> = new Map()): string[] {
  const name = namer(names);
  const id = trace.operationId ?? trace.asyncMessageId;
  const outcome = trace.ok ? color.green('ok') : color.red('failed');
  const slot = trace.slot ? `, slot ${trace.slot.period}.${trace.slot.thread}` : '';
  const gasText = trace.gasLimit > 0 ? `, gas ${gas(trace.gasUsed)} of ${gas(trace.gasLimit)}` : '';
  const lines = [`${color.bold(trace.kind)}${id ? ` ${id}` : ''} ${outcome}${color.dim(`${gasText}${slot}`)}`];
  if (trace.sender !== undefined) lines.push(`${INDENT}${color.dim(`sender ${name(trace.sender)}${trace.fee !== undefined ? `, fee ${trace.fee} MAS` : ''}`)}`);
  if (trace.rolls !== undefined) lines.push(`${INDENT}${trace.kind === 'RollBuy' ? 'buys' : 'sells'} ${trace.rolls} roll${trace.rolls === 1 ? '' : 's'}`);
  for (const effect of trace.effects) lines.push(`${INDENT}${effectText(effect, name)}`);
  if (trace.root) lines.push(...frameLines(trace.root, 1, name));
  // A failure outside any frame (before the code ran, or after it), or one the frames do not hold.
  if (trace.failure && !hasFrameFailure(trace.root)) lines.push(...failureLines(trace.failure, 1));
  return lines;
}

function hasFrameFailure(frame: TraceFrame | null): boolean {
  if (frame === null) return false;
  if (frame.failure) return true;
  return frame.hostCalls.some((call) => call.frame !== undefined && hasFrameFailure(call.frame));
}
