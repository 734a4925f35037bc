// SPDX-License-Identifier: GPL-3.0-or-later
// Small DOM helpers. Text always goes in with textContent: titles, names and venue texts are
// data, never HTML.

type Attrs = Record<string, string | number | boolean | undefined | null>;
type Child = Node | string | null | undefined | false;

/** Creates `<tag attrs>children</tag>`; strings become text nodes. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replaces every child of `parent`. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/** Says `message` through the page's polite live region. */
export function announce(message: string): void {
  const region = document.getElementById('announcer');
  if (!region) return;
  // The same text twice in a row must be read twice: clear first, set on the next frame.
  region.textContent = '';
  requestAnimationFrame(() => {
    region.textContent = message;
  });
}

/** A link that the router handles without a page load. */
export function link(href: string, text: string, attrs: Attrs = {}): HTMLAnchorElement {
  return h('a', { ...attrs, href, 'data-route': '' }, text);
}
