// The REVIEW's chart and words as data: where each point of the chart lies, which point a tap is
// nearest, a mark's words, each seat's figures. Pure (no page), so node's test runner checks it.

// Units where fewer is better (moves to the goal, a penalty): their chart is drawn upside down, so up is
// always the good way for the player.
const FEWER_IS_BETTER = /moves to|penalty/i;

export const isChance = (label) => /^chance/i.test(label || "");

// The chart's frame: the value range shown and whether it is turned over.
export function chartRange(points, label) {
  if (isChance(label)) return { low: 0, high: 1, flip: false, middle: 0.5 };
  const values = points.map((p) => p[1]);
  let low = Math.min(0, ...values);
  let high = Math.max(0, ...values);
  if (high - low < 1e-9) { low -= 1; high += 1; }
  const pad = (high - low) * 0.08;
  return { low: low - pad, high: high + pad, flip: FEWER_IS_BETTER.test(label || ""), middle: FEWER_IS_BETTER.test(label || "") ? null : 0 };
}

// Each point [move number, value] placed in a width x height box with `pad` around, the first move at
// the left and the last at the right; `middle` is where the even line lies (null: none).
export function chartPoints(points, label, { width = 320, height = 120, pad = 10, moves = null } = {}) {
  const range = chartRange(points, label);
  const first = points.length ? points[0][0] : 0;
  const last = moves || (points.length ? points[points.length - 1][0] : 1);
  const span = Math.max(1, last - first);
  const x = (n) => pad + ((n - first) / span) * (width - 2 * pad);
  const y = (value) => {
    const share = (value - range.low) / (range.high - range.low);
    return pad + (range.flip ? share : 1 - share) * (height - 2 * pad);
  };
  const placed = points.map(([number, value]) => ({ number, value, x: round(x(number)), y: round(y(value)) }));
  return { placed, middle: range.middle === null ? null : round(y(range.middle)), range };
}

const round = (n) => Math.round(n * 10) / 10;

// The path through the placed points ("M x y L x y ..."): numbers only.
export function linePath(placed) {
  return placed.map((p, i) => `${i ? "L" : "M"}${p.x} ${p.y}`).join(" ");
}

// The placed point nearest to `x` (a tap anywhere on the chart picks the move below it).
export function nearest(placed, x) {
  let best = null;
  for (const p of placed) if (!best || Math.abs(p.x - x) < Math.abs(best.x - x)) best = p;
  return best;
}

// One step through `count` items from `index` by an arrow key (-1 before the first: nothing chosen yet).
export function stepTo(index, key, count) {
  if (!count) return -1;
  if (key === "ArrowRight" || key === "ArrowDown") return Math.min(count - 1, index + 1);
  if (key === "ArrowLeft" || key === "ArrowUp") return index < 0 ? count - 1 : Math.max(0, index - 1);
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return index;
}

// The moves a board marks at a reviewed decision: the best and, where it is not the best, the move
// played. A move marked best may still differ from the analysis' first (a tie): it is the best then.
// An unvalued move has no best to show: only the move played.
export function reviewMarks(d) {
  const fair = d.fair || {};
  if (fair.best_move && fair.best_move !== d.move && fair.mark !== "best") return { best: fair.best_move, played: d.move };
  if (fair.mark) return { best: d.move, played: null };
  return { best: null, played: d.move };
}

