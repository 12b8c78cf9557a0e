/** What an element may hold: nodes, text, or nothing (skipped, for conditional children). */
export type Child = Node | string | null | undefined | false;

/** Plain properties of a new element. */
export interface ElementProps {
  readonly id?: string;
  readonly class?: string;
  readonly title?: string;
  /** Other attributes (`data-*`, `aria-*`, `for`, `type`…). */
  readonly attrs?: Readonly<Record<string, string>>;
}

/** A new element with properties and children. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: ElementProps = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.id !== undefined) node.id = props.id;
  if (props.class !== undefined) node.className = props.class;
  if (props.title !== undefined) node.title = props.title;
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  append(node, children);
  return node;
}

/** Appends children, skipping empty ones. */
function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replaces all children of `parent`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** The element with that id, which the page must have. */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return node;
}

/** A two-column table of name/value rows. */
export function nameValueTable(rows: readonly (readonly [string, string])[], headers: readonly [string, string], valueClass = 'mono'): HTMLTableElement {
  return el(
    'table',
    {},
    el('thead', {}, el('tr', {}, el('th', {}, headers[0]), el('th', {}, headers[1]))),
    el('tbody', {}, ...rows.map(([name, value]) => el('tr', {}, el('td', {}, name), el('td', { class: valueClass }, value)))),
  );
}
