// REVIEW and replay of a finished match, beside its table. The review is worked out by the server in
// the background (POST, then GET until done: "analysing move k of n"), kept there, so a second look is
// instant. A chart of how the player stood after each decision (a tap picks the move under it), each
// seat's accuracy and the player's costliest moves; the arrow keys, the buttons, a tap on the chart or a
// costly move show the board before that move (a past position from the server) with the move played
// and the better one marked ("played", "best"; one mark "best" where they are the same). Replay steps through every position, move by move. Names no game.
import { $, el, wait } from "./dom.js";
import { api, NET } from "./net.js";
import { S } from "./state.js";
import { say, showPast } from "./table.js";
import { chartPoints, goalPoints, marksWords, goalWords, isChance, isGoal, linePath, lossWords, nearest, reviewMarks, seatLines, stepTo } from "./review-chart.js";

const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 600;
const CHART = { width: 320, height: 120, pad: 10 };

// The review open now: {id, seat, names, token, final, from, mode, review, decisions, index, moves}.
let R = null;

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

const nameOf = (seat) => (seat === R.seat ? "you" : (R.names && R.names[seat]) || `Player ${seat + 1}`);
const youTag = (name) => (/^you$/i.test(name) ? name : `${name} (you)`);
const said = (text) => { $("review-progress").textContent = text; };

// game: {id, seat, names, token, moves, final (the finished view, when the table shows it)}; from: where
// CLOSE goes back to ("results", else `back` is called); mode: "review" or "replay".
export async function openReview(game, { from = "results", mode = "review", back = null } = {}) {
  const mine = { ...game, from, mode, back, review: null, decisions: [], index: -1 };
  R = mine;
  if (game.token) NET.token = game.token;
  $("review-title").textContent = mode === "replay" ? "Replay" : "Review";
  $("review-body").replaceChildren();
  $("review-step").hidden = true;
  $("review").hidden = false;
  document.body.classList.add("reviewing");
  try {
    if (!mine.final) {
      mine.final = await api("GET", `/api/games/${mine.id}/positions/${mine.moves}`);
      if (R !== mine) return;
    }
    showPast(mine.final, null);
    if (mode === "replay") { startReplay(mine); return; }
    said("Starting the review…");
    let status = await api("POST", `/api/games/${mine.id}/review`);
    while (R === mine && (status.status === "running" || status.status === "none")) {
      said(status.total ? `Analysing move ${status.done} of ${status.total}…` : "Analysing…");
      await wait(POLL_MS);
      if (R !== mine) return;
      status = await api("GET", `/api/games/${mine.id}/review`);
    }
    if (R !== mine) return;
    if (status.status === "failed") { said(`The review could not be made: ${status.error}`); return; }
    showReview(mine, status.review);
  } catch (e) {
    if (R === mine) said(e.retry ? "Connection lost: the review could not be fetched. Try again in a moment." : e.message);
  }
}

export function closeReview() {
  const was = R;
  R = null;
  $("review").hidden = true;
  document.body.classList.remove("reviewing");
  if (!was || $("table").hidden) return;
  if (was.from === "results" && was.final) {
    showPast(was.final, null);
    $("results").hidden = false;
  } else if (was.back) {
    was.back();
  }
}

