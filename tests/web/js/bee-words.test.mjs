import assert from "node:assert/strict";
import { test } from "node:test";
import { fixture, load } from "./helpers.mjs";

const B = await load("boards/bee-words.js");

test("the dice that can move glow, then the cells the picked die can land on", () => {
  const v = fixture("bee-start");
  assert.deepEqual(B.options(v, null).sort(), ["1,0", "1,4"]);
  assert.deepEqual(B.options(v, "1,0").slice(0, 3), ["0,0", "0,4", "1,3"]);
  assert.equal(B.moveFor(v, "1,0", "0,4"), "1R4U1");
  assert.equal(B.turnText(v, null), "Queen 3: move the dice into one group around her");
  assert.equal(B.turnText(v, "1,0"), "Die 1: tap where it lands");
  const queen = v.board.rows.flat().find((c) => c.queen);
  assert.equal(B.cellWords(queen), `row 4, column 5: ${queen.number}, the queen (die 3)`);
  assert.deepEqual(B.infoItems(v), [["Queen", 3], ["Moves this round", 0]]);
  assert.equal(B.roundText(v), "Round of queen 3: 0 moves");
  assert.equal(B.roundText({ ...v, board: { ...v.board, round_moves: 1 } }), "Round of queen 3: 1 move");
  assert.equal(B.roundText({ ...v, board: { ...v.board, queen: null } }), "All rounds played");
  assert.deepEqual(B.options({ ...v, status: "over" }, null), []);
});
