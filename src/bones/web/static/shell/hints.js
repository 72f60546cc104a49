// The hint's estimates as a table: the move in the board's words, its value in the unit the
// analyser names (expected points, sets ahead, moves to finish...), and the chance it names.
// Pure, so node's test runner checks it.
const number = (x) => (Math.abs(x) >= 10 || Number.isInteger(x) ? String(Math.round(x)) : x.toFixed(1));

export function hintTable(hint, wordsOf) {
  const estimates = hint.estimates || [];
  const unit = (estimates.find((e) => e.value !== null && e.value !== undefined) || {}).unit || null;
  const chance = estimates.find((e) => e.win_chance !== null && e.win_chance !== undefined);
  const head = ["move", ...(unit ? [unit] : []), ...(chance ? [chance.chance_of || "chance"] : [])];
  const rows = estimates.map((e) => [
    wordsOf(e.move),
    ...(unit ? [e.value === null || e.value === undefined ? "–" : `${e.value > 0 ? "+" : ""}${number(e.value)}`] : []),
    ...(chance ? [e.win_chance === null || e.win_chance === undefined ? "–" : `${Math.round(e.win_chance * 100)}%`] : []),
  ]);
  return { head, rows };
}

// The hint in little room (beside a puzzle's grid, on a phone): the best `limit` moves of the
// table, and how many more there are.
export function shortHint(hint, wordsOf, limit = 3) {
  const { head, rows } = hintTable(hint, wordsOf);
  return { head, rows: rows.slice(0, limit), more: Math.max(0, rows.length - limit) };
}
