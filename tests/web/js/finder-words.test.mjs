import assert from "node:assert/strict";
import { test } from "node:test";
import { fixture, load } from "./helpers.mjs";

const F = await load("boards/finder-words.js");

test("the first turn: the pawn comes in from the edge", () => {
  const v = fixture("finder-first");
  assert.equal(F.turnText(v), "Come in from the edge: tap a glowing face-down domino");
  assert.equal(F.describe(v, v.last), "Lily flipped 4:1 at h3");
  assert.deepEqual([...F.pawnsBySquare(v)], [["h3", [1]]]);
  assert.equal(F.squareWords(v, v.board.rows[2][7], F.pawnsBySquare(v)), "h3, shows 1, Lily's pawn");
  assert.equal(F.squareWords(v, v.board.rows[0][0], F.pawnsBySquare(v)), "a1, face down");
  assert.deepEqual(F.infoItems(v), [["Treasure", "5:2"]]);
  assert.equal(F.treasureWords(v), "The treasure is five–two (5:2)");
});

test("a trap is said, and the turn it costs", () => {
  const v = fixture("finder-trap");
  assert.equal(F.describe(v, v.last), "Lily flipped 2:0 at f2: a blank, a trap! Lily skips a turn");
  assert.equal(F.turnText(v), "Walk and flip: tap a glowing face-down square");
  assert.deepEqual(v.board.skipping, [false, true]);
});

test("a treasure found is said with the next one rolled, and counts as a score", () => {
  const v = fixture("finder-treasure");
  assert.equal(F.describe(v, v.last), "Lily flipped 5:2 at g4: the treasure! Lily takes it; the next treasure is 5:3");
  assert.deepEqual(F.scores(v), { scores: [0, 1], target: 5, sides: [0, 1] });
  // Not this seat's turn: nothing glows, another player is thinking.
  assert.equal(F.turnText({ ...v, to_move: 1 }), "Lily is thinking…");
});

test("a move the view cannot find is still said", () => {
  const v = fixture("finder-first");
  assert.equal(F.describe(v, { seat: 0, move: "h7" }), "You stepped onto h7");
});