export const MARK_WORDS = { best: "best", good: "good", inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder" };

const number = (x) => (Math.abs(x) >= 10 || Number.isInteger(x) ? String(Math.round(x)) : x.toFixed(1));

// A chance as players read it: whole percents, a tenth under 10% (most losses in a match are small).
export const percent = (x) => `${x * 100 < 9.95 ? (Math.round(x * 1000) / 10).toFixed(1) : Math.round(x * 100)}%`;

// What a decision cost, in words: "mistake, 4.0 moves to the goal lost" / "blunder, 12% of the chance to win the match lost".
export function lossWords(judgement) {
  if (!judgement || !judgement.mark) return "not valued";
  const mark = MARK_WORDS[judgement.mark] || judgement.mark;
  if (judgement.mark === "best") return mark;
  if (judgement.chance_loss !== null && judgement.chance_loss !== undefined && judgement.chance_of) {
    return `${mark}, ${percent(judgement.chance_loss)} of the chance to ${judgement.chance_of} lost`;
  }
  if (judgement.loss === null || judgement.loss === undefined) return mark;
  const unit = judgement.loss === 1 ? String(judgement.unit).replace(/^moves\b/, "move") : judgement.unit;
  return `${mark}, ${number(judgement.loss)} ${unit} lost`;
}

// Each seat's line: its name, accuracy and marks; and its costliest decisions (move numbers -> decisions).
export function seatLines(review, names) {
  const byNumber = new Map(review.decisions.map((d) => [d.number, d]));
  return review.seats.map((s) => ({
    seat: s.seat,
    name: names[s.seat] || `Player ${s.seat + 1}`,
    accuracy: s.accuracy === null || s.accuracy === undefined ? null : Math.round(s.accuracy),
    decisions: s.decisions,
    marks: s.marks,
    costliest: s.costliest.map((n) => byNumber.get(n)).filter(Boolean),
  }));
}

// The puzzles' words for a decision: the moves to the goal before and after it.
export function goalWords(decision) {
  if (decision.goal_before === undefined && decision.goal_after === undefined) return "";
  const said = (n) => (n === null || n === undefined ? "out of reach" : `${n} move${n === 1 ? "" : "s"}`);
  return `goal ${said(decision.goal_before)} away before, ${said(decision.goal_after)} after`;
}

const LEVEL_WORDS = { easy: "Easy", normal: "Normal", hard: "Hard", expert: "Expert" };

// A finished game as YOUR GAMES lists it: what, when, who played (the player as "you") and how it ended.
export function gameLine(game, when) {
  const names = game.names.map((n, seat) => (seat === game.seat ? "you" : n));
  const sides = [...new Set(game.sides)];
  const sideName = (side) => names.filter((_, seat) => game.sides[seat] === side).join(" & ");
  const scores = game.scores.length > 1 ? sides.map((side) => `${sideName(side)} ${game.scores[side]}`).join(" – ") : "";
  const single = game.names.length === 1;
  let result;
  if (single) result = game.won ? "Solved" : "Not solved";
  else result = game.won ? "You won" : game.winners.length ? `${sideName(game.sides[game.winners[0]])} won` : "No winner";
  if (scores) result += `: ${scores}`;
  if (game.accuracy !== null && game.accuracy !== undefined) result += ` · your accuracy ${Math.round(game.accuracy)}%`;
  const who = single ? `${game.moves} moves` : `Played by ${names.join(", ")}`;
  const date = when.toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
  const time = when.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  return { title: `${game.title} · ${LEVEL_WORDS[game.level] || game.level}`, when: `${date}, ${time}`, who, result };
}

// A puzzle's chart: the moves to the goal before the first decision and after each, the goal out of
// reach (giving up) drawn past the farthest it ever was, as a blunder.
export function goalPoints(decisions) {
  const known = decisions.flatMap((d) => [d.goal_before, d.goal_after]).filter((n) => n !== null && n !== undefined);
  if (!decisions.length || !known.length) return [];
  const lost = Math.max(...known) + 2;
  const at = (n) => (n === null || n === undefined ? lost : n);
  return [[decisions[0].number - 1, at(decisions[0].goal_before)], ...decisions.map((d) => [d.number, at(d.goal_after)])];
}

export const isGoal = (decisions) => decisions.length > 0 && decisions.every((d) => "goal_before" in d);

// "1 blunder", "2 inaccuracies".
export function marksWords(mark, count) {
  const word = MARK_WORDS[mark] || mark;
  return `${count} ${count === 1 ? word : word.endsWith("y") ? `${word.slice(0, -1)}ies` : `${word}s`}`;
}
