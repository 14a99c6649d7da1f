import { h } from '../dom.js';
import { shortId } from '../format.js';

export type Route = { kind: 'block' | 'op' | 'address'; id: string } | null;

export const href = (kind: 'block' | 'op' | 'address', id: string): string => `#${kind}/${encodeURIComponent(id)}`;

/** A short id that opens its details; the full id is in the title. */
export function idLink(kind: 'block' | 'op' | 'address', id: string, full = false): HTMLAnchorElement {
  return h('a', { href: href(kind, id), title: id, class: 'id' }, full ? id : shortId(id));
}

export function addressLink(address: string, full = false): HTMLAnchorElement {
  return idLink('address', address, full);
}
