import assert from "node:assert/strict";
import { test } from "node:test";
import { mark, markWords, marksOf } from "../../../src/bones/web/static/boards/marks.js";

// Just enough of an element for the boards' marks.
function fakeElement(label = "") {
  const classes = new Set();
  const attrs = new Map(label ? [["aria-label", label]] : []);
  return {
    dataset: {},
    classList: { toggle: (name, on) => (on ? classes.add(name) : classes.delete(name)), contains: (name) => classes.has(name) },
    getAttribute: (name) => (attrs.has(name) ? attrs.get(name) : null),
    setAttribute: (name, value) => attrs.set(name, value),
  };
}

const ctxWith = (hint) => ({ S: { hint } });

test("the marks come from the shell's hint: a game's hint has a best move only", () => {
  assert.deepEqual(marksOf(ctxWith(null)), { best: null, played: null, review: false });
  assert.deepEqual(marksOf(ctxWith({ best: "5:5@left", estimates: [] })), { best: "5:5@left", played: null, review: false });
  assert.deepEqual(marksOf(ctxWith({ best: "5:5@left", played: "6:1@right", review: true })), { best: "5:5@left", played: "6:1@right", review: true });
});

test("in a review the move played and the best are marked apart, with words for players", () => {
  const m = marksOf(ctxWith({ best: "5:5@left", played: "6:1@right", review: true }));
  const best = fakeElement("5:5, fits");
  const played = fakeElement("6:1, fits");
  const both = fakeElement("the left end");
  const neither = fakeElement("4:4");
  mark(best, m, true, false);
  mark(played, m, false, true);
  mark(both, m, true, true);
  mark(neither, m, false, false);
  assert.ok(best.classList.contains("hinted") && !best.classList.contains("played"));
  assert.ok(played.classList.contains("played") && !played.classList.contains("hinted"));
  assert.deepEqual([best.dataset.mark, played.dataset.mark, both.dataset.mark, neither.dataset.mark], ["best", "played", "played · best", undefined]);
  assert.equal(played.getAttribute("aria-label"), "6:1, fits (played)");
  assert.equal(both.getAttribute("aria-label"), "the left end (played and best)");
  assert.equal(neither.getAttribute("aria-label"), "4:4");
});

test("a game's hint glows without words, and a move played that was the best gets the one word best", () => {
  const hint = marksOf(ctxWith({ best: "5:5@left" }));
  const e = fakeElement("5:5");
  mark(e, hint, true, false);
  assert.ok(e.classList.contains("hinted"));
  assert.equal(e.dataset.mark, undefined);
  assert.equal(e.getAttribute("aria-label"), "5:5");
  assert.equal(markWords(marksOf(ctxWith({ best: "5:5@left", played: null, review: true })), true, false), "best");
});
