import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./helpers.mjs";

const net = await load("shell/net.js");

test("after a failure the wait doubles from half a second up to eight", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 20].map(net.backoff), [500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
  assert.equal(net.backoff(0), 500);
});
