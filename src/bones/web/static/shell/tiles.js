// A domino drawn as page elements: two halves of pips (numbers above nine as digits), or its back.
import { el } from "./dom.js";

const PIP_CELLS = {
  0: [], 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [1, 3], [3, 1], [3, 3]], 5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]],
  6: [[1, 1], [2, 1], [3, 1], [1, 3], [2, 3], [3, 3]],
  7: [[1, 1], [2, 1], [3, 1], [2, 2], [1, 3], [2, 3], [3, 3]],
  8: [[1, 1], [2, 1], [3, 1], [1, 2], [3, 2], [1, 3], [2, 3], [3, 3]],
  9: [[1, 1], [2, 1], [3, 1], [1, 2], [2, 2], [3, 2], [1, 3], [2, 3], [3, 3]],
};

export function half(n, vertical) {
  const h = el("div", "half");
  if (n > 9 || !PIP_CELLS[n]) { h.appendChild(el("span", "num", String(n))); return h; }
  for (const [r, c] of PIP_CELLS[n]) {
    const p = el("i", "pip");
    // Rows of pips run along the tile's long side.
    p.style.gridRow = vertical ? r : c;
    p.style.gridColumn = vertical ? c : r;
    h.appendChild(p);
  }
  return h;
}

export function tileEl(a, b, { vertical = true, tag = "div", back = false } = {}) {
  const t = el(tag, `tile ${vertical ? "v" : "h"}${back ? " back" : ""}`);
  if (tag === "button") t.type = "button";
  if (!back) { t.appendChild(half(a, vertical)); t.appendChild(half(b, vertical)); }
  return t;
}

// A small tile that is only looked at (menus, sheets, the brand).
export function staticTile(a, b, width, height) {
  const t = tileEl(a, b);
  t.classList.add("static");
  if (width) { t.style.width = `${width}px`; t.style.height = `${height}px`; }
  return t;
}
