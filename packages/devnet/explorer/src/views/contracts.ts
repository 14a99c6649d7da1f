import type { Chain } from '../chain.js';
import { h, mount } from '../dom.js';
import { clip, displayBytes, eventText, slotLabel } from '../format.js';
import type { ScEvent } from '../types.js';
import { addressLink, idLink } from './links.js';

const EVENTS_PER_CONTRACT = 4;

/**
 * One event as text: its data is whatever a contract chose to emit, shown as text (never markup);
 * a node error is unwrapped and a raw event decoded, as `mason` prints them, the data as sent
 * staying in the title.
 */
export function eventItem(event: ScEvent, max = 300): HTMLLIElement {
  const c = event.context;
  return h(
    'li',
    { class: `event${c.is_error ? ' error' : ''}`, 'data-event-final': c.is_final ? 'true' : 'false' },
    h('code', { class: 'event-data', title: clip(event.data, max) }, clip(eventText(event.data), max)),
    h(
      'span',
      { class: 'event-meta' },
      c.is_error ? 'error · ' : '',
      c.is_final ? 'final' : 'candidate',
      ` · slot ${slotLabel(c.slot)}`,
      c.origin_operation_id ? [' · ', idLink('op', c.origin_operation_id)] : null,
    ),
  );
}

/** Contracts seen in calls and call stacks, each with the latest events it emitted (the last address of the call stack). */
export function renderContracts(container: HTMLElement, chain: Chain): void {
  const emitted = new Map<string, ScEvent[]>();
  for (const events of chain.events.values()) {
    for (const event of events) {
      const emitter = event.context.call_stack[event.context.call_stack.length - 1];
      if (emitter?.startsWith('AS')) emitted.set(emitter, [...(emitted.get(emitter) ?? []), event]);
    }
  }
  const contracts = [...chain.addresses.entries()].filter(([address]) => address.startsWith('AS')).reverse();
  mount(
    container,
    contracts.length === 0
      ? h('p', { class: 'empty' }, 'No contract seen yet.')
      : h(
          'ul',
          { class: 'contracts' },
          contracts.map(([address, info]) => {
            const events = emitted.get(address) ?? [];
            const keys = info?.candidate_datastore_keys ?? [];
            return h(
              'li',
              { 'data-contract': address },
              h('div', { class: 'contract-head' }, addressLink(address), info ? ` · ${info.candidate_balance} MAS · ${keys.length} key(s)` : ''),
              keys.length > 0 &&
                h(
                  'div',
                  { class: 'keys' },
                  'keys: ',
                  keys.slice(0, 6).map((key) => h('code', { class: 'key' }, clip(displayBytes(key).text, 40))),
                  keys.length > 6 ? ` +${keys.length - 6}` : '',
                ),
              events.length === 0
                ? h('p', { class: 'empty' }, 'no events seen')
                : h(
                    'ul',
                    { class: 'events' },
                    events
                      .slice(-EVENTS_PER_CONTRACT)
                      .reverse()
                      .map((e) => eventItem(e)),
                  ),
            );
          }),
        ),
  );
}
