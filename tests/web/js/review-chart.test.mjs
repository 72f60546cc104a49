import assert from "node:assert/strict";
import { test } from "node:test";
import { chartPoints, chartRange, gameLine, goalPoints, goalWords, isGoal, marksWords, linePath, lossWords, nearest, percent, reviewMarks, seatLines, stepTo } from "../../../src/bones/web/static/shell/review-chart.js";

test("a chance is drawn from 0 to 100% with the even line in the middle", () => {
  const { placed, middle } = chartPoints([[1, 0.5], [3, 1], [5, 0]], "chance to win", { width: 120, height: 100, pad: 10 });
  assert.deepEqual(placed.map((p) => [p.x, p.y]), [[10, 50], [60, 10], [110, 90]]);
  assert.equal(middle, 50);
  assert.equal(linePath(placed), "M10 50 L60 10 L110 90");
});

test("points ahead keep zero in sight, and moves to the goal are drawn upside down", () => {
  const points = chartRange([[1, 3], [2, 7]], "expected points");
  assert.ok(points.low < 0 && points.high > 7 && !points.flip && points.middle === 0);
  const goal = chartPoints([[1, 4], [2, 2]], "moves to the goal", { width: 100, height: 100, pad: 0 });
  assert.ok(goal.placed[0].y > goal.placed[1].y, "fewer moves to go is higher");
  assert.equal(goal.middle, null);
  const flat = chartRange([[1, 0], [2, 0]], "points");
  assert.ok(flat.high > flat.low);
});

test("a tap picks the nearest point, and the arrow keys step within the moves", () => {
  const { placed } = chartPoints([[1, 0.2], [4, 0.4], [9, 0.9]], "chance to win", { width: 100, pad: 0 });
  assert.equal(nearest(placed, 40).number, 4);
  assert.equal(nearest([], 3), null);
  assert.equal(stepTo(-1, "ArrowRight", 3), 0);
  assert.equal(stepTo(-1, "ArrowLeft", 3), 2);
  assert.equal(stepTo(2, "ArrowRight", 3), 2);
  assert.equal(stepTo(0, "ArrowLeft", 3), 0);
  assert.equal(stepTo(1, "End", 3), 2);
  assert.equal(stepTo(1, "x", 3), 1);
  assert.equal(stepTo(0, "ArrowRight", 0), -1);
});

test("words for a decision, and each seat's figures by name", () => {
  assert.equal(lossWords({ mark: "mistake", loss: 4, unit: "expected points", chance_loss: null }), "mistake, 4 expected points lost");
  assert.equal(lossWords({ mark: "blunder", loss: 0.2, unit: "x", chance_loss: 0.123, chance_of: "win" }), "blunder, 12% of the chance to win lost");
  assert.equal(lossWords({ mark: "best", loss: 0 }), "best");
  // A match's chance: a small loss keeps a decimal.
  assert.equal(lossWords({ mark: "inaccuracy", loss: 0.023, unit: "chance to win the match", chance_loss: 0.023, chance_of: "win the match" }), "inaccuracy, 2.3% of the chance to win the match lost");
  assert.deepEqual([percent(0.004), percent(0.0996), percent(0.5), percent(1)], ["0.4%", "10%", "50%", "100%"]);
  assert.equal(lossWords({ mark: null }), "not valued");
  assert.equal(goalWords({ goal_before: 3, goal_after: null }), "goal 3 moves away before, out of reach after");
  assert.equal(goalWords({}), "");
  const review = {
    decisions: [{ number: 2, seat: 0 }, { number: 5, seat: 1 }],
    seats: [{ seat: 0, accuracy: 81.46, decisions: 1, marks: {}, costliest: [2] }, { seat: 1, accuracy: null, decisions: 1, marks: {}, costliest: [5, 99] }],
  };
  const lines = seatLines(review, ["Ann", "Bo"]);
  assert.deepEqual(lines.map((l) => [l.name, l.accuracy, l.costliest.map((d) => d.number)]), [["Ann", 81, [2]], ["Bo", null, [5]]]);
});

test("a finished game in the list: names, the player as you, the result and accuracy", () => {
  const game = { title: "Kozel", level: "normal", names: ["Ann", "Bo", "Cy", "Di"], seat: 0, sides: [0, 1, 0, 1], scores: [12, 30], won: true, winners: [0, 2], moves: 40, accuracy: 83.6 };
  const line = gameLine(game, new Date("2026-12-03T17:00:00Z"));
  assert.equal(line.title, "Kozel · Normal");
  assert.equal(line.who, "Played by you, Bo, Cy, Di");
  assert.equal(line.result, "You won: you & Cy 12 – Bo & Di 30 · your accuracy 84%");
  const puzzle = gameLine({ title: "Fujisan", level: "normal", names: ["Ann"], seat: 0, sides: [0], scores: [1], won: false, winners: [], moves: 2, accuracy: null }, new Date());
  assert.equal(puzzle.result, "Not solved");
  assert.equal(puzzle.who, "2 moves");
  const lost = gameLine({ ...game, won: false, winners: [1, 3], accuracy: null }, new Date());
  assert.equal(lost.result, "Bo & Di won: you & Cy 12 – Bo & Di 30");
});

test("a puzzle's chart counts the moves to the goal, giving up drawn past the farthest", () => {
  const decisions = [{ number: 1, goal_before: 11, goal_after: 11 }, { number: 2, goal_before: 10, goal_after: null }];
  assert.ok(isGoal(decisions) && !isGoal([{ number: 1 }]) && !isGoal([]));
  assert.deepEqual(goalPoints(decisions), [[0, 11], [1, 11], [2, 13]]);
  assert.deepEqual(goalPoints([]), []);
  assert.equal(lossWords({ mark: "inaccuracy", loss: 1, unit: "moves to the goal" }), "inaccuracy, 1 move to the goal lost");
});

test("marks counted in words", () => {
  assert.equal(marksWords("blunder", 1), "1 blunder");
  assert.equal(marksWords("inaccuracy", 2), "2 inaccuracies");
  assert.equal(marksWords("mistake", 3), "3 mistakes");
});

test("a reviewed decision marks the move played and the best, or one mark where they are the same", () => {
  assert.deepEqual(reviewMarks({ move: "6:1@left", fair: { mark: "mistake", best_move: "5:5@right" } }), { best: "5:5@right", played: "6:1@left" });
  assert.deepEqual(reviewMarks({ move: "6:1@left", fair: { mark: "best", best_move: "6:1@left" } }), { best: "6:1@left", played: null });
  // A tie: marked best though the analysis listed another first.
  assert.deepEqual(reviewMarks({ move: "6:1@left", fair: { mark: "best", best_move: "3:3@left" } }), { best: "6:1@left", played: null });
  assert.deepEqual(reviewMarks({ move: "T1-T2", fair: { mark: null, best_move: "" } }), { best: null, played: "T1-T2" });
});
