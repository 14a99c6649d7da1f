import type { ExecutionTrace, TraceBytes, TraceEffect, TraceFailure, TraceFrame, TraceHostCall } from '@mason/codec';
import { h, type Child } from '../dom.js';
import { clip, formatGas, slotLabel } from '../format.js';
import { RpcError, type JsonRpcHttp } from '../rpc.js';
import { addressLink } from './links.js';

const METHOD_NOT_FOUND = -32601;

/**
 * The operation's trace from the devnet (`mason_get_operation_trace`); null when it keeps none or is
 * not a Mason devnet. A failure gets its location when the contract aborted in its own code (the
 * abort says where: `mason_get_operation_failure`); a trap's line needs the project's source maps.
 */
export async function loadTrace(api: JsonRpcHttp, id: string): Promise<ExecutionTrace | null> {
  let trace: ExecutionTrace | null | undefined;
  try {
    [trace] = await api.call<(ExecutionTrace | null)[]>('mason_get_operation_trace', [[id]]);
  } catch (problem) {
    if (problem instanceof RpcError && problem.code === METHOD_NOT_FOUND) return null;
    throw problem;
  }
  if (!trace) return null;
  if (trace.failure && !trace.failure.location) {
    const [frames] = await api.call<(FailureFramesJson | null)[]>('mason_get_operation_failure', [[id]]);
    const abort = frames?.abort;
    if (abort && abort.line > 0 && !isLibraryFile(abort.file)) {
      const location = { file: abort.file, line: abort.line, column: abort.column };
      trace.failure.location = location;
      const failed = trace.root && failedFrame(trace.root);
      if (failed?.failure) failed.failure.location = location;
    }
  }
  return trace;
}

/** What `mason_get_operation_failure` says of a failure, the part the page reads. */
interface FailureFramesJson {
  abort: { file: string; line: number; column: number } | null;
}

/** asc's standard library and installed packages: not the project's code. */
const isLibraryFile = (file: string): boolean => file.startsWith('~lib/') || /(^|\/)node_modules\//.test(file);

/** The innermost frame that failed: the one the trace's failure belongs to. */
function failedFrame(item: TraceFrame): TraceFrame | undefined {
  for (const call of item.hostCalls) {
    const inner = call.frame && failedFrame(call.frame);
    if (inner) return inner;
  }
  return item.failure ? item : undefined;
}

function bytes(value: TraceBytes): HTMLElement {
  const text = value.text !== undefined ? JSON.stringify(value.text) : `0x${value.hex}`;
  return h('code', { class: value.text !== undefined ? 'text' : 'hex' }, clip(text, 200), value.truncated ? ` (${value.length} bytes)` : '');
}

const address = (value: string | null): Child => (value === null ? '∅' : addressLink(value));

function effect(item: TraceEffect): HTMLElement {
  const line = (...children: Child[]) => h('li', { class: `effect ${item.type}`, 'data-effect': item.type }, ...children);
  switch (item.type) {
    case 'storageRead':
      return line(
        'read ',
        address(item.address),
        ' [',
        bytes(item.key),
        '] → ',
        item.value === null ? h('span', { class: 'muted' }, 'missing') : bytes(item.value),
      );
    case 'storageWrite':
      return line('write ', address(item.address), ' [', bytes(item.key), '] = ', bytes(item.value));
    case 'storageDelete':
      return line('delete ', address(item.address), ' [', bytes(item.key), ']');
    case 'transfer':
      if (item.to === null) return line(`burn ${item.amount} MAS from `, address(item.from));
      if (item.from === null) return line(`credit ${item.amount} MAS to `, address(item.to));
      return line(`transfer ${item.amount} MAS `, address(item.from), ' → ', address(item.to));
    case 'event':
      return line('event ', h('span', { class: 'event-data' }, clip(item.data, 2000)));
    case 'createSC':
      return line('created ', address(item.address));
    case 'asyncMessage':
      return line(
        `message ${item.id} → `,
        address(item.destination),
        `.${item.function} · coins ${item.coins} MAS · fee ${item.fee} MAS · max gas ${formatGas(item.maxGas)}`,
      );
  }
}

