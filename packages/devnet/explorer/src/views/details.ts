import { h, mount, type Child } from '../dom.js';
import { clip, displayBytes, formatGas, operationType, slotLabel } from '../format.js';
import type { JsonRpcHttp } from '../rpc.js';
import type { AddressInfo, BlockInfo, DatastoreEntry, OperationInfo, ScEvent } from '../types.js';
import { eventItem } from './contracts.js';
import { decodedCallFields, loadDecodedCall, type DecodedCallView } from './decodedCall.js';
import { addressLink, idLink, type Route } from './links.js';
import type { ExecutionTrace } from '@mason/codec';
import { loadTrace, traceSection } from './trace.js';

const MAX_KEYS_SHOWN = 50;
const MAX_EVENTS_SHOWN = 50;

type Loaded =
  | { kind: 'block'; info: BlockInfo | undefined }
  | { kind: 'op'; info: OperationInfo | undefined; events: ScEvent[]; trace: ExecutionTrace | null; call: DecodedCallView | null }
  | { kind: 'address'; info: AddressInfo; keys: Array<{ key: number[]; entry: DatastoreEntry }>; events: ScEvent[] };

/** Reads what the details panel shows for a route, from the node's public methods. */
export async function loadDetails(api: JsonRpcHttp, route: NonNullable<Route>): Promise<Loaded> {
  if (route.kind === 'block') {
    const [info] = await api.call<BlockInfo[]>('get_blocks', [[route.id]]);
    return { kind: 'block', info };
  }
  if (route.kind === 'op') {
    const [info] = await api.call<OperationInfo[]>('get_operations', [[route.id]]);
    const [events, trace] = await Promise.all([
      info ? api.call<ScEvent[]>('get_filtered_sc_output_event', [{ original_operation_id: route.id }]) : [],
      info && info.op_exec_status !== null ? loadTrace(api, route.id) : null,
    ]);
    return { kind: 'op', info, events, trace, call: await loadDecodedCall(api, info, trace) };
  }
  const [info] = await api.call<AddressInfo[]>('get_addresses', [[route.id]]);
  const seen = new Set<string>();
  const keys = [...info!.candidate_datastore_keys, ...info!.final_datastore_keys].filter((key) => {
    const id = key.join(',');
    return seen.has(id) ? false : (seen.add(id), true);
  });
  const shown = keys.slice(0, MAX_KEYS_SHOWN);
  const entries = shown.length > 0 ? await api.call<DatastoreEntry[]>('get_datastore_entries', [shown.map((key) => ({ address: route.id, key }))]) : [];
  const events = route.id.startsWith('AS') ? await api.call<ScEvent[]>('get_filtered_sc_output_event', [{ emitter_address: route.id }]) : [];
  return { kind: 'address', info: info!, keys: shown.map((key, i) => ({ key, entry: entries[i]! })), events };
}

const field = (name: string, ...value: Child[]) => [h('dt', null, name), h('dd', null, ...value)];

function bytesCell(bytes: number[] | null): HTMLElement {
  if (bytes === null) return h('span', { class: 'muted' }, 'absent');
  const shown = displayBytes(bytes);
  return h('code', { class: shown.kind }, clip(shown.text, 200));
}

function eventsList(events: ScEvent[]): HTMLElement {
  if (events.length === 0) return h('p', { class: 'empty' }, 'no events');
  return h(
    'ul',
    { class: 'events', 'data-events': 'details' },
    events
      .slice(-MAX_EVENTS_SHOWN)
      .reverse()
      .map((e) => eventItem(e, 2000)),
  );
}

function blockDetails(route: NonNullable<Route>, info: BlockInfo | undefined): Child {
  if (!info?.content) return h('p', { class: 'empty' }, `The node does not know block ${route.id}.`);
  const { content } = info;
  const header = content.block.header;
  const status = content.is_final ? 'final' : content.is_discarded ? 'discarded' : 'candidate';
  return [
    h('h3', null, 'Block ', h('span', { class: 'id' }, info.id)),
    h(
      'dl',
      null,
      field(
        'status',
        h('span', { class: `badge ${status}`, 'data-detail-status': status }, status),
        content.is_in_blockclique ? ' in the blockclique' : ' outside the blockclique',
      ),
      field('slot', slotLabel(header.content.slot)),
      field('creator', addressLink(header.content_creator_address, true)),
      field('endorsements', String(header.content.endorsements.length)),
      field(
        'operations',
        content.block.operations.length === 0
          ? 'none'
          : h(
              'ul',
              { class: 'ids' },
              content.block.operations.map((id) => h('li', null, idLink('op', id, true))),
            ),
      ),
      field(
        'parents',
        h(
          'ol',
          { class: 'ids parents', start: 0 },
          header.content.parents.map((id) => h('li', null, idLink('block', id))),
        ),
      ),
    ),
  ];
}

