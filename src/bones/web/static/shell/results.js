// The end of a hand and of a match, whatever the game: the hand sheet (a board may fill it its own way) and the
// results with the player's statistics. The table (table.js) shows them; they change nothing at the table.
import { $, el, row } from "./dom.js";
import { api } from "./net.js";
import { sound } from "./sound.js";
import { S } from "./state.js";
import { staticTile } from "./tiles.js";
import { levelName, sideName, singleGame, singleGameText } from "./words.js";

const TROPHY_PATHS = [
  ["path", { fill: "#f2c14e", stroke: "#7a5600", "stroke-width": "2", d: "M18 8h28v10c0 10-6 18-14 19-8-1-14-9-14-19z" }],
  ["path", { fill: "none", stroke: "#f2c14e", "stroke-width": "4", d: "M18 13H9c0 9 5 13 11 13M46 13h9c0 9-5 13-11 13" }],
  ["rect", { x: "28", y: "37", width: "8", height: "10", fill: "#c8921a" }],
  ["rect", { x: "20", y: "47", width: "24", height: "8", rx: "2", fill: "#f2c14e", stroke: "#7a5600", "stroke-width": "2" }],
];

function trophy() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  for (const [name, value] of Object.entries({ viewBox: "0 0 64 64", width: "64", height: "64", "aria-hidden": "true" })) svg.setAttribute(name, value);
  for (const [tag, attrs] of TROPHY_PATHS) {
    const part = document.createElementNS(ns, tag);
    for (const [name, value] of Object.entries(attrs)) part.setAttribute(name, value);
    svg.appendChild(part);
  }
  return svg;
}

// The sheet every game has: how the hand ended, and each side's points and match total.
function sheetOf(v, tables) {
  const sh = v.sheet;
  if (tables) {
    // One game with no match around it (a puzzle) has no hands to tell from the match: its score alone.
    const single = singleGame(v);
    tables.hands.replaceChildren(row([v.teams ? "Pair" : "Player", ...(single ? ["Score"] : ["This hand", "Match"])], { header: true }));
    sh.points.forEach((points, side) => {
      const won = (sh.winners || []).some((seat) => v.sides[seat] === side);
      tables.hands.appendChild(row([sideName(v, side), ...(single ? [sh.totals[side]] : [points, sh.totals[side]])], { cls: won ? "winner" : "" }));
    });
    tables.totals.replaceChildren();
  }
  const title = sh.final && sh.number === 1 ? "The game is over" : `Hand ${sh.number} is over`;
  return { title, note: sh.note || "", final: sh.final };
}

export function showSheet(ctx, v) {
  const tables = { hands: $("sheet-hands"), totals: $("sheet-totals") };
  const sheet = ctx.S.board.fillSheet ? ctx.S.board.fillSheet(ctx, v, tables) : sheetOf(v, tables);
  $("sheet-title").textContent = sheet.title;
  $("sheet-note").textContent = sheet.note;
  $("next-hand").textContent = sheet.final ? "SEE RESULTS" : "NEXT HAND";
  $("sheet").hidden = false;
  sound("score");
  $("next-hand").focus();
}

export async function showResults(v) {
  // A live table hears its finished view more than once, and the results wait on the statistics: shown once a table.
  if (S.resultsShownFor === v.id) return;
  S.resultsShownFor = v.id;
  const mySide = v.sides[v.seat];
  const won = v.outcome && v.outcome.winners.includes(v.seat);
  const dry = v.outcome && /dry goat/.test(v.outcome.reason);
  // One game with no match around it (a puzzle, a solitaire): neither "match" nor hands won is said.
  const single = singleGame(v);
  const what = single ? "game" : "match";
  let title;
  // Pairs writing points against themselves (the goat); elsewhere a low score (a penalty) reads as any other.
  if (v.low_score_wins && v.teams) title = won ? `${sideName(v, 1 - mySide)} are the goat: you win!` : `You and your partner are the goat${dry ? " (a dry goat!)" : ""}`;
  else {
    const winnerSide = v.outcome && v.outcome.winners.length ? v.sides[v.outcome.winners[0]] : null;
    title = won ? (single ? "You win!" : "You win the match!") : winnerSide === null ? `The ${what} is over` : `${sideName(v, winnerSide)} wins the ${what}`;
  }
  const icon = $("results-icon");
  icon.replaceChildren();
  if (won) icon.appendChild(trophy());
  else {
    const [a, b] = v.low_score_wins ? [6, 6] : [1, 0];
    const tile = staticTile(a, b, 30, 60);
    tile.style.transform = "rotate(-8deg)";
    icon.appendChild(tile);
  }
  $("results-title").textContent = title;
  $("results-score").textContent = (v.scores || []).map((s, side) => `${sideName(v, side, v.teams)} ${s}`).join(" – ");
  $("results-hands").textContent = v.hands_won && !single ? "Hands won: " + v.hands_won.map((n, side) => `${sideName(v, side, v.teams)} ${n}`).join(", ") : single ? singleGameText(v) : "";
  $("stats-title").textContent = `Your ${v.title} statistics at ${levelName(v.level)}`;
  const cells = [];
  try {
    const st = await api("GET", `/api/stats?game=${encodeURIComponent(v.game)}&level=${encodeURIComponent(v.level)}`);
    const pairs = [
      ["Played", st.played], ["Won", st.won], ["Win %", `${Math.round(st.win_percent)}%`],
      [v.low_score_wins ? "Best (lowest)" : "Best score", st.best_score ?? "–"],
      ["Average", st.average_score ?? "–"], ["Streak", `${st.streak} (best ${st.best_streak})`],
    ];
    for (const [k, val] of pairs) {
      const d = el("div");
      d.append(el("dt", "", k), el("dd", "", String(val)));
      cells.push(d);
    }
  } catch (_) { /* statistics are a bonus */ }
  if (S.resultsShownFor !== v.id) return; // the player left this table while the statistics came
  $("stats").replaceChildren(...cells);
  // A match with people (a lobby's table) offers the same table again, to the same people (lobby.js).
  const withPeople = v.live && v.seats.filter((s) => s.kind === "human").length > 1;
  $("rematch").hidden = !withPeople;
  $("rematch").disabled = false;
  $("results").hidden = false;
  sound(won ? "score" : "pass");
  $(withPeople ? "rematch" : "again").focus();
}
