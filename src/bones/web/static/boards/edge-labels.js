// Light labels on the edges of a board of squares, as chess boards have: the words name squares ("runs d5–g5",
// "flips 1|5 on c5", "the priest on B13"), so the board shows where those are. Read from the squares as drawn
// (their names, like c5 or B13: letters and a number), so a board turned a quarter is labelled as it lies: each
// column of squares on the screen gets the part of the name its squares share, and so does each row. Placed in
// percent of the grid, so a grid drawn larger or smaller keeps them in place.
import { el } from "../shell/dom.js";

const NAME = /^([A-Za-z]+)(\d+)$/;

// The room a labelled grid keeps before its first column and row for the labels (table.css: .labelled), which its
// board's fit leaves free: a grid larger than its board scrolls, and nothing before a scroll's start can be seen.
export const LABEL_ROOM = { x: 16, y: 14 };

// What the squares of one line on the screen share: their letters or their number ("" when neither).
function shared(names) {
  const parts = names.map((n) => n.match(NAME));
  for (const index of [1, 2]) {
    const first = parts[0][index];
    if (parts.every((p) => p[index] === first)) return first;
  }
  return "";
}

// The lines of squares at one position along an axis (their centres within half a square), in screen order.
function lines(cells, axis) {
  const groups = [];
  for (const cell of cells) {
    const at = axis === "x" ? cell.box.left + cell.box.width / 2 : cell.box.top + cell.box.height / 2;
    const size = axis === "x" ? cell.box.width : cell.box.height;
    const group = groups.find((g) => Math.abs(g.at - at) < size / 2);
    if (group) group.cells.push(cell);
    else groups.push({ at, cells: [cell] });
  }
  return groups.sort((a, b) => a.at - b.at);
}

// Label `grid`'s squares (the elements with `selector`, named by `nameOf`) along its top and left edges, once drawn.
export function edgeLabels(grid, selector, nameOf) {
  grid.classList.add("labelled");
  requestAnimationFrame(() => {
    if (!grid.isConnected) return;
    for (const old of grid.querySelectorAll(":scope > .edge-label")) old.remove();
    const frame = grid.getBoundingClientRect();
    if (!frame.width || !frame.height) return;
    const cells = [...grid.querySelectorAll(selector)]
      .map((e) => ({ name: nameOf(e) || "", box: e.getBoundingClientRect() }))
      .filter((c) => NAME.test(c.name) && c.box.width > 0);
    if (!cells.length) return;
    const label = (text, style) => {
      const mark = el("span", "edge-label", text);
      mark.setAttribute("aria-hidden", "true");
      Object.assign(mark.style, style);
      grid.appendChild(mark);
    };
    for (const column of lines(cells, "x")) {
      const text = shared(column.cells.map((c) => c.name));
      const top = Math.min(...column.cells.map((c) => c.box.top));
      if (text) label(text, { left: `${((column.at - frame.left) / frame.width) * 100}%`, top: `${((top - frame.top) / frame.height) * 100}%`, transform: "translate(-50%, -100%)" });
    }
    for (const row of lines(cells, "y")) {
      const text = shared(row.cells.map((c) => c.name));
      const left = Math.min(...row.cells.map((c) => c.box.left));
      if (text) label(text, { top: `${((row.at - frame.top) / frame.height) * 100}%`, left: `${((left - frame.left) / frame.width) * 100}%`, transform: "translate(-100%, -50%)" });
    }
  });
}
