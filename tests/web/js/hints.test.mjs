import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./helpers.mjs";

const { hintTable } = await load("shell/hints.js");

test("the hint table names the analyser's unit and chance, best move first", () => {
  const hint = {
    best: "b2-b6-a6xd6",
    estimates: [
      { move: "b2-b6-a6xd6", value: 3.25, unit: "points ahead", win_chance: 0.71, chance_of: "winning" },
      { move: "b2-b6-a6", value: -12, unit: "points ahead", win_chance: null, chance_of: "winning" },
    ],
  };
  const words = { "b2-b6-a6xd6": "Jump to d6", "b2-b6-a6": "Stop" };
  assert.deepEqual(hintTable(hint, (m) => words[m]), {
    head: ["move", "points ahead", "winning"],
    rows: [["Jump to d6", "+3.3", "71%"], ["Stop", "-12", "–"]],
  });
});

test("estimates without numbers list the moves alone", () => {
  const hint = { best: "c4", estimates: [{ move: "c4", value: null, unit: "", win_chance: null }] };
  assert.deepEqual(hintTable(hint, (m) => `Step onto ${m}`), { head: ["move"], rows: [["Step onto c4"]] });
});