function operationDetails(
  route: NonNullable<Route>,
  info: OperationInfo | undefined,
  events: ScEvent[],
  trace: ExecutionTrace | null,
  call: DecodedCallView | null,
): Child {
  if (!info) return h('p', { class: 'empty' }, `The node does not know operation ${route.id} (never sent, or dropped from its pool).`);
  const { op } = info.operation.content;
  const status = info.is_operation_final ? 'final' : info.in_blocks.length > 0 ? 'candidate' : 'pool';
  const body: Child[] = [];
  if ('Transaction' in op) body.push(field('recipient', addressLink(op.Transaction.recipient_address, true)), field('amount', `${op.Transaction.amount} MAS`));
  if ('CallSC' in op) {
    body.push(
      field('target', addressLink(op.CallSC.target_addr, true)),
      field('function', h('code', null, op.CallSC.target_func)),
      field('parameter', bytesCell(op.CallSC.param)),
      ...decodedCallFields(call, field),
      field('coins', `${op.CallSC.coins} MAS`),
      field('max gas', formatGas(op.CallSC.max_gas)),
    );
  }
  if ('ExecuteSC' in op) {
    body.push(
      field('bytecode', `${op.ExecuteSC.data.length} bytes`),
      field('datastore', `${op.ExecuteSC.datastore.length} entries`),
      field('max coins', `${op.ExecuteSC.max_coins} MAS`),
      field('max gas', formatGas(op.ExecuteSC.max_gas)),
    );
  }
  // Mason's devnet says what an executed contract operation used (a node does not).
  if (info.gas_used !== undefined) body.push(field('gas used', h('span', { 'data-field': 'gas_used' }, formatGas(info.gas_used))));
  if ('RollBuy' in op) body.push(field('rolls', String(op.RollBuy.roll_count)));
  if ('RollSell' in op) body.push(field('rolls', String(op.RollSell.roll_count)));
  return [
    h('h3', null, `${operationType(op)} `, h('span', { class: 'id' }, info.id)),
    h(
      'dl',
      null,
      field(
        'status',
        h('span', { class: `badge ${status}`, 'data-detail-status': status }, status),
        info.op_exec_status === null ? '' : info.op_exec_status ? ' · executed successfully' : ' · execution failed',
      ),
      field('sender', addressLink(info.operation.content_creator_address, true)),
      field('fee', `${info.operation.content.fee} MAS`),
      field('expire period', String(info.operation.content.expire_period)),
      field('thread', String(info.thread)),
      field('in blocks', info.in_blocks.length === 0 ? 'none yet' : info.in_blocks.map((id) => idLink('block', id))),
      body,
    ),
    h('h4', null, `Events (${events.length})`),
    eventsList(events),
    traceSection(trace),
  ];
}

function addressDetails(info: AddressInfo, keys: Array<{ key: number[]; entry: DatastoreEntry }>, events: ScEvent[]): Child {
  const total = new Set([...info.candidate_datastore_keys, ...info.final_datastore_keys].map((k) => k.join(','))).size;
  return [
    h('h3', null, info.address.startsWith('AS') ? 'Contract ' : 'Address ', h('span', { class: 'id' }, info.address)),
    h(
      'dl',
      null,
      field(
        'balance',
        h('span', { 'data-field': 'candidate_balance' }, `${info.candidate_balance} MAS`),
        ' candidate · ',
        h('span', { 'data-field': 'final_balance' }, `${info.final_balance} MAS`),
        ' final',
      ),
      field('rolls', `${info.candidate_roll_count} candidate · ${info.final_roll_count} final`),
      field('thread', String(info.thread)),
      field('operations sent', String(info.created_operations.length)),
    ),
    h('h4', null, `Datastore (${total} key${total === 1 ? '' : 's'}${total > keys.length ? `, first ${keys.length} shown` : ''})`),
    keys.length === 0
      ? h('p', { class: 'empty' }, 'empty')
      : h(
          'table',
          { class: 'list datastore' },
          h('thead', null, h('tr', null, h('th', null, 'key'), h('th', null, 'candidate value'), h('th', null, 'final value'))),
          h(
            'tbody',
            null,
            keys.map(({ key, entry }) =>
              h(
                'tr',
                { 'data-key': key.join(',') },
                h('td', null, bytesCell(key)),
                h('td', null, bytesCell(entry.candidate_value)),
                h('td', null, bytesCell(entry.final_value)),
              ),
            ),
          ),
        ),
    info.address.startsWith('AS') && [h('h4', null, `Events emitted (${events.length})`), eventsList(events)],
  ];
}

export function renderDetails(container: HTMLElement, route: NonNullable<Route>, loaded: Loaded | null, error: string | null): void {
  container.dataset.route = `${route.kind}/${route.id}`;
  if (error) return mount(container, h('p', { class: 'error' }, error));
  if (!loaded) return mount(container, h('p', { class: 'empty' }, 'loading…'));
  if (loaded.kind === 'block') return mount(container, blockDetails(route, loaded.info));
  if (loaded.kind === 'op') return mount(container, operationDetails(route, loaded.info, loaded.events, loaded.trace, loaded.call));
  mount(container, addressDetails(loaded.info, loaded.keys, loaded.events));
}

export function renderNoSelection(container: HTMLElement): void {
  delete container.dataset.route;
  mount(container, h('p', { class: 'empty' }, 'Select a block in the graph, an operation or an address, or paste an id (B…, O…, AU…, AS…) in the search box.'));
}
