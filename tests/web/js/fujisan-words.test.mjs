import assert from "node:assert/strict";
import { test } from "node:test";
import { fixture, load } from "./helpers.mjs";

const F = await load("boards/fujisan-words.js");

test("first the priests that can move glow, then where the picked one may go", () => {
  const v = fixture("fujisan-start");
  assert.deepEqual(F.options(v, null).squares, ["T0", "B0"]);
  assert.deepEqual(F.options(v, "T0").squares, ["T2", "T4"]);
  assert.equal(F.moveFor(v, "T0", "T4"), "T0-T4");
  assert.equal(F.moveFor(v, "T0", "T5"), null);
  assert.equal(F.turnText(v, null), "Tap a glowing priest: bring all four to the peak");
  assert.equal(F.turnText(v, "B0"), "The priest on B0: tap where he goes");
  assert.equal(F.squareWords(v.board.rows[0][0]), "T0, the ground, a priest");
  assert.equal(F.squareWords(v.board.rows[0][6]), `T6, ${v.board.rows[0][6].number}, the peak`);
});

test("after a move the priest goes on from where he stands, and the moves are counted", () => {
  const v = fixture("fujisan-moved");
  assert.deepEqual(F.options(v, "B3").squares, ["T3", "B2", "B6"]);
  assert.deepEqual(F.infoItems(v), [["Moves", 1]]);
  assert.equal(F.options({ ...v, status: "over" }, null).squares.length, 0);
});