const effects = (list: readonly TraceEffect[] | undefined): Child => (list && list.length > 0 ? h('ul', { class: 'trace-effects' }, list.map(effect)) : null);

function failure(item: TraceFailure): HTMLElement {
  const where = item.location
    ? h('span', { 'data-failure-location': '' }, ` at ${item.location.file}:${item.location.line}:${item.location.column}`)
    : h('span', { class: 'muted' }, ' (its source line: mason trace <id> in the project)');
  return h('p', { class: 'trace-failure', 'data-failure': '' }, `✗ ${item.message}`, where);
}

function hostCall(call: TraceHostCall): HTMLElement {
  return h('li', { class: 'host-call', 'data-host-call': call.name }, h('code', null, call.name), ` · ${formatGas(call.gas)} gas`, effects(call.effects));
}

/**
 * A frame: its head, then its host calls in order. Runs of calls that start no frame fold into one
 * collapsible list (storage reads and writes, events); a call that runs a frame shows it nested.
 */
function frame(item: TraceFrame): HTMLElement {
  const body: Child[] = [];
  let run: TraceHostCall[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const label = run.length === 1 ? '1 host call' : `${run.length} host calls`;
    body.push(
      h(
        'details',
        { class: 'host-calls' },
        h('summary', null, label, ` · ${formatGas(run.reduce((sum, call) => sum + call.gas, 0))} gas`),
        h('ul', null, run.map(hostCall)),
      ),
    );
    run = [];
  };
  for (const call of item.hostCalls) {
    if (call.frame === undefined) {
      run.push(call);
      continue;
    }
    flush();
    body.push(
      h(
        'div',
        { class: 'nested' },
        h('div', { class: 'muted' }, h('code', null, call.name), ` · ${formatGas(call.gas)} gas`),
        effects(call.effects),
        frame(call.frame),
      ),
    );
  }
  flush();
  const kind = item.kind === 'root' || item.kind === 'call' ? null : h('span', { class: 'kind' }, item.kind);
  return h(
    'div',
    { class: `frame${item.failure ? ' failed' : ''}`, 'data-frame': item.function, 'data-address': item.address },
    h(
      'div',
      { class: 'frame-head' },
      addressLink(item.address),
      '.',
      h('code', null, item.function),
      kind && [' ', kind],
      h('span', { class: 'muted' }, ' from '),
      address(item.caller),
      h('span', { class: 'muted' }, ` · coins ${item.coins} MAS · gas `),
      h('span', { 'data-frame-gas': '' }, formatGas(item.gasUsed)),
    ),
    body,
    item.failure && failure(item.failure),
  );
}

function hasFrameFailure(item: TraceFrame | null): boolean {
  if (item === null) return false;
  return item.failure !== undefined || item.hostCalls.some((call) => call.frame !== undefined && hasFrameFailure(call.frame));
}

/** The operation's call tree, as `mason trace` prints it: frames, gas, host calls (folded), events and storage, the failure. */
export function traceSection(trace: ExecutionTrace | null): Child {
  if (trace === null) return null;
  const gas = trace.gasLimit > 0 ? ` · gas ${formatGas(trace.gasUsed)} of ${formatGas(trace.gasLimit)}` : '';
  return h(
    'section',
    { class: 'trace', 'data-trace': trace.ok ? 'ok' : 'failed' },
    h('h4', null, 'Trace'),
    h(
      'p',
      { class: 'trace-head' },
      `${trace.kind} `,
      h('span', { class: `exec ${trace.ok ? 'ok' : 'failed'}` }, trace.ok ? 'ok' : 'failed'),
      gas,
      trace.slot ? ` · slot ${slotLabel(trace.slot)}` : '',
    ),
    effects(trace.effects),
    trace.root && frame(trace.root),
    trace.failure && !hasFrameFailure(trace.root) && failure(trace.failure),
  );
}
