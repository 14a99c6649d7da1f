import type { Chain, OperationView } from '../chain.js';
import { h, mount } from '../dom.js';
import { shortId } from '../format.js';
import { addressLink, href, idLink, type Route } from './links.js';

export const execLabel = (op: OperationView): string => (op.success === null ? 'not executed' : op.success ? 'success' : 'failed');
const execState = (op: OperationView): string => (op.success === null ? 'pending' : op.success ? 'ok' : 'failed');

/**
 * The operations, newest first, with their status (pool → candidate → final) and outcome; the
 * whole history is there, a page at a time (`older` reads the next page).
 */
export function renderOperations(container: HTMLElement, chain: Chain, route: Route, older: () => void): void {
  const operations = [...chain.operations.values()].reverse();
  const more =
    chain.olderOperations !== null &&
    h(
      'p',
      { class: 'older' },
      h('button', { type: 'button', 'data-action': 'older-operations', onclick: older }, 'Older operations'),
      ` ${operations.length} of ${chain.totalOperations} shown`,
    );
  mount(
    container,
    operations.length === 0
      ? h('p', { class: 'empty' }, 'No operations seen yet.')
      : h(
          'table',
          { class: 'list' },
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', null, 'status'),
              h('th', null, 'operation'),
              h('th', null, 'type'),
              h('th', null, 'from'),
              h('th', null, 'what'),
              h('th', null, 'result'),
              h('th', null, 'events'),
            ),
          ),
          h(
            'tbody',
            null,
            operations.map((op) =>
              h(
                'tr',
                {
                  'data-op-id': op.id,
                  'data-status': op.status,
                  'data-exec': execState(op),
                  class: route?.kind === 'op' && route.id === op.id ? 'selected' : null,
                },
                h('td', null, h('span', { class: `badge ${op.status}` }, op.status)),
                h('td', null, idLink('op', op.id)),
                h('td', null, op.type),
                h('td', null, addressLink(op.sender)),
                h('td', { class: 'what', title: op.summary }, op.summary),
                h('td', { class: `exec ${execState(op)}` }, execLabel(op)),
                h('td', null, chain.events.get(op.id)?.length ?? 0),
              ),
            ),
          ),
        ),
    more,
  );
  for (const row of container.querySelectorAll<HTMLTableRowElement>('tr[data-op-id]')) {
    row.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) return;
      location.hash = href('op', row.dataset.opId!);
    });
  }
}

export const opTitle = (op: OperationView): string => `${op.type} ${shortId(op.id)}`;