// ------------------------------------------------------------------ review
function showReview(mine, review) {
  mine.review = review;
  mine.decisions = review.decisions;
  const body = $("review-body");
  body.replaceChildren();
  said(`${review.decisions.length} decisions weighed, each as its player knew it.`);
  const seats = el("ul", "review-seats");
  for (const line of seatLines(review, mine.names)) {
    const item = el("li", line.seat === mine.seat ? "mine" : "");
    const faults = ["blunder", "mistake", "inaccuracy"].map((m) => [m, line.marks[m] || 0]).filter(([, n]) => n);
    item.append(el("b", "", line.seat === mine.seat ? youTag(line.name) : line.name));
    item.append(el("span", "accuracy", line.accuracy === null ? "accuracy –" : `accuracy ${line.accuracy}%`));
    if (faults.length) item.append(el("span", "sub", faults.map(([m, n]) => marksWords(m, n)).join(", ")));
    seats.appendChild(item);
  }
  body.appendChild(seats);
  body.appendChild(chartOf(mine, review));
  const mineLine = seatLines(review, mine.names).find((l) => l.seat === mine.seat);
  const costly = mineLine ? mineLine.costliest.filter((d) => d.fair.mark && d.fair.mark !== "best") : [];
  body.appendChild(el("h3", "", "Your costliest moves"));
  if (!costly.length) body.appendChild(el("p", "sub", "None: every move you made was the best one found."));
  const list = el("ol", "review-costly");
  for (const d of costly) {
    const b = el("button", `btn costly mark-${d.fair.mark}`, `Move ${d.number}: ${lossWords(d.fair)}`);
    b.type = "button";
    b.dataset.number = d.number;
    b.addEventListener("click", () => choose(mine, mine.decisions.indexOf(d)));
    const li = el("li");
    li.appendChild(b);
    list.appendChild(li);
  }
  body.appendChild(list);
  if (review.not_shown) body.appendChild(el("p", "sub note", `Not judged with every tile shown: ${review.not_shown}.`));
  $("review-step").hidden = !mine.decisions.length;
  $("review-move").textContent = "Tap the chart or a move, or use the arrow keys.";
}

function chartOf(mine, review) {
  const goal = isGoal(review.decisions);
  const points = goal ? goalPoints(review.decisions) : review.chart.by_seat[mine.seat] || [];
  const label = goal ? "moves to the goal" : review.chart.label || "";
  const figure = el("figure", "review-chart");
  const caption = isChance(label) ? `Your ${label} after each move` : `Your standing (${label}) after each move`;
  figure.appendChild(el("figcaption", "", caption));
  const { placed, middle } = chartPoints(points, label, { ...CHART, moves: review.moves });
  const chart = svg("svg", { viewBox: `0 0 ${CHART.width} ${CHART.height}`, role: "img", "aria-label": caption, preserveAspectRatio: "none" });
  chart.appendChild(svg("rect", { x: 0, y: 0, width: CHART.width, height: CHART.height, rx: 8, class: "chart-bg" }));
  if (middle !== null) chart.appendChild(svg("line", { x1: 0, x2: CHART.width, y1: middle, y2: middle, class: "chart-even" }));
  chart.appendChild(svg("line", { x1: 0, x2: 0, y1: 0, y2: CHART.height, class: "chart-cursor", visibility: "hidden" }));
  if (placed.length) chart.appendChild(svg("path", { d: linePath(placed), class: "chart-line" }));
  const byNumber = new Map(review.decisions.map((d) => [d.number, d]));
  for (const p of placed) {
    const mark = (byNumber.get(p.number) || { fair: {} }).fair.mark || "none";
    if (!byNumber.has(p.number)) continue; // a puzzle's start: a point of the line, no move to pick
    chart.appendChild(svg("circle", { cx: p.x, cy: p.y, r: mark === "blunder" || mark === "mistake" ? 4 : 2.5, class: `chart-dot mark-${mark}`, "data-number": p.number }));
  }
  chart.addEventListener("click", (ev) => {
    const box = chart.getBoundingClientRect();
    const p = nearest(placed.filter((q) => byNumber.has(q.number)), ((ev.clientX - box.left) / box.width) * CHART.width);
    if (p) choose(mine, mine.decisions.findIndex((d) => d.number === p.number));
  });
  figure.appendChild(chart);
  mine.chart = { svg: chart, placed };
  return figure;
}

const wordsOf = (v, move) => {
  if (!move) return "–";
  const board = S.board;
  const choice = ((v.board && v.board.choices) || []).find((c) => c.move === move);
  return (board && board.moveWords && board.moveWords(v, move)) || (choice && choice.words) || move;
};

