// The geometry of the puzzles' pick-then-place grids, pure so node's test runner checks it: how
// big a square may be in the room the board has (and whether the grid lies better turned, or its
// buttons beside it), and which square a dragged piece is dropped on. (The arrow keys among the
// squares that glow are the shell's, boxes.js; a square is sized by the shell's fit.js.)
import { fitCells } from "../shell/fit.js";

// The largest square for a grid of `cols` x `rows` in `width` x `height`, with `extras` (the
// buttons and the hint under the grid) either below it or beside it, the grid maybe turned a
// quarter (its rows become columns) where `turnable`. Returns {cell, turned, beside}.
export function fitGrid({ width, height, cols, rows, gap = 3, pad = 24, extras = { width: 0, height: 0 }, turnable = false, min = 40, max = 76 }) {
  const shapes = turnable ? [[cols, rows, false], [rows, cols, true]] : [[cols, rows, false]];
  let best = null;
  for (const [c, r, turned] of shapes) {
    for (const beside of [false, true]) {
      const roomW = width - pad - (beside ? extras.width + 12 : 0);
      const roomH = height - pad - (beside ? 0 : extras.height + 10);
      const cell = fitCells({ width: roomW, height: roomH, rows: r, cols: c, gap, min: -Infinity, max });
      // A turned grid or buttons beside only when that gains a tenth: the plain picture reads best.
      const plain = !turned && !beside;
      const score = plain ? cell * 1.1 : cell;
      if (!best || score > best.score) best = { cell, turned, beside, score };
    }
  }
  return { cell: Math.max(min, best.cell), turned: best.turned, beside: best.beside };
}

const center = (b) => ({ x: b.left + b.width / 2, y: b.top + b.height / 2 });

// The square a piece dragged to (x, y) lands on: the one under the point, else the nearest whose
// middle lies within `reach`; -1 when none.
export function dropAt(boxes, x, y, reach) {
  let best = -1, bestD = Infinity;
  boxes.forEach((b, i) => {
    if (x >= b.left && x <= b.left + b.width && y >= b.top && y <= b.top + b.height) { best = i; bestD = -1; return; }
    if (bestD < 0) return;
    const c = center(b);
    const d = Math.hypot(c.x - x, c.y - y);
    if (d <= reach && d < bestD) { best = i; bestD = d; }
  });
  return best;
}

// Which neighbour of a square the point leans towards: "left", "right", "up" or "down".
export function leaning(box, x, y) {
  const c = center(box);
  const dx = (x - c.x) / box.width, dy = (y - c.y) / box.height;
  return Math.abs(dx) >= Math.abs(dy) ? (dx < 0 ? "left" : "right") : dy < 0 ? "up" : "down";
}

// A move's words inside a sentence ("Hint: move the priest on a1 to b2").
export const lowerFirst = (text) => (text ? text.charAt(0).toLowerCase() + text.slice(1) : text);

// The player's last move in words, from the view it was chosen in ("Move die 1 to 2,4" becomes
// "You moved die 1 to 2,4"); "" when the view before does not word it as a move.
export function movedWords(old, move) {
  const c = old && old.board && (old.board.choices || []).find((x) => x.move === move);
  return c && c.from && /^Move /.test(c.words) ? `You moved ${c.words.slice(5)}` : "";
}
