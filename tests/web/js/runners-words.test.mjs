import assert from "node:assert/strict";
import { test } from "node:test";
import { fixture, load } from "./helpers.mjs";

const R = await load("boards/runners-words.js");

test("the second runner: any free cell glows, and the pie rule's swap is a button", () => {
  const v = fixture("runners-place");
  const opts = R.options(v);
  assert.equal(opts.cells.length, 55);
  assert.ok(!opts.cells.includes("f3"), "the black runner's cell is taken");
  assert.deepEqual(opts.buttons, [{ move: "swap", words: "Swap colours" }]);
  assert.equal(R.turnText(v), "Place the white runner on a glowing cell, or swap colours");
  assert.equal(R.describe(v, v.last), "Lily places a runner on f3");
  assert.equal(R.cellWords(v, v.board.rows[4][5]), "f3, 1, Lily's black runner");
});

test("a run is chosen a step at a time: the corner, the end, then jump or stop", () => {
  const v = fixture("runners-jump");
  assert.deepEqual(R.options(v).cells.sort(), ["b1", "b3", "b4", "b6", "b7"]);
  assert.equal(R.turnText(v), "Tap where your runner turns: a checker drops there");
  assert.deepEqual(R.options(v, { corner: "b6" }).cells, ["a6"]);
  assert.equal(R.turnText(v, { corner: "b6" }), "Turning at b6: tap where the runner stops");
  const last = R.options(v, { corner: "b6", end: "a6" });
  assert.equal(last.move, null);
  assert.deepEqual(last.buttons, [
    { move: "b2-b6-a6", words: "Stop: no jump" },
    { move: "b2-b6-a6xd6", words: "Jump to d6" },
  ]);
  // One way to finish: the move is made at once.
  const end = R.options(v, { corner: "b3" }).cells[0];
  assert.equal(R.options(v, { corner: "b3", end }).move, `b2-b3-${end}`);
  assert.equal(R.describe(v, v.last), "Lily runs g6–c6–c2, dropping a checker on c6");
  assert.deepEqual([...R.lastCells(v)], ["c6", "c2"]);
});

test("the score is the points under each side's checkers, with nothing to choose on the other's turn", () => {
  const v = fixture("runners-run");
  assert.deepEqual(R.scores(v).scores, v.board.seats.map((s) => s.points));
  assert.deepEqual(R.infoItems(v), [["Checkers to place", v.board.seats[0].in_hand], ["Captured", 0]]);
  const theirs = { ...v, to_move: 1 };
  assert.deepEqual(R.options(theirs), { cells: [], buttons: [], move: null });
  assert.equal(R.turnText(theirs), "Lily is thinking…");
});

test("another player's swap of colours is said over their name", () => {
  assert.deepEqual(R.bubbleOf({ seat: 0 }, { seat: 1, move: "swap" }), { text: "Swaps colours", score: false });
  assert.equal(R.bubbleOf({ seat: 1 }, { seat: 1, move: "swap" }), null);
  assert.equal(R.bubbleOf({ seat: 0 }, { seat: 1, move: "d4" }), null);
});
