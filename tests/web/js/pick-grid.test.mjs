import assert from "node:assert/strict";
import { test } from "node:test";
import { fixture, load } from "./helpers.mjs";

const G = await load("boards/pick-grid.js");
const B = await load("shell/boxes.js");
const M = await load("boards/mountains-words.js");
const { shortHint } = await load("shell/hints.js");

// Squares of `size` px laid out as a grid, given as [row, col] pairs.
const boxes = (cells, size = 40) => cells.map(([r, c]) => ({ left: c * size, top: r * size, width: size, height: size }));

test("Fujisan on a phone held upright stands on its side: its squares grow from 18 px to over 30", () => {
  const shape = { cols: 14, rows: 2, gap: 2, max: 72, turnable: true };
  const extras = { width: 200, height: 60 };
  // 360x740's board room: the plain picture leaves squares too small to tap.
  const flat = G.fitGrid({ width: 336, height: 470, ...shape, turnable: false, extras, min: 0 });
  assert.ok(flat.cell <= 20, flat.cell);
  const fit = G.fitGrid({ width: 336, height: 470, ...shape, extras });
  assert.equal(fit.turned, true);
  assert.ok(fit.cell >= 30, fit.cell);
  // At 1280x800 and 740x360 the mountain lies as in the book, the buttons under it.
  assert.deepEqual(G.fitGrid({ width: 1256, height: 610, ...shape, extras }), { cell: 72, turned: false, beside: false });
  assert.equal(G.fitGrid({ width: 716, height: 250, ...shape, extras }).turned, false);
});

test("the buttons and the hint go beside a grid when that leaves bigger squares, and never below 40 px (a finger: the board scrolls instead)", () => {
  const extras = { width: 200, height: 180 };
  const wide = G.fitGrid({ width: 716, height: 250, cols: 6, rows: 5, extras });
  assert.equal(wide.beside, true);
  assert.ok(wide.cell * 5 + 4 * 3 <= 250 - 24, wide.cell);
  const tall = G.fitGrid({ width: 336, height: 470, cols: 6, rows: 5, extras });
  assert.equal(tall.beside, false);
  assert.ok(tall.cell * 6 + 5 * 3 <= 336 - 24 && tall.cell * 5 + 4 * 3 + 180 + 10 <= 470 - 24, tall.cell);
  assert.equal(G.fitGrid({ width: 50, height: 50, cols: 6, rows: 6 }).cell, 40);
});

test("left and right reach every glowing square in reading order; up and down the nearest above or below", () => {
  // Two rows: three squares on top, two below (not under the first).
  const b = boxes([[0, 0], [0, 2], [0, 5], [1, 1], [1, 4]]);
  const order = [];
  let at = B.arrowTarget(b, -1, "ArrowRight");
  for (let k = 0; k < 5; k++) { order.push(at); at = B.arrowTarget(b, at, "ArrowRight"); }
  assert.deepEqual(order, [0, 1, 2, 3, 4]);
  assert.equal(at, 0); // it wraps round
  assert.equal(B.arrowTarget(b, 0, "ArrowLeft"), 4);
  assert.equal(B.arrowTarget(b, 0, "ArrowDown"), 3);
  assert.equal(B.arrowTarget(b, 2, "ArrowDown"), 4);
  assert.equal(B.arrowTarget(b, 4, "ArrowUp"), 2);
  assert.equal(B.arrowTarget(b, 1, "ArrowUp"), 1); // nothing above: it stays
  assert.equal(B.arrowTarget([], -1, "ArrowDown"), -1);
  // A grid turned on its side reads top to bottom the same way.
  const column = boxes([[3, 0], [0, 1], [1, 0]]);
  assert.deepEqual([B.arrowTarget(column, -1, "ArrowRight"), B.arrowTarget(column, 1, "ArrowRight"), B.arrowTarget(column, 2, "ArrowRight")], [1, 2, 0]);
});

test("a dragged piece lands on the square under it, else the nearest within reach; it leans to a neighbour", () => {
  const b = boxes([[0, 0], [0, 1], [2, 2]]);
  assert.equal(G.dropAt(b, 45, 10, 40), 1);
  assert.equal(G.dropAt(b, 60, 60, 40), 1); // between squares: the nearest middle
  assert.equal(G.dropAt(b, 300, 300, 40), -1);
  assert.equal(G.leaning(b[0], 38, 20), "right");
  assert.equal(G.leaning(b[0], 20, 2), "up");
  assert.equal(G.lowerFirst("Move die 1 to 2,4"), "move die 1 to 2,4");
});

test("the short hint keeps the best rows and counts the rest", () => {
  const hint = { best: "a", estimates: ["a", "b", "c", "d", "e"].map((m, i) => ({ move: m, value: i + 1, unit: "moves to the goal" })) };
  const short = shortHint(hint, (m) => m.toUpperCase(), 3);
  assert.deepEqual(short, { head: ["move", "moves to the goal"], rows: [["A", "+1"], ["B", "+2"], ["C", "+3"]], more: 2 });
  assert.equal(shortHint(hint, (m) => m, 9).more, 0);
});

test("a partner's placement is found by the squares it covered since the view before", () => {
  const v = fixture("mountains-late");
  const before = structuredClone(v);
  for (const name of ["a1", "b1"]) before.board.rows.flat().find((c) => c.name === name).height = null;
  assert.deepEqual(M.covered(before, v), ["a1", "b1"]);
  assert.deepEqual(M.covered(v, v), []);
});

test("the player's move is said from the view it was chosen in", () => {
  const old = fixture("fujisan-start");
  const step = old.board.choices.find((c) => c.from);
  assert.equal(G.movedWords(old, step.move), `You moved the priest on ${step.from} to ${step.to}`);
  assert.equal(G.movedWords(old, "give-up"), "");
  assert.equal(G.movedWords(null, step.move), "");
});

test("a hand of eighteen dominoes keeps them a finger wide and scrolls; seven fit a phone's row", async () => {
  const { handTiles } = await load("shell/fit.js");
  const mountains = handTiles({ room: 344, n: 18, byHeight: 44, most: 44, rows: 1 });
  assert.deepEqual(mountains, { tw: 40, scrolls: true });
  const line = handTiles({ room: 724, n: 7, byHeight: 28, rows: 1 }); // 740x360: was 28 px
  assert.ok(line.tw >= 40 && !line.scrolls, JSON.stringify(line));
  assert.deepEqual(handTiles({ room: 344, n: 7, byHeight: 55 }), { tw: 44, scrolls: false });
});
