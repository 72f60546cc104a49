import assert from "node:assert/strict";
import { test } from "node:test";
import { fixture, load } from "./helpers.mjs";

const words = await load("shell/words.js");

test("tiles are named in words, numbers past twelve as digits", () => {
  assert.equal(words.tileWords("6:6"), "double six");
  assert.equal(words.tileWords("3:0"), "three–blank");
  assert.equal(words.tileWords("12:1"), "twelve–one");
  assert.equal(words.tileWords("15:2"), "15–two");
});

test("a number takes its noun in the singular only when it is one", () => {
  assert.equal(words.counted(1, "move"), "1 move");
  assert.equal(words.counted(0, "move"), "0 moves");
  assert.equal(words.counted(2, "move"), "2 moves");
  assert.equal(words.counted(3, "match", "matches"), "3 matches");
});

test("a pair is named by both players, or Us and Them where room is short", () => {
  const v = fixture("line-kozel-sheet");
  assert.deepEqual(v.sides, [0, 1, 0, 1]);
  assert.equal(words.sideName(v, 0), "You & Max");
  assert.equal(words.sideName(v, 1), "Lily & Zoe");
  assert.equal(words.sideName(v, 0, true), "Us");
  assert.equal(words.sideName(v, 1, true), "Them");
});

test("the score line keeps a player's name as text and marks only the numbers", () => {
  const v = structuredClone(fixture("line-spinner"));
  v.seats[1].name = "<iframe onload=alert(1)>";
  v.scores = [15, 40];
  const parts = words.scoreParts(v);
  assert.deepEqual(parts, [
    "You ", { tag: "b", text: "15" }, " · ", "<iframe onload=alert(1)> ", { tag: "b", text: "40" },
    { cls: "dim", text: ` / ${v.target}` },
  ]);
  assert.equal(words.partsText(parts), `You 15 · <iframe onload=alert(1)> 40 / ${v.target}`);
  assert.equal(words.scoreText(v), `You 15 · <iframe onload=alert(1)> 40 (to ${v.target})`);
});

test("a game where the low score wins says where the goat line is", () => {
  const v = fixture("line-kozel-sheet");
  assert.equal(words.scoreText(v), `Us ${v.scores[0]} · Them ${v.scores[1]} (goat at ${v.target})`);
  assert.deepEqual(words.scoreParts(v).at(-1), { cls: "dim", text: ` · goat at ${v.target}` });
});

test("a game without a target shows the scores alone", () => {
  const v = { ...fixture("line-spinner"), target: null, scores: [1, 2] };
  assert.equal(words.scoreText(v), "You 1 · Lily 2");
  assert.equal(words.scoreParts(v).length, 5);
});

test("one game's results say how it ended, and a generated puzzle's its difficulty and the best possible", () => {
  const v = fixture("bee-start");
  assert.equal(words.singleGame(v), true);
  assert.equal(words.singleGame(fixture("line-kozel-sheet")), false);
  assert.equal(words.singleGameText(v), ""); // not over, a random deal: nothing to say
  const over = { ...v, outcome: { winners: [0], scores: [2], reason: "queen 3: solved in 1 move" } };
  assert.equal(words.singleGameText(over), "queen 3: solved in 1 move");
  assert.equal(words.singleGameText({ ...over, difficulty: "easy", par: 3, par_unit: "moves" }), "queen 3: solved in 1 move · Easy puzzle, best possible: 3 moves");
  assert.equal(words.singleGameText({ ...v, difficulty: "hard", par: null, par_unit: "moves" }), "Hard puzzle");
});

test("a table's rule options are told in the game's order, defaults left out", () => {
  const entry = { options: [
    { name: "set", label: "set", kind: "choice", default: 6 },
    { name: "reserve", label: "reserve", kind: "bool", default: false },
    { name: "teams", label: "teams", kind: "bool", default: true },
  ] };
  assert.equal(words.optionsText(entry, { teams: false, set: 9, reserve: true }), "set 9 · reserve · no teams");
  assert.equal(words.optionsText(entry, { set: 6 }), "");
  assert.equal(words.optionsText(entry, {}), "");
  assert.equal(words.optionsText(entry, undefined), "");
  assert.equal(words.optionsText(null, { set: 9 }), "");
});

test("the table waits for the other people whose hand sheet is open, by name, only in play", () => {
  const { sheetsWaitedFor } = words;
  const seats = [{ name: "You" }, { name: "Lily" }, { name: "Max" }];
  const v = { status: "playing", seat: 0, seats, sheets_open: [0, 1, 2] };
  assert.equal(sheetsWaitedFor(v), "Waiting for Lily and Max to close the sheet");
  assert.equal(sheetsWaitedFor({ ...v, sheets_open: [0] }), null);
  assert.equal(sheetsWaitedFor({ ...v, sheets_open: [] }), null);
  assert.equal(sheetsWaitedFor({ ...v, status: "sheet" }), null);
  assert.equal(sheetsWaitedFor({ status: "playing", seat: 0, seats }), null);
});

test("whose turn it is, one rule for every board: not while another person's hand sheet is open", async () => {
  const { myTurn } = words;
  const seats = [{ name: "You" }, { name: "Lily" }];
  const v = { status: "playing", seat: 0, to_move: 0, seats, sheets_open: [] };
  assert.equal(myTurn(v), true);
  assert.equal(myTurn({ ...v, sheets_open: [1] }), false);
  assert.equal(myTurn({ ...v, sheets_open: [0] }), true);
  assert.equal(myTurn({ ...v, to_move: 1 }), false);
  assert.equal(myTurn({ ...v, status: "sheet" }), false);
  assert.equal(myTurn(null), false);
  // A puzzle sends no sheets_open: it never waits.
  assert.equal(myTurn({ status: "playing", seat: 0, to_move: 0, seats: [{ name: "You" }] }), true);
  // Every board reads it from here: no copy of its own without the wait.
  for (const name of ["bee", "bingo", "finder", "fujisan", "line", "mountains", "runners", "tetra"]) {
    const board = await load(`boards/${name}-words.js`);
    assert.equal(board.myTurn, myTurn, name);
  }
});
