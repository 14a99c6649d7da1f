import type { Chain } from '../chain.js';
import { h, mount } from '../dom.js';
import { addressLink, type Route } from './links.js';

/** Addresses the page has seen act or be acted upon, most recent first, with balances and datastore sizes. */
export function renderAddresses(container: HTMLElement, chain: Chain, route: Route): void {
  const rows = [...chain.addresses.entries()].reverse();
  mount(
    container,
    rows.length === 0
      ? h('p', { class: 'empty' }, 'Addresses appear here as operations touch them; or search one above.')
      : h(
          'table',
          { class: 'list' },
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', null, 'address'),
              h('th', { class: 'num' }, 'candidate balance'),
              h('th', { class: 'num' }, 'final balance'),
              h('th', { class: 'num' }, 'keys'),
            ),
          ),
          h(
            'tbody',
            null,
            rows.map(([address, info]) =>
              h(
                'tr',
                { 'data-address': address, class: route?.kind === 'address' && route.id === address ? 'selected' : null },
                h('td', null, h('span', { class: `kind ${address.slice(0, 2)}` }, address.startsWith('AS') ? 'contract' : 'user'), ' ', addressLink(address)),
                h('td', { class: 'num', 'data-field': 'candidate_balance' }, info ? info.candidate_balance : '…'),
                h('td', { class: 'num', 'data-field': 'final_balance' }, info ? info.final_balance : '…'),
                h('td', { class: 'num' }, info ? info.candidate_datastore_keys.length : '…'),
              ),
            ),
          ),
        ),
  );
}
