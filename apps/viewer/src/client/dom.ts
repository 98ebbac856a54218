/**
 * The page's only way to build DOM: elements from a tag, attributes and
 * children, where strings become text nodes. Model text never reaches
 * `innerHTML`, so markup in it stays text.
 */

/** A child: a node, text, or nothing. */
export type Child = Node | string | number | null | undefined | false;

/**
 * Creates an element; string children are inserted as text.
 *
 * @example
 * el('li', { class: 'row', 'data-line': '3' }, 'line ', 3);
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  append(node, children);
  return node;
}

/** Appends children (strings as text nodes). */
export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Replaces all children of a node. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.textContent = '';
  append(parent, children);
}

/** CSS class of an outcome badge: `failed:*` outcomes share `failed`. */
export function outcomeClass(outcome: string): string {
  return outcome.startsWith('failed:') ? 'failed' : outcome;
}

/** A coloured outcome badge. */
export function badge(outcome: string): HTMLSpanElement {
  return el('span', { class: `badge ${outcomeClass(outcome)}` }, outcome);
}
