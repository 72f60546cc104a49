import assert from "node:assert/strict";
import { test } from "node:test";
import { fixture, load } from "./helpers.mjs";

const W = await load("boards/line-words.js");
const { fit } = await load("boards/line-layout.js");

test("the first move of a hand: the lead, and the only tile that may open", () => {
  const v = W.adapt(fixture("line-opening"));
  assert.equal(W.myTurn(v), true);
  assert.equal(W.turnText(v, null), "Your lead: open with 5:5");
  assert.deepEqual(W.movesFor(v, "5:5"), ["5:5"]);
  assert.deepEqual(W.movesFor(v, "6:2"), []);
  assert.equal(W.endOf("5:5"), "centre");
  assert.equal(W.moveWords(v.layout, "5:5", null), "5:5 to open the line");
});

test("a spinner's short sides are named by the way their branch leaves the double", () => {
  const v = W.adapt(fixture("line-spinner"));
  const drawn = fit(v.layout, 800, 450, { maxUnit: 40 });
  const words = Object.fromEntries(v.layout.ends.map((e) => [e.name, W.endWords(v.layout, e.name, drawn)]));
  assert.deepEqual(words, {
    left: "the left end", right: "the right end", up: "the upper branch of 6:6", down: "the lower branch of 6:6",
  });
  // Without a fitted board there is no way to tell which way a branch goes.
  assert.equal(W.endWords(v.layout, "down", null), "a branch of 6:6");
  assert.equal(W.describe(v, v.last, null, drawn), "Lily played 6:1 on the lower branch of 6:6");
  assert.equal(W.moveWords(v.layout, "5:1@down", drawn), "5:1 on the lower branch of 6:6");
  assert.equal(W.hintWords(v, "5:1@down", drawn), "Hint: play 5:1 on the lower branch of 6:6");
});

test("a tile that fits two ends lists both; a picked tile is said on the status line", () => {
  const v = W.adapt(fixture("line-spinner"));
  assert.deepEqual(W.movesFor(v, "5:4"), ["5:4@left", "5:4@right"]);
  assert.equal(W.turnText(v, null), "Your turn");
  assert.equal(W.turnText(v, "5:4"), "Place 5:4: tap a glowing end");
  const theirs = { ...v, to_move: 1 };
  assert.deepEqual(W.movesFor(theirs, "5:4"), []);
  assert.equal(W.turnText(theirs, null), "Lily is thinking…");
});

test("branchWay reads where the branch's first tile lies against the double", () => {
  const spinner = { x: 0, y: 0, w: 1, h: 2 };
  assert.equal(W.branchWay(spinner, { x: 0, y: -3, w: 1, h: 2 }), "upper");
  assert.equal(W.branchWay(spinner, { x: 0, y: 3, w: 1, h: 2 }), "lower");
  assert.equal(W.branchWay(spinner, { x: -3, y: 0.5, w: 2, h: 1 }), "left");
  assert.equal(W.branchWay(spinner, { x: 2, y: 0.5, w: 2, h: 1 }), "right");
});

test("nothing fits and the boneyard is open: the player must draw", () => {
  const v = W.adapt(fixture("line-must-draw"));
  assert.equal(W.mustDraw(v), true);
  assert.equal(W.mustPass(v), false);
  assert.equal(W.turnText(v, null), "Nothing fits: tap the boneyard to draw");
  assert.equal(W.moveWords(v.layout, "draw", null), "Draw");
  assert.equal(W.hintWords(v, "draw", null), "Hint: draw from the boneyard");
  // The tile drawn is named, and whether it fits (the next legal move is not another draw).
  const after = { ...v, hand: [...v.hand, "4:4"], legal_moves: ["4:4@left"], last: { seat: 0, move: "draw", points: 0 } };
  assert.equal(W.describe(after, after.last, v, null), "You drew 4:4 and it fits");
  const again = { ...after, legal_moves: ["draw"] };
  assert.equal(W.describe(again, again.last, v, null), "You drew 4:4");
  assert.equal(W.describe(v, { seat: 1, move: "draw", points: 0 }, null, null), "Lily drew a tile");
  assert.deepEqual(W.bubbleOf(v, { seat: 1, move: "draw", points: 0 }), { text: "Draws", score: false });
  assert.equal(W.bubbleOf(v, { seat: 0, move: "draw", points: 0 }), null);
});

