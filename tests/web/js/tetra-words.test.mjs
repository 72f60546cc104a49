import assert from "node:assert/strict";
import { test } from "node:test";
import { fixture, load } from "./helpers.mjs";

const T = await load("boards/tetra-words.js");

test("the first domino: every tile in hand goes on the first two cells, either way round", () => {
  const v = fixture("tetra-first");
  const { tiles, pieces, actions } = T.sources(v);
  assert.deepEqual([...tiles.keys()].sort(), ["2:2", "5:1", "6:2", "6:6"]);
  assert.equal(pieces.size, 0);
  assert.deepEqual(actions, []);
  assert.equal(T.turnText(v), "Play a domino: tap a glowing one in your hand");
  assert.equal(T.turnText(v, { source: "5:1" }), "Play 5:1: tap the cells it goes on");
  // Both cells glow; tapped, two moves are left on the same cells: asked in words.
  assert.deepEqual([...T.narrow(v, "5:1").glow].sort(), ["0,0", "0,1"]);
  const one = T.narrow(v, "5:1", [[0, 0]]);
  assert.deepEqual([...one.glow], ["0,1"]);
  assert.equal(one.move, null);
  const both = T.narrow(v, "5:1", [[0, 0], [0, 1]]);
  assert.deepEqual(both.ask.map((c) => c.words), ["Play 5:1 across, 1 on the left", "Play 5:1 across, 5 on the left"]);
  // A double has one way round: its cells make the move.
  assert.equal(T.narrow(v, "2:2", [[0, 0], [0, 1]]).move, "2:2@0,0>");
});

test("a tetromino is narrowed down by the cells tapped", () => {
  const v = fixture("tetra-tetromino");
  const { pieces, actions } = T.sources(v);
  assert.deepEqual([...pieces.keys()], ["J/light"]);
  assert.deepEqual(actions.map((c) => c.move), ["skip"]);
  assert.equal(T.turnText(v), "Lay a tetromino on the domino you played (tap a piece), or skip");
  const all = T.narrow(v, "J/light");
  assert.equal(all.left.length, 2);
  assert.ok(all.glow.has("-1,-1") && all.glow.has("-3,0") && all.glow.has("-1,-2"));
  // A cell only one placement covers decides it.
  assert.equal(T.narrow(v, "J/light", [[-3, 0]]).move, "J/light@-3,-1 -3,0 -2,-1 -1,-1");
  assert.equal(T.narrow(v, "J/light", [[-1, -1]]).move, null);
  assert.deepEqual(T.scores(v).scores, v.board.counts);
});

test("stuck: the dominoes to show are buttons, with nothing to tap on the table", () => {
  const v = fixture("tetra-stuck");
  const { tiles, actions } = T.sources(v);
  assert.equal(tiles.size, 0);
  assert.deepEqual(actions.map((c) => c.words).slice(0, 2), ["Show 2:2 6:0", "Show 2:2 6:2"]);
  assert.equal(T.turnText(v), "Nothing fits: show two dominoes and draw, or pass");
  assert.deepEqual(T.infoItems(v), [["Pile", v.board.pile_size], ["Pieces left", 6]]);
  const cell = v.board.cells[0];
  assert.equal(T.cellWords(v, cell).startsWith(`row ${cell.row}, column ${cell.col}: ${cell.number}`), true);
});

test("a tetromino's cells are read from its move, so the board can show it laid", () => {
  assert.deepEqual(T.tetrominoCells("J/light@-3,-1 -3,0 -2,-1 -1,-1"), [[-3, -1], [-3, 0], [-2, -1], [-1, -1]]);
  // A domino, or a move that covers nothing, has no tetromino cells.
  assert.deepEqual(T.tetrominoCells("0:6@-3,-1>"), []);
  assert.deepEqual(T.tetrominoCells("skip"), []);
  assert.deepEqual(T.tetrominoCells(undefined), []);
});

test("a move is told without the grid's notation of its place", () => {
  assert.equal(T.moveText("Lily plays 4:5@-1,-1v. Lily draws."), "Lily plays 4:5. Lily draws");
  assert.equal(T.moveText("You play 6:6@0,12>."), "You play 6:6");
  assert.equal(T.moveText("Lily plays 4:5@0,1>. Lily draws."), "Lily plays 4:5. Lily draws");
  assert.equal(T.moveText("Lily lays the S light side up (2 so far)."), "Lily lays the S light side up (2 so far)");
  assert.equal(T.moveText(undefined), "");
});

test("another player's move the grid does not show is said over their name", () => {
  const v = { seat: 0 };
  assert.deepEqual(T.bubbleOf(v, { seat: 1, move: "pass" }), { text: "Pass", score: false });
  assert.deepEqual(T.bubbleOf(v, { seat: 2, move: "reveal 5:5 3:1" }), { text: "Shows two, draws", score: false });
  assert.deepEqual(T.bubbleOf(v, { seat: 1, move: "give 6:2" }), { text: "Trades", score: false });
  assert.equal(T.bubbleOf(v, { seat: 1, move: "5:3@0,1>" }), null); // laid on the grid: seen there
  assert.equal(T.bubbleOf(v, { seat: 0, move: "pass" }), null); // the player's own: said on the top line
});

test("while Lily's hand sheet is still open no domino, piece or move is offered; when she closes it they are again", () => {
  const v = fixture("tetra-tetromino");
  const waiting = { ...v, sheets_open: [1] };
  assert.equal(T.myTurn(waiting), false);
  const held = T.sources(waiting);
  assert.deepEqual([held.tiles.size, held.pieces.size, held.actions.length], [0, 0, 0]);
  assert.equal(T.narrow(waiting, "J/light").glow.size, 0);
  assert.equal(T.turnText(waiting), "Waiting for Lily to close the sheet");
  const first = fixture("tetra-first");
  assert.equal(T.sources({ ...first, sheets_open: [1] }).tiles.size, 0);
  for (const open of [[], [0]]) {
    const again = T.sources({ ...v, sheets_open: open });
    assert.deepEqual([...again.pieces.keys()], ["J/light"]);
    assert.deepEqual(again.actions.map((c) => c.move), ["skip"]);
    assert.ok(T.narrow({ ...v, sheets_open: open }, "J/light").glow.size > 0);
  }
  assert.deepEqual([...T.sources({ ...first, sheets_open: [] }).tiles.keys()].sort(), ["2:2", "5:1", "6:2", "6:6"]);
});