async function choose(mine, index) {
  if (index < 0 || index >= mine.decisions.length) return;
  mine.index = index;
  const d = mine.decisions[index];
  markChart(mine, d.number);
  try {
    const raw = await api("GET", `/api/games/${mine.id}/positions/${d.number - 1}`);
    if (R !== mine || mine.index !== index) return;
    const marks = reviewMarks(d);
    showPast(raw, { ...marks, review: true, move_number: raw.move_number });
    const better = marks.played ? marks.best : null;
    const v = S.view; // as the board reads it (adapted): its words for moves name places on it
    // The board's tags say which is which ("played", "best"): the words stay short for a phone.
    const parts = [`Move ${d.number}, ${nameOf(d.seat)} played ${wordsOf(v, d.move)}: ${lossWords(d.fair)}.`];
    if (better) parts.push(`Better: ${wordsOf(v, better)}.`);
    const goal = goalWords(d);
    if (goal) parts.push(`The ${goal}.`);
    if (d.shown && d.shown.mark) parts.push(`With every tile shown: ${lossWords(d.shown)}${d.shown.best_move !== d.move ? `, best ${wordsOf(v, d.shown.best_move)}` : ""}.`);
    $("review-move").textContent = parts.join(" ");
    say(`Review: the table before move ${d.number}, ${nameOf(d.seat)} to play`);
  } catch (e) {
    if (R === mine) $("review-move").textContent = e.message;
  }
}

function markChart(mine, number) {
  if (!mine.chart) return;
  const p = mine.chart.placed.find((q) => q.number === number);
  const cursor = mine.chart.svg.querySelector(".chart-cursor");
  mine.chart.svg.querySelectorAll(".chart-dot").forEach((dot) => dot.classList.toggle("chosen", Number(dot.dataset.number) === number));
  if (!p) { cursor.setAttribute("visibility", "hidden"); return; }
  cursor.setAttribute("x1", p.x);
  cursor.setAttribute("x2", p.x);
  cursor.setAttribute("visibility", "visible");
}

// ------------------------------------------------------------------ replay
function startReplay(mine) {
  said(`${mine.final.title}: ${mine.moves} moves. Step through them with the buttons or the arrow keys.`);
  mine.index = mine.moves;
  $("review-step").hidden = false;
  $("review-move").textContent = `After move ${mine.moves} of ${mine.moves}: the end.`;
}

async function replayTo(mine, index) {
  mine.index = index;
  try {
    const v = await api("GET", `/api/games/${mine.id}/positions/${index}`);
    if (R !== mine || mine.index !== index) return;
    showPast(v, null);
    const last = v.last && v.last.text ? ` ${v.last.text}` : "";
    $("review-move").textContent = index === 0 ? "The start." : `After move ${index} of ${mine.moves}:${last}`;
    say(`Replay: move ${index} of ${mine.moves}`);
  } catch (e) {
    if (R === mine) $("review-move").textContent = e.message;
  }
}

function step(key) {
  const mine = R;
  if (!mine) return false;
  if (mine.mode === "replay") {
    const next = stepTo(mine.index, key, mine.moves + 1);
    if (next !== mine.index) replayTo(mine, next);
    return true;
  }
  if (!mine.decisions.length) return false;
  const next = stepTo(mine.index, key, mine.decisions.length);
  if (next !== mine.index) choose(mine, next);
  return true;
}

export function wireReview() {
  $("review-btn").addEventListener("click", () => {
    const v = S.view;
    if (!v) return;
    openReview({ id: v.id, seat: v.seat, names: v.seats.map((s) => s.name), moves: v.move_number, final: v }, { from: "results" });
  });
  $("review-close").addEventListener("click", closeReview);
  $("review-prev").addEventListener("click", () => step("ArrowLeft"));
  $("review-next").addEventListener("click", () => step("ArrowRight"));
  // Before the table's own keys: while a review is open the arrows step through it.
  document.addEventListener("keydown", (ev) => {
    if (!R || $("review").hidden || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if ([...document.querySelectorAll(".overlay")].some((o) => !o.hidden)) return;
    if (ev.key === "Escape") { ev.preventDefault(); ev.stopImmediatePropagation(); closeReview(); return; }
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(ev.key)) return;
    if (step(ev.key)) { ev.preventDefault(); ev.stopImmediatePropagation(); }
  }, true);
  // Leaving the table (the menu's NEW GAME) closes the review with it.
  new MutationObserver(() => {
    if ($("table").hidden && R) { R = null; $("review").hidden = true; document.body.classList.remove("reviewing"); }
  }).observe($("table"), { attributes: true, attributeFilter: ["hidden"] });
}
