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
