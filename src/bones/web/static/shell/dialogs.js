// Dialogs: a dialog keeps the keyboard inside it and makes the screen behind it inert; when the
// last one closes, focus goes back where it was. Also the rules and statistics screens.
import { $, el } from "./dom.js";
import { tileEl } from "./tiles.js";
import { api } from "./net.js";
import { FOCUS, S, entryOf } from "./state.js";
import { levelName } from "./words.js";

export function openOverlay() {
  const open = [...document.querySelectorAll(".overlay")].filter((o) => !o.hidden);
  return open[open.length - 1] || null;
}

export function closeOverlays() {
  for (const id of ["sheet", "results", "menu", "paused", "gone", "ask"]) $(id).hidden = true;
}

function focusables(root) {
  return [...root.querySelectorAll("button, a[href], input, select, textarea, [tabindex]")]
    .filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length);
}

const focusLost = () => {
  const a = document.activeElement;
  return !a || a === document.body || a === FOCUS.parked || !a.isConnected || !a.getClientRects().length;
};

// After a move the tile or place that had focus is gone: put focus on what the player will want
// next. Only for keyboard players: a focus ring on a tile would look like a hint to someone who taps.
export function keepFocus() {
  if (!FOCUS.byKeyboard || $("table").hidden || openOverlay() || !focusLost()) return;
  const target = S.board && S.view && S.board.focusTarget({ S, focus: FOCUS });
  if (target) { target.focus({ preventScroll: true }); return; }
  if (document.activeElement === $("menu-btn")) return;
  $("menu-btn").focus({ preventScroll: true });
  FOCUS.parked = $("menu-btn");
}

function syncDialogs() {
  const dialog = openOverlay();
  for (const id of ["home", "table"]) $(id).inert = !!dialog;
  if (dialog) {
    if (!dialog.contains(document.activeElement)) focusables(dialog)[0]?.focus();
    return;
  }
  if (!focusLost()) return;
  const back = FOCUS.outside;
  if (back && back !== FOCUS.parked && back.isConnected && back.getClientRects().length) back.focus();
  else keepFocus();
}

function onDialogKey(ev) {
  const dialog = openOverlay();
  if (!dialog) return;
  if (ev.key === "Escape") {
    const close = dialog.querySelector("[data-close]");
    if (close) { ev.preventDefault(); ev.stopPropagation(); close.click(); }
    return;
  }
  if (ev.key !== "Tab") return;
  ev.preventDefault();
  const items = focusables(dialog);
  if (!items.length) return;
  const i = items.indexOf(document.activeElement);
  const next = ev.shiftKey ? items[(i <= 0 ? items.length : i) - 1] : items[(i + 1) % items.length];
  next.focus();
}

function showDialog(id, focusId) {
  $(id).hidden = false;
  $(focusId).focus();
}

export function askToAbandon(v, line) {
  $("confirm-info").textContent = line;
  showDialog("confirm", "confirm-keep");
  return new Promise((resolve) => { FOCUS.answer = resolve; });
}

function answerConfirm(choice) {
  $("confirm").hidden = true;
  const resolve = FOCUS.answer;
  FOCUS.answer = null;
  if (resolve) resolve(choice);
}

// Asks before a move that ends or wipes the play (give up, restart): resolves true only for `yes`.
// Keeping on playing is the first button and Escape's answer, so a stray Enter loses nothing.
export function askFirst({ title, note, yes }) {
  $("ask-title").textContent = title;
  $("ask-note").textContent = note;
  $("ask-yes").textContent = yes;
  if (FOCUS.asked) FOCUS.asked(false);
  showDialog("ask", "ask-no");
  return new Promise((resolve) => { FOCUS.asked = resolve; });
}

function answerAsk(yes) {
  $("ask").hidden = true;
  const resolve = FOCUS.asked;
  FOCUS.asked = null;
  if (resolve) resolve(yes);
}

export function showGone(text) {
  clearTimeout(S.timer);
  S.timer = null;
  $("gone-text").textContent = text || "A newer match was started, perhaps in another tab, so this one was given up. Your statistics count it as abandoned.";
  $("gone").hidden = false;
  const status = $("status");
  status.textContent = "This match was given up";
  status.classList.add("warn");
  $("gone-home").focus();
}

// ------------------------------------------------------------ rules, statistics
const gameOf = (id) => entryOf(id) || { id, title: id };

// A rules page comes as data: sections of blocks (paragraphs, lists, steps, tables), each text a
// list of strings and {tile: [a, b]}, drawn here as text nodes and small drawn dominoes.
function cellNodes(runs) {
  const frag = document.createDocumentFragment();
  for (const run of runs) {
    if (typeof run === "string") { frag.appendChild(document.createTextNode(run)); continue; }
    const [a, b] = run.tile;
    const tile = tileEl(a, b, { vertical: false });
    tile.classList.add("static", "rule-tile");
    tile.setAttribute("role", "img");
    tile.setAttribute("aria-label", `${a}:${b}`);
    frag.appendChild(tile);
  }
  return frag;
}

