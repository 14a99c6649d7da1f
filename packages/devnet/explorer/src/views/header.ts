import { h, mount } from '../dom.js';
import { slotLabel } from '../format.js';
import type { ConnectionState } from '../rpc.js';
import type { Status } from '../types.js';

const CONNECTION_TEXT: Record<ConnectionState, string> = {
  connecting: 'connecting…',
  live: 'live',
  offline: 'node unreachable, retrying…',
};

export function renderHeader(container: HTMLElement, status: Status | null, connection: ConnectionState, error: string | null): void {
  container.dataset.connection = connection;
  mount(
    container,
    h('span', { class: 'connection', 'data-connection': connection }, CONNECTION_TEXT[connection]),
    status && [
      h('span', { class: 'fact' }, 'chain ', h('b', null, status.chain_id), ' · ', status.version),
      h('span', { class: 'fact' }, 'slot ', h('b', null, status.last_slot ? slotLabel(status.last_slot) : 'before genesis')),
      h('span', { class: 'fact' }, 'final ', h('b', null, slotLabel(status.execution_stats.final_cursor))),
      h('span', { class: 'fact' }, 'pool ', h('b', null, status.pool_stats[0])),
      h('span', { class: 'fact' }, `t0 ${status.config.t0} ms · delta_f0 ${status.config.delta_f0}`),
    ],
    error && h('span', { class: 'error', role: 'alert' }, error),
  );
}
