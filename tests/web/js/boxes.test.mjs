import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./helpers.mjs";

const B = await load("shell/boxes.js");
const F = await load("shell/fit.js");

const box = (left, top, width = 40, height = 40) => ({ left, top, width, height });
// A 3x3 grid of cells 40 px apart, listed out of order, and a row of buttons below it.
const grid = [box(80, 0), box(0, 0), box(40, 0), box(0, 40), box(40, 40), box(80, 40), box(0, 80), box(40, 80), box(80, 80)];
const withButtons = [...grid, box(10, 140, 60, 30), box(90, 140, 60, 30)];

test("the reading order goes line by line from the top, each line from the left", () => {
  assert.deepEqual(B.readingOrder(grid), [1, 2, 0, 3, 4, 5, 6, 7, 8]);
  // Boxes of another height whose middles are level share the line.
  assert.deepEqual(B.readingOrder([box(100, 5, 40, 30), box(0, 0, 40, 40)]), [1, 0]);
});

test("left and right walk every choice in reading order and wrap around, so each is reached", () => {
  let at = -1;
  const seen = [];
  for (let k = 0; k < withButtons.length; k++) {
    at = B.arrowTarget(withButtons, at, "ArrowRight");
    seen.push(at);
  }
  assert.deepEqual(new Set(seen).size, withButtons.length);
  assert.equal(B.arrowTarget(withButtons, seen[seen.length - 1], "ArrowRight"), seen[0]);
  assert.equal(B.arrowTarget(withButtons, 1, "ArrowLeft"), 10); // from the first back to the last
  assert.equal(B.arrowTarget(withButtons, -1, "ArrowLeft"), 10);
});

test("up and down go to the nearest choice that way, and stay where there is none", () => {
  assert.equal(B.arrowTarget(grid, 4, "ArrowUp"), 2); // the middle to the one above it
  assert.equal(B.arrowTarget(grid, 4, "ArrowDown"), 7);
  assert.equal(B.arrowTarget(grid, 2, "ArrowUp"), 2); // nothing above the top line
  assert.equal(B.arrowTarget(withButtons, 6, "ArrowDown"), 9); // the bottom left cell to the button under it
  assert.equal(B.arrowTarget(withButtons, 10, "ArrowUp"), 8);
  assert.equal(B.arrowTarget(withButtons, -1, "ArrowDown"), 1); // from nowhere to the first
  assert.equal(B.arrowTarget([], -1, "ArrowDown"), -1);
});

test("a drop lands on the nearest target within reach, else nowhere", () => {
  assert.equal(B.nearestBox(grid, 45, 45), 4);
  assert.equal(B.nearestBox(grid, 130, 10), 0); // just past the right edge, within the margin
  assert.equal(B.nearestBox(grid, 300, 300), -1);
  // A board with small targets (a line's ends) reaches further out.
  const ends = [{ left: 0, top: 0, width: 80, height: 40 }, { left: 100, top: 0, width: 80, height: 40 }];
  assert.equal(B.nearestBox(ends, 205, 20), -1);
  assert.equal(B.nearestBox(ends, 205, 20, 28), 1);
  assert.equal(B.nearestBox(ends, 95, 20, 28), 1);
});

test("a grid's cells are as large as both directions allow, within the least and largest sizes", () => {
  // A phone held sideways: the height decides.
  assert.equal(F.fitCells({ width: 720, height: 300, rows: 7, cols: 8, gap: 2, reserveY: 10 }), 39);
  // A phone upright: the width decides.
  assert.equal(F.fitCells({ width: 340, height: 500, rows: 7, cols: 8, gap: 3 }), 39);
  assert.equal(F.fitCells({ width: 2000, height: 2000, rows: 7, cols: 8 }), 64);
  assert.equal(F.fitCells({ width: 100, height: 100, rows: 7, cols: 8, min: 18 }), 18);
});
