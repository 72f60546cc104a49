import assert from "node:assert/strict";
import { test } from "node:test";
import { fixture, load } from "./helpers.mjs";

const { fit } = await load("boards/line-layout.js");
const { adapt } = await load("boards/line-words.js");

const overlap = (a, b) =>
  Math.min(a.left + a.width, b.left + b.width) > Math.max(a.left, b.left) + 0.5 &&
  Math.min(a.top + a.height, b.top + b.height) > Math.max(a.top, b.top) + 0.5;

// The boards of a desktop, a phone upright and a phone sideways.
const BOARDS = [[1180, 520], [340, 420], [560, 170]];

for (const name of ["line-spinner", "line-must-draw", "line-kozel-sheet"]) {
  for (const [width, height] of BOARDS) {
    test(`${name} fits a ${width}x${height} board: every tile inside, none over another`, () => {
      const v = adapt(fixture(name));
      const layout = v.status !== "playing" && v.sheet ? v.sheet.layout : v.layout;
      const drawn = fit(layout, width, height, { maxUnit: 40 });
      assert.equal(drawn.bad, 0);
      assert.equal(drawn.tiles.length, layout.tiles.length);
      drawn.tiles.forEach((r, i) => {
        assert.ok(r.left >= -0.5 && r.top >= -0.5, `tile ${i} off the top left`);
        assert.ok(r.left + r.width <= width + 0.5 && r.top + r.height <= height + 0.5, `tile ${i} off the board`);
        // A double lies across the line; a tile shows its numbers in the order of the placement.
        const t = layout.tiles[i];
        assert.deepEqual([r.a, r.b].sort(), [t.near, t.far].sort());
        for (let j = 0; j < i; j++) assert.equal(overlap(r, drawn.tiles[j]), false, `tiles ${j} and ${i} overlap`);
      });
      for (const end of layout.ends) assert.ok(drawn.slots.some((s) => s.name === end.name), `no place for ${end.name}`);
    });
  }
}

test("a bigger board gets bigger tiles, up to the largest asked for", () => {
  const v = adapt(fixture("line-kozel-sheet"));
  const small = fit(v.sheet.layout, 340, 420, { maxUnit: 40 });
  const big = fit(v.sheet.layout, 1180, 520, { maxUnit: 40 });
  assert.ok(big.unit > small.unit);
  assert.ok(big.unit <= 40);
});
