/** Small DOM helpers of the console: build elements and SVG from plain arguments, no framework. */

/** Attributes of {@link h}: `on*` functions become listeners, `false`/`null`/`undefined` are left out. */
export type Attributes = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

/** A child of {@link h}: a node, text, or nothing. */
export type Child = Node | string | number | null | undefined | false | Child[];

function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

function apply(element: Element, attributes: Attributes): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (typeof value === "function") element.addEventListener(name.slice(2).toLowerCase(), value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
}

/** An HTML element. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  apply(element, attributes);
  append(element, children);
  return element;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element. */
export function s(tag: string, attributes: Attributes = {}, ...children: Child[]): SVGElement {
  const element = document.createElementNS(SVG_NS, tag);
  apply(element, attributes);
  append(element, children);
  return element;
}

/** Replace an element's children. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** A table from a header row and rows of cells. */
export function table(headers: string[], rows: Child[][], attributes: Attributes = {}): HTMLTableElement {
  return h(
    "table",
    attributes,
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        headers.map((text) => h("th", {}, text)),
      ),
    ),
    h(
      "tbody",
      {},
      rows.length === 0
        ? h("tr", {}, h("td", { colspan: headers.length, class: "empty" }, "nothing yet"))
        : rows.map((cells) =>
            h(
              "tr",
              {},
              cells.map((cell) => h("td", {}, cell)),
            ),
          ),
    ),
  );
}

/** A status as a coloured badge (`.status.<status>` in the stylesheet). */
export const badge = (status: string): HTMLSpanElement => h("span", { class: `status ${status}` }, status);
