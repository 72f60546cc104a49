import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./helpers.mjs";

const T = await load("boards/line-targets.js");

const overlap = (a, b) =>
  Math.min(a.left + a.width, b.left + b.width) > Math.max(a.left, b.left) &&
  Math.min(a.top + a.height, b.top + b.height) > Math.max(a.top, b.top);

test("two ends a tile fits that overlap are trimmed apart, each keeping its own side", () => {
  const slots = [
    { name: "left", left: 100, top: 100, width: 80, height: 40 },
    { name: "up", left: 150, top: 110, width: 80, height: 40 },
    { name: "right", left: 160, top: 100, width: 80, height: 40 },
  ];
  const places = T.separateTargets(slots, new Set(["left", "up"]));
  const [left, up, right] = places;
  assert.equal(overlap(left, up), false);
  assert.equal(left.left, 100);
  assert.ok(up.left + up.width === 230 && up.left > 150);
  // An end the tile does not fit is left as it was (it is not tapped), and the input is not changed.
  assert.deepEqual(right, slots[2]);
  assert.equal(slots[1].left, 150);
});

test("ends apart stay as they are", () => {
  const slots = [
    { name: "left", left: 0, top: 0, width: 80, height: 40 },
    { name: "right", left: 200, top: 0, width: 80, height: 40 },
  ];
  assert.deepEqual(T.separateTargets(slots, new Set(["left", "right"])), slots);
});

test("tiles are never drawn larger than the board allows", () => {
  assert.equal(T.maxUnitFor(1280, 500), 44);
  assert.equal(T.maxUnitFor(340, 300), 34);
  assert.equal(T.maxUnitFor(50, 30), 10);
});

test("a lit end smaller than a finger grows round its middle to 44 px, inside the board", () => {
  const slots = [
    { name: "left", left: 100, top: 100, width: 58, height: 31 },
    { name: "right", left: 2, top: 0, width: 31, height: 58 },
    { name: "up", left: 300, top: 300, width: 31, height: 58 },
  ];
  const [left, right, up] = T.reachTargets(slots, new Set(["left", "right"]), { width: 400, height: 200 });
  assert.ok(left.height - 4 >= 44 && left.width === 58, JSON.stringify(left));
  assert.equal(left.top + left.height / 2, 100 + 31 / 2); // round its middle
  assert.ok(right.width - 4 >= 44 && right.left === 0); // kept inside the board
  assert.deepEqual(up, slots[2]); // an end the tile does not fit is not tapped: left as it was
});
