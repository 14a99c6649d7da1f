import type { Chain } from '../chain.js';
import { h, mount } from '../dom.js';
import { addressLink } from './links.js';

/** The deferred calls registered on the node, earliest slot first: when, what, who pays. */
export function renderDeferredCalls(container: HTMLElement, chain: Chain): void {
  const calls = chain.deferredCalls;
  mount(
    container,
    calls.length === 0
      ? h('p', { class: 'empty' }, 'No deferred call is registered. Contracts book them with deferredCallRegister.')
      : h(
          'table',
          { class: 'list' },
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', null, 'slot'),
              h('th', null, 'call'),
              h('th', null, 'registered by'),
              h('th', { class: 'num' }, 'coins'),
              h('th', { class: 'num' }, 'max gas'),
              h('th', null, 'status'),
            ),
          ),
          h(
            'tbody',
            null,
            calls.map(({ call_id, call }) =>
              h(
                'tr',
                { 'data-deferred-call': call_id, title: call_id },
                h('td', null, `${call.target_slot.period}.${call.target_slot.thread}`),
                h('td', null, addressLink(call.target_address), ` ${call.target_function}`),
                h('td', null, addressLink(call.sender_address)),
                h('td', { class: 'num' }, call.coins),
                h('td', { class: 'num' }, call.max_gas.toLocaleString('en-US')),
                h('td', null, call.cancelled ? 'cancelled' : 'registered'),
              ),
            ),
          ),
        ),
    chain.totalDeferredCalls > calls.length ? h('p', { class: 'empty' }, `${calls.length} of ${chain.totalDeferredCalls} shown`) : null,
  );
}
