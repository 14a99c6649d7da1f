// Every node the page shows is built here. Text only ever becomes a Text node or an attribute
// value, never markup: data from the chain (event data, datastore keys, function names) is
// attacker-controlled, and nothing in the page parses it as HTML.

export type Child = Node | string | number | null | undefined | false | Child[];
type Listener = (event: Event) => void;
export type Attrs = Record<string, string | number | boolean | null | undefined | Listener>;

const SVG_NS = 'http://www.w3.org/2000/svg';

function setAttributes(element: Element, attrs: Attrs | null | undefined): void {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') {
      element.addEventListener(name.replace(/^on/, ''), value);
      continue;
    }
    // Handlers are functions, never strings; links only ever point inside the page.
    if (/^on/i.test(name) || name === 'style') throw new Error(`refusing attribute ${name}`);
    if (name === 'href' && !String(value).startsWith('#')) throw new Error('links stay inside the page');
    element.setAttribute(name, value === true ? '' : String(value));
  }
}

function appendChildren(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) appendChildren(parent, child);
    else parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

/** An HTML element with attributes and children; strings become text. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  setAttributes(element, attrs);
  appendChildren(element, children);
  return element;
}

/** An SVG element, same rules. */
export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag);
  setAttributes(element, attrs);
  appendChildren(element, children);
  return element;
}

/** Replaces a container's content. */
export function mount(container: Element, ...children: Child[]): void {
  const fragment = document.createDocumentFragment();
  appendChildren(fragment, children);
  container.replaceChildren(fragment);
}

export const byId = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
};
