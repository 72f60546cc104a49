// The geometry of the puzzles' pick-then-place grids, pure so node's test runner checks it: how
// big a square may be in the room the board has (and whether the grid lies better turned, or its
// buttons beside it), where an arrow key goes among the squares that glow, and which square a
// dragged piece is dropped on.

// The largest square for a grid of `cols` x `rows` in `width` x `height`, with `extras` (the
// buttons and the hint under the grid) either below it or beside it, the grid maybe turned a
// quarter (its rows become columns) where `turnable`. Returns {cell, turned, beside}.
export function fitGrid({ width, height, cols, rows, gap = 3, pad = 24, extras = { width: 0, height: 0 }, turnable = false, min = 20, max = 76 }) {
  const shapes = turnable ? [[cols, rows, false], [rows, cols, true]] : [[cols, rows, false]];
  let best = null;
  for (const [c, r, turned] of shapes) {
    for (const beside of [false, true]) {
      const roomW = width - pad - (beside ? extras.width + 12 : 0);
      const roomH = height - pad - (beside ? 0 : extras.height + 10);
      const cell = Math.floor(Math.min(max, (roomW - (c - 1) * gap) / c, (roomH - (r - 1) * gap) / r));
      // A turned grid or buttons beside only when that gains a tenth: the plain picture reads best.
      const plain = !turned && !beside;
      const score = plain ? cell * 1.1 : cell;
      if (!best || score > best.score) best = { cell, turned, beside, score };
    }
  }
  return { cell: Math.max(min, best.cell), turned: best.turned, beside: best.beside };
}

const center = (b) => ({ x: b.left + b.width / 2, y: b.top + b.height / 2 });

// Reading order: rows from the top (a square is in a row when its middle lies within the row's
// first square's height), then from the left.
export function readingOrder(boxes) {
  const order = boxes.map((_, i) => i).sort((a, b) => center(boxes[a]).y - center(boxes[b]).y || center(boxes[a]).x - center(boxes[b]).x);
  const out = [];
  let row = [], top = null;
  for (const i of order) {
    const c = center(boxes[i]);
    if (top !== null && c.y - top > boxes[i].height / 2) { out.push(...row.sort((a, b) => center(boxes[a]).x - center(boxes[b]).x)); row = []; top = null; }
    if (top === null) top = c.y;
    row.push(i);
  }
  out.push(...row.sort((a, b) => center(boxes[a]).x - center(boxes[b]).x));
  return out;
}

// Where an arrow key moves from square `from` (an index into `boxes`, -1: none yet): left and
// right step through every square in reading order (so each is reached), up and down go to the
// nearest square above or below, staying put when there is none.
export function arrowStep(boxes, from, key) {
  if (!boxes.length) return -1;
  if (from < 0 || from >= boxes.length) return readingOrder(boxes)[0];
  if (key === "ArrowRight" || key === "ArrowLeft") {
    const order = readingOrder(boxes);
    const at = order.indexOf(from);
    return order[(at + (key === "ArrowRight" ? 1 : -1) + order.length) % order.length];
  }
  if (key !== "ArrowUp" && key !== "ArrowDown") return from;
  const here = center(boxes[from]);
  const sign = key === "ArrowDown" ? 1 : -1;
  let best = from, bestCost = Infinity;
  boxes.forEach((b, i) => {
    const c = center(b);
    const ahead = (c.y - here.y) * sign;
    if (i === from || ahead < b.height / 2) return;
    const cost = ahead + 2 * Math.abs(c.x - here.x);
    if (cost < bestCost) { bestCost = cost; best = i; }
  });
  return best;
}

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