test("a pass and a scoring move are said and shown over the name", () => {
  const v = W.adapt(fixture("line-spinner"));
  const pass = { seat: 1, move: "pass", points: 0 };
  assert.equal(W.describe(v, pass, null, null), "Lily can't play and passes");
  assert.deepEqual(W.bubbleOf(v, pass), { text: "Pass", score: false });
  assert.equal(W.soundOf("pass"), "pass");
  assert.equal(W.soundOf("draw"), "take");
  const scored = { seat: 0, move: "5:4@left", points: 10 };
  assert.equal(W.describe(v, scored, null, null), "You played 5:4 on the left end and score 10");
  assert.deepEqual(W.bubbleOf(v, scored), { text: "+10", score: true });
  assert.equal(W.soundOf("5:4@left"), "play");
  assert.equal(W.mustPass({ ...v, legal_moves: ["pass"] }), true);
});

test("the kozel hand sheet: who went out, the lighter pair, the eggs carried", () => {
  const v = W.adapt(fixture("line-kozel-sheet"));
  assert.equal(v.status, "sheet");
  assert.equal(W.handTitle(v, v.sheet), "Zoe went out");
  assert.equal(W.sheetNote(v, v.sheet), "Lily & Zoe win the hand; the others write their pips.");
  assert.deepEqual(W.infoItems(v), [["Hand", v.sheet.number], ["Carried", v.eggs]]);
  const blocked = { ...v.sheet, ending: "blocked", winner: null, eggs: 12 };
  assert.equal(W.handTitle(v, blocked), "Fish! The hand is blocked");
  assert.equal(W.sheetNote(v, blocked), "Equal pips: eggs! Nobody writes. 12 points carried into the next hand.");
  const plain = { ...v, carries_eggs: false };
  assert.equal(W.handTitle(plain, blocked), "Blocked: nobody can play");
});

test("the info chip counts what the game has: the ends in play, the boneyard", () => {
  const v = W.adapt(fixture("line-spinner"));
  assert.deepEqual(W.infoItems(v), [["Hand", v.hand_no], ["Ends", v.layout.count], ["Boneyard", v.boneyard_size]]);
});

test("while another person's hand sheet is open, the leader's tiles fit nowhere; when it closes they fit again", () => {
  const v = W.adapt(fixture("line-opening"));
  const waiting = { ...v, sheets_open: [1] };
  assert.equal(W.myTurn(waiting), false);
  assert.deepEqual(W.movesFor(waiting, "5:5"), []);
  assert.equal(W.mustDraw({ ...waiting, legal_moves: [W.DRAW] }), false);
  // The person's own open sheet holds nobody up at this page (they are looking at the table).
  const ownOnly = { ...v, sheets_open: [v.seat] };
  assert.equal(W.myTurn(ownOnly), true);
  assert.deepEqual(W.movesFor(ownOnly, "5:5"), ["5:5"]);
  const closed = { ...v, sheets_open: [] };
  assert.deepEqual(W.movesFor(closed, "5:5"), ["5:5"]);
});

test("once the match is over its last hand stays: what each held is shown face up on the results screen", () => {
  const sheet = fixture("line-kozel-sheet");
  const over = W.adapt({ ...sheet, status: "over", sheet: null });
  assert.ok(over.lastHand && over.lastHand.hands.length === sheet.players, JSON.stringify(Object.keys(over.lastHand || {})));
  assert.deepEqual(over.lastHand.hands, sheet.hands.at(-1).details.hands);
  assert.equal(W.adapt({ ...sheet, sheet: null }).lastHand, undefined); // still playing: nothing kept
});
