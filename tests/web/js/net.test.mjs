import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./helpers.mjs";

const net = await load("shell/net.js");

test("after a failure the wait doubles from half a second up to eight", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 20].map(net.backoff), [500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
  assert.equal(net.backoff(0), 500);
});

test("an answer still searched is asked for again until it comes, or is no longer wanted", async () => {
  const answers = [{ pending: true }, { pending: true }, { best: "6:6" }];
  let asked = 0;
  assert.deepEqual(await net.untilReady(async () => answers[asked++]), { best: "6:6" });
  assert.equal(asked, 3);
  asked = 0;
  let wanted = 2;
  const left = await net.untilReady(async () => { asked += 1; return { pending: true }; }, () => --wanted > 0);
  assert.deepEqual(left, { pending: true });
  assert.equal(asked, 2);
});