function blockEl(block) {
  if (block.kind === "p") {
    const p = el("p");
    p.appendChild(cellNodes(block.rows[0][0]));
    return p;
  }
  if (block.kind === "list" || block.kind === "steps") {
    const list = el(block.kind === "steps" ? "ol" : "ul");
    for (const [cell] of block.rows) list.appendChild(el("li")).appendChild(cellNodes(cell));
    return list;
  }
  const wrap = el("div", "rules-table");
  const table = wrap.appendChild(el("table"));
  block.rows.forEach((cells, i) => {
    const tr = table.appendChild(el("tr"));
    for (const cell of cells) tr.appendChild(el(i === 0 ? "th" : "td")).appendChild(cellNodes(cell));
  });
  return wrap;
}

export function showRulesPage(box, sections) {
  box.textContent = "";
  for (const section of sections) {
    if (section.heading) box.appendChild(el("h3", "", section.heading));
    for (const block of section.blocks) box.appendChild(blockEl(block));
  }
}

async function showRules() {
  const game = gameOf(S.settings.game);
  $("rules-title").textContent = `${game.title}: the rules`;
  const box = $("rules-text");
  box.textContent = "Loading…";
  showDialog("rules", "rules-close");
  try {
    const players = game.players && game.players.includes(S.settings.players) ? `?players=${S.settings.players}` : "";
    const page = await api("GET", `/api/rules/${encodeURIComponent(game.id)}${players}`);
    showRulesPage(box, page.sections);
  } catch (e) {
    box.textContent = e.retry ? "Connection lost: the rules could not be fetched. Try again in a moment." : e.message;
  }
}

async function showStats() {
  const box = $("stats-list");
  box.textContent = "Loading…";
  showDialog("stats-screen", "stats-close");
  let rows;
  try {
    rows = (await api("GET", "/api/stats")).stats;
  } catch (e) {
    box.textContent = e.retry ? "Connection lost: the statistics could not be fetched. Try again in a moment." : e.message;
    return;
  }
  box.textContent = "";
  const order = S.catalog ? S.catalog.games.map((g) => g.id) : [];
  const levels = S.catalog ? S.catalog.levels : [];
  rows.sort((a, b) => (order.indexOf(a.game) - order.indexOf(b.game)) || (levels.indexOf(a.level) - levels.indexOf(b.level)));
  if (!rows.length) { box.appendChild(el("p", "sub", "No matches yet: your results appear here once you play.")); return; }
  for (const st of rows) {
    const game = gameOf(st.game);
    const section = el("section", "stats-entry");
    section.dataset.game = st.game;
    section.dataset.level = st.level;
    section.appendChild(el("h3", "", `${game.title} · ${levelName(st.level)}`));
    const cells = [
      ["Played", st.played], ["Won", st.played ? `${st.won} (${Math.round(st.win_percent)}%)` : st.won],
      [game.low_score_wins ? "Best (lowest)" : "Best", st.best_score ?? "–"],
      ["Streak", st.streak], ["Best streak", st.best_streak], ["Abandoned", st.abandoned],
    ];
    const list = el("dl", "stats");
    for (const [name, value] of cells) {
      const cell = el("div");
      cell.append(el("dt", "", name), el("dd", "", String(value)));
      list.appendChild(cell);
    }
    section.appendChild(list);
    box.appendChild(section);
  }
}

export function wireDialogs(goHome) {
  const watcher = new MutationObserver(syncDialogs);
  document.querySelectorAll(".overlay").forEach((o) => watcher.observe(o, { attributes: true, attributeFilter: ["hidden"] }));
  document.addEventListener("keydown", onDialogKey, true);
  document.addEventListener("keydown", () => { FOCUS.byKeyboard = true; }, true);
  document.addEventListener("pointerdown", () => { FOCUS.byKeyboard = false; }, true);
  document.addEventListener("focusin", (ev) => {
    // (A dialog's button takes focus for a while: the Menu button stays parked behind it.)
    if (ev.target !== FOCUS.parked && !ev.target.closest(".overlay")) FOCUS.parked = null;
    if (!ev.target.closest(".overlay")) FOCUS.outside = ev.target;
    const hand = [...document.querySelectorAll(".hand .tile")];
    if (hand.includes(ev.target)) FOCUS.handIndex = hand.indexOf(ev.target);
  });
  $("confirm-keep").addEventListener("click", () => answerConfirm("continue"));
  $("confirm-new").addEventListener("click", () => answerConfirm("new"));
  $("confirm-back").addEventListener("click", () => answerConfirm("back"));
  $("ask-no").addEventListener("click", () => answerAsk(false));
  $("ask-yes").addEventListener("click", () => answerAsk(true));
  $("rules-btn").addEventListener("click", showRules);
  $("rules-close").addEventListener("click", () => { $("rules").hidden = true; });
  $("stats-btn").addEventListener("click", showStats);
  $("stats-close").addEventListener("click", () => { $("stats-screen").hidden = true; });
  $("gone-home").addEventListener("click", () => { $("gone").hidden = true; goHome(); });
}
