import assert from "node:assert/strict";
import { test } from "node:test";
import { fixture, load } from "./helpers.mjs";

const M = await load("boards/mountains-words.js");

test("a domino's placements are narrowed by the squares tapped, the other way round asked", () => {
  const v = fixture("mountains-late");
  const { tiles, others } = M.sources(v);
  assert.deepEqual([...tiles.keys()], ["6:4", "5:5", "6:5", "6:6"]);
  assert.deepEqual(others.map((c) => c.move), ["give-up"]);
  assert.deepEqual([...M.narrow(v, "6:4").glow].sort(), ["a6", "b6", "c6", "d6", "e5", "e6", "f5", "f6"]);
  assert.deepEqual([...M.narrow(v, "6:4", ["a6"]).glow], ["b6"]);
  const both = M.narrow(v, "6:4", ["a6", "b6"]);
  assert.equal(both.move, null);
  assert.deepEqual(both.ask.map((c) => c.words), ["4 on a6, 6 on b6", "6 on a6, 4 on b6"]);
  // A double on two squares is one move.
  assert.equal(M.narrow(v, "5:5", ["a6", "b6"]).move, "a6=5,b6=5");
});

test("a placed domino is lifted from either square; the map's penalty and size are counted", () => {
  const v = fixture("mountains-late");
  assert.equal(M.liftAt(v, "a1"), "lift a1");
  assert.equal(M.liftAt(v, "a6"), null);
  assert.deepEqual(M.infoItems(v), [["Penalty (lower is better)", v.board.penalty], ["Placed", 14]]);
  assert.equal(M.turnText(v, null), "Tap a domino to place it (or a placed one to lift it)");
  assert.equal(M.turnText(v, "6:6"), "Place 6:6: tap the squares it covers");
  assert.equal(M.cellWords(v.board.rows[5][0]), "a6, empty");
  assert.equal(M.sources({ ...v, status: "over" }).tiles.size, 0);
});

test("the placements written out from the dominoes and the open squares are the legal ones", () => {
  const v = fixture("mountains-late");
  const written = [...M.sources(v).tiles.values()].flat().map((c) => c.move);
  assert.deepEqual(written, v.legal_moves.filter((m) => m.includes("=")));
  assert.deepEqual(M.choiceOf(v, written[0]), M.placements(v, "6:4")[0]);
  assert.equal(M.choiceOf(v, "give-up").words, "Give up");
  assert.equal(M.choiceOf(v, "a6=4,b6=6").words, "4 on a6, 6 on b6");
});
