import assert from "node:assert/strict";
import { test } from "node:test";
import { fixture, load } from "./helpers.mjs";

const B = await load("boards/bingo-words.js");

test("a double that may declare honours is one tile with two choices", () => {
  const v = fixture("bingo-lead-honours");
  const { byTile, actions } = B.choicesByTile(v);
  assert.deepEqual(byTile.get("5:5").map((c) => c.move), ["5:5", "5:5+honours"]);
  assert.deepEqual(byTile.get("6:1").map((c) => c.move), ["6:1"]);
  assert.equal(byTile.get("5:5")[1].words, "Play 5:5 and declare honours: double");
  assert.deepEqual(actions, []);
  assert.equal(B.turnText(v, null), "Your lead: play a tile");
  assert.equal(B.turnText(v, "5:5"), "5:5: play it plain or declare honours");
  assert.equal(B.trumpWords(v.board.trump), "Trumps: threes");
});

test("answering: the tile led is on the table, and who led it is said", () => {
  const v = fixture("bingo-answer");
  assert.deepEqual(B.trickOnTable(v), [{ seat: 1, tile: "3:2", honours: 0 }]);
  assert.equal(B.turnText(v, null), "Answer 3:2 with any tile");
  assert.equal(B.describe(v, v.last), "Lily led 3:2");
  assert.equal(B.soundOf(v.last.move), "play");
  const following = { ...v, board: { ...v.board, must_follow: true } };
  assert.equal(B.turnText(following, null), "Answer 3:2: follow it if you can");
  // Not this seat's turn: nothing to choose, and the other player is thinking.
  const waiting = { ...v, to_move: 1 };
  assert.equal(B.choicesByTile(waiting).byTile.size, 0);
  assert.equal(B.turnText(waiting, null), "Lily is thinking…");
});

test("the last two tiles of the boneyard: the trick's winner takes one, as buttons", () => {
  const v = fixture("bingo-take");
  const { byTile, actions } = B.choicesByTile(v);
  assert.equal(byTile.size, 0);
  assert.deepEqual(actions.map((c) => [c.move, c.words]), [
    ["take-trump", "Take the trump tile"],
    ["take-hidden", "Take the face-down tile"],
  ]);
  assert.equal(B.turnText(v, null), "Take the trump tile or the face-down tile");
  // The answer that lost the trick, said with the points it gave.
  assert.equal(B.describe(v, v.last), "Lily answered 1:1: you take the trick (8 points)");
  assert.equal(B.describe(v, { seat: 1, move: "take-trump" }), "Lily takes the trump tile");
  assert.equal(B.describe(v, { seat: 0, move: "close" }), "You close: the trump tile is turned down, nobody draws again");
  assert.equal(B.soundOf("take-hidden"), "take");
});

test("the end of a hand: who reached 70 and the sets it gave", () => {
  const v = fixture("bingo-hand-over");
  assert.equal(v.status, "sheet");
  const r = v.sheet.details;
  assert.deepEqual(r, v.board.results.at(-1));
  // Her points are said: "reached 70" alone read as 70 when she had 79 (the sets come from the points).
  assert.equal(B.handTitle(v, r), "Lily reached 70 with 79 points: 2 sets");
  assert.deepEqual(B.sheetRows(v, r), [
    { name: "You", won: false, cells: [1, 0, 7, 0, 0] },
    { name: "Lily", won: true, cells: [5, 50, 79, 2, 2] },
  ]);
  assert.equal(B.SHEET_HEAD.length, B.sheetRows(v, r)[0].cells.length + 1);
  const failed = { ...r, ending: "closer-failed", closed_by: 1, winner: 0, sets: [1, 0] };
  assert.equal(B.handTitle(v, failed), "Lily closed but fell short: You win 1 set");
  assert.equal(B.handTitle(v, { ...r, ending: "no-sets", winner: null }), "The tiles ran out with nobody at 70: no sets");
});

test("the points towards 70 and the tricks taken, per player", () => {
  const v = fixture("bingo-answer");
  const line = B.pointsLine(v);
  assert.deepEqual(line.map((p) => p.name), ["You", "Lily"]);
  assert.deepEqual(line.map((p) => p.points), v.board.points);
  assert.deepEqual(line.map((p) => p.tricks), v.board.tricks_taken);
  assert.deepEqual(B.infoItems(v), [["Hand", 1], ["Boneyard", v.board.boneyard_size]]);
});

test("another player's close is said over their name", () => {
  assert.deepEqual(B.bubbleOf({ seat: 0 }, { seat: 1, move: "close" }), { text: "Closes", score: false });
  assert.equal(B.bubbleOf({ seat: 0 }, { seat: 0, move: "close" }), null);
  assert.equal(B.bubbleOf({ seat: 0 }, { seat: 1, move: "6:6" }), null);
});

test("while Lily's hand sheet is still open nothing is offered; when she closes it the choices come back", () => {
  const v = fixture("bingo-lead-honours");
  const waiting = { ...v, sheets_open: [1] };
  assert.equal(B.myTurn(waiting), false);
  const held = B.choicesByTile(waiting);
  assert.equal(held.byTile.size, 0);
  assert.deepEqual(held.actions, []);
  assert.equal(B.turnText(waiting, null), "Waiting for Lily to close the sheet");
  const take = fixture("bingo-take");
  assert.deepEqual(B.choicesByTile({ ...take, sheets_open: [1] }).actions, []);
  // Closed (or only the player's own still open at this page): playable again.
  for (const open of [[], [0]]) {
    const again = { ...v, sheets_open: open };
    assert.equal(B.myTurn(again), true);
    assert.deepEqual(B.choicesByTile(again).byTile.get("5:5").map((c) => c.move), ["5:5", "5:5+honours"]);
    assert.equal(B.turnText(again, null), "Your lead: play a tile");
  }
  assert.ok(B.choicesByTile({ ...take, sheets_open: [] }).actions.length > 0);
});

test("the score chip counts sets and says so (it read \"/ 7\" beside the board's \"/ 70\" points)", async () => {
  const { scoreParts } = await load("shell/words.js");
  const v = fixture("bingo-hand-over");
  const text = scoreParts({ ...v, ...B.matchScores(v) }).map((p) => (typeof p === "string" ? p : p.text)).join("");
  assert.equal(text, `You 0 · Lily 2 / ${v.board.target} sets`);
});
