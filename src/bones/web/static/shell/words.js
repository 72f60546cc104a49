// How the table names things in words: tiles, levels, players and sides, scores. Pure functions
// of the view the server sends (node's test runner checks them), no page access.
export const WORDS = ["blank", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
export const LEVEL_NAMES = { easy: "Easy", normal: "Normal", hard: "Hard", crazy: "Crazy" };

export const levelName = (level) => LEVEL_NAMES[level] || level;

// "1 move", "2 moves": a number with its noun.
export const counted = (n, noun, nouns = `${noun}s`) => `${n} ${n === 1 ? noun : nouns}`;

// The other people whose hand sheet is still open: nobody plays on until they close it (the server
// refuses), so no board offers a move meanwhile.
export function sheetsWaitedFor(v) {
  if (!v || v.status !== "playing" || !v.sheets_open) return null;
  const others = v.sheets_open.filter((n) => n !== v.seat).map((n) => v.seats[n].name);
  return others.length ? `Waiting for ${others.join(" and ")} to close the sheet` : null;
}

// The person's turn to move, for every board: playing, their seat to move, and no other person's
// hand sheet open (the server would refuse the move). A puzzle has no sheets open: it never waits.
export const myTurn = (v) => !!v && v.status === "playing" && v.to_move === v.seat && !sheetsWaitedFor(v);

export function numberWord(n) {
  return WORDS[n] || String(n);
}

export function parseTile(text) {
  return text.split(":").map(Number);
}

export function tileWords(text) {
  const [a, b] = parseTile(text);
  return a === b ? `double ${numberWord(a)}` : `${numberWord(a)}–${numberWord(b)}`;
}

export function seatName(v, seat) {
  return seat === v.seat ? "You" : v.seats[seat].name;
}

// A side is one player, or a pair ("You & Max", or "Us"/"Them" where room is short).
export function sideName(v, side, short) {
  const seats = v.sides.map((s, i) => [s, i]).filter(([s]) => s === side).map(([, i]) => i);
  if (seats.length > 1) {
    if (short) return seats.includes(v.seat) ? "Us" : "Them";
    return seats.map((i) => seatName(v, i)).join(" & ");
  }
  return seatName(v, seats[0]);
}

// The score line as parts: names as plain strings, the numbers bold, the goal dimmed. The names
// come from players (a seat may be named by whoever made the table), so they stay text.
export function scoreParts(v) {
  const parts = [];
  v.scores.forEach((score, side) => {
    if (side) parts.push(" · ");
    parts.push(`${sideName(v, side, v.teams)} `, { tag: "b", text: String(score) });
  });
  if (v.target !== null && v.target !== undefined) {
    // A board that keeps the match in its own unit (sets) names it: its hand may count to another number.
    const unit = v.score_unit ? ` ${v.score_unit}` : "";
    parts.push({ cls: "dim", text: v.low_score_wins ? ` · goat at ${v.target}` : ` / ${v.target}${unit}` });
  }
  return parts;
}

export function scoreText(v) {
  const parts = v.scores.map((s, side) => `${sideName(v, side, v.teams)} ${s}`);
  if (v.target === null || v.target === undefined) return parts.join(" · ");
  const target = v.low_score_wins ? `goat at ${v.target}` : `to ${v.target}`;
  return `${parts.join(" · ")} (${target})`;
}

export const partsText = (parts) => parts.map((p) => (typeof p === "string" ? p : p.text)).join("");

// One game with no match around it (a puzzle, a solitaire, a cooperative map): no "match", no hands won.
export const singleGame = (v) => v.target === null && v.hands.length <= 1;

// What the results say of one game: how it ended, and of a puzzle generated to a difficulty, the
// difficulty and the best its layout allowed.
export function singleGameText(v) {
  const parts = v.outcome && v.outcome.reason ? [v.outcome.reason] : [];
  if (v.difficulty) {
    const name = v.difficulty.charAt(0).toUpperCase() + v.difficulty.slice(1);
    parts.push(v.par === null || v.par === undefined ? `${name} puzzle` : `${name} puzzle, best possible: ${v.par} ${v.par_unit}`);
  }
  return parts.join(" · ");
}

// The rule options a table is played with, in the game's own order (a yes/no by its name alone, or "no ..."):
// those left at the game's default are not told. Empty where there are none.
export function optionsText(entry, options) {
  const parts = [];
  for (const o of (entry && entry.options) || []) {
    if (!options || !(o.name in options) || options[o.name] === o.default) continue;
    const value = options[o.name];
    parts.push(value === true ? o.label : value === false ? `no ${o.label}` : `${o.label} ${value}`);
  }
  return parts.join(" · ");
}
