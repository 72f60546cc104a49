// Building the page. Text from the server (seat names, rules, messages) reaches the page only as
// text nodes: nothing here parses HTML, so a name such as "<iframe onload=...>" shows as written.
export const $ = (id) => document.getElementById(id);

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// Rich text as data: a list of strings and {text, cls, tag} parts (bold numbers, dimmed notes).
export function richText(parts) {
  const frag = document.createDocumentFragment();
  for (const part of parts) {
    if (typeof part === "string") frag.appendChild(document.createTextNode(part));
    else frag.appendChild(el(part.tag || "span", part.cls || "", part.text));
  }
  return frag;
}

// A table row of cells (header or data), each cell a string, a number or a node.
export function row(cells, { header = false, cls = "" } = {}) {
  const tr = el("tr", cls);
  for (const cell of cells) {
    const td = el(header ? "th" : "td");
    if (cell instanceof Node) td.appendChild(cell);
    else td.textContent = String(cell);
    tr.appendChild(td);
  }
  return tr;
}

export const wait = (ms) => new Promise((r) => setTimeout(r, ms));
