// The table, whatever is played on it: the loop that lets the computers move at a readable pace,
// the status line, the players' names, the score, the hint button, the menu and the keys (the hand
// sheet and the results are results.js's). The board itself (and what a move looks like) is the renderer's business:
// ctx.S.board, chosen by the kind of board the catalog names for the game.
import { rendererFor } from "../boards/index.js";
import { hintTable } from "./hints.js";
import { showResults, showSheet } from "./results.js";
import { askFirst, showGone, closeOverlays, openOverlay, keepFocus } from "./dialogs.js";
import { $, el, richText, row, wait } from "./dom.js";
import { showHome, startGame } from "./home.js";
import { NET, answered, api, connectionBack, connectionLost, refused, untilReady } from "./net.js";
import { setSound, sound, soundOn } from "./sound.js";
import { ANIM, FOCUS, PACE, S, entryOf } from "./state.js";
import { levelName, myTurn, scoreParts, sheetsWaitedFor, singleGame } from "./words.js";

const POSITIONS = { 2: { 1: "top" }, 3: { 1: "left", 2: "right" }, 4: { 1: "left", 2: "top", 3: "right" } };

// What a renderer may use of the shell.
export const ctx = {
  S,
  anim: ANIM,
  pace: PACE,
  focus: FOCUS,
  say,
  sound,
  send: (move, fromEl) => sendMove(move, fromEl),
  // A move that gives the game up is asked first ({ title, note, yes }): sent only on yes.
  sendAsked: async (move, fromEl, question) => { if (await askFirst(question)) sendMove(move, fromEl); },
  render: () => redraw(),
  // A tap while the table waits for another person's hand sheet is no move: the status line says the
  // wait again (no "not your turn", no shake) and the board does nothing else. True when it waits.
  saysWaiting: () => {
    const waiting = S.view && sheetsWaitedFor(S.view);
    if (waiting) say(`${waiting}.`, true);
    return !!waiting;
  },
};

export function say(text, warn) {
  const s = $("status");
  s.textContent = text;
  s.classList.toggle("warn", !!warn);
}

export function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 4000);
}

// ------------------------------------------------------------------ entering
export function enterTable(v) {
  const entry = entryOf(v.game);
  const board = entry && rendererFor(entry.board);
  if (!board) {
    toast(`This table cannot draw ${v.title || v.game} yet.`);
    return;
  }
  S.token = v.token || S.token;
  S.board = board;
  // The board's kind, for the style sheet's arrangement of each board at each size.
  $("table").dataset.board = entry.board;
  S.view = null;
  v = adapt(v);
  S.hint = null;
  S.queued = null;
  S.paused = false;
  S.sheetShownFor = null;
  S.resultsShownFor = null;
  board.enter(ctx);
  $("home").hidden = true;
  $("table").hidden = false;
  closeOverlays();
  applyView(v, { fresh: true });
  schedule();
}

// REVIEW and replay (review.js): a past position of a finished match drawn by its board, the table's loop
// still; `hint` marks a move the way a hint does (the better one). False if no board draws this game.
export function showPast(v, hint) {
  const entry = entryOf(v.game);
  const board = entry && rendererFor(entry.board);
  if (!board) return false;
  stopLoop();
  S.paused = true;
  S.board = board;
  $("table").dataset.board = entry.board;
  board.enter(ctx);
  S.view = null;
  $("home").hidden = true;
  $("table").hidden = false;
  closeOverlays();
  applyView(v, { fresh: true });
  S.hint = hint;
  if (hint && hint.best && myTurn(S.view)) S.board.showHint(ctx, hint);
  redraw();
  return true;
}

// The server's view as the table's board reads it.
const adapt = (v) => (S.board && S.board.adapt ? S.board.adapt(v) : v);

function turnText(v) {
  if (v.status === "sheet") return S.board.handTitle ? S.board.handTitle(v) : sheetOf(v).title;
  if (v.status === "over") return singleGame(v) ? "The game is over" : "The match is over";
  const waiting = sheetsWaitedFor(v);
  if (waiting) return waiting;
  // A person who left a live table is not thinking: the socket's words say so, and when a computer takes over.
  const left = S.live && S.live.leftText ? S.live.leftText(v) : "";
  if (left) return left;
  return S.board.turnText(ctx, v);
}

export function applyView(raw, opts = {}) {
  const v = adapt(raw);
  const old = S.view;
  S.view = v;
  if (!old || old.move_number !== v.move_number || old.status !== v.status) S.hint = null;
  const fresh = !old || old.id !== v.id;
  const news = !fresh && v.last && v.last.move_number > old.move_number;
  // The words for a move may name a place by where it lies on the board, so they are said from the
  // board as drawn, after the hand and the status line have taken the room they need.
  const tell = () => {
    // The board's words for the move, else the game's own narration.
    let event = news ? S.board.describe(ctx, v, v.last, old) || (v.last.text || "").replace(/\.$/, "") : "";
    // When a hand ends, its sheet tells the rest: the top line keeps the move's first sentence (the whole
    // account of the hand and the match ran to eight lines on a phone).
    if (v.status !== "playing") event = event.split(/(?<=\.)\s+(?=[A-Z])/)[0].replace(/\.$/, "");
    // While the hand's sheet is up its title says how the hand ended: the top line says the move alone
    // (both ran to four lines on a phone: a bingo answer declaring three doubles, then the title again).
    const turn = v.status === "sheet" && event ? "" : turnText(v);
    say(event && turn ? `${event}. ${turn}` : event || turn);
    S.told = { view: v, text: $("status").textContent, tell };
  };
  if (news) {
    const kind = S.board.soundOf(v.last);
    sound(kind);
    if (v.last.points > 0) setTimeout(() => sound("score"), 140);
    S.lastShown = performance.now();
    // What the move looked like, for the board to show it: who made it, the element it left from.
    render({ animate: { seat: v.last.seat, fromRect: opts.fromRect, kind }, old });
    seatBubble(v, v.last);
  } else {
    render({ old });
  }
  tell();
  refitBoard();
  refocus();
}

// A keyboard player's focus was on what the move took away (or on the board while the others
// played): it goes where the board says the next choice is.
function refocus() {
  if (!FOCUS.byKeyboard || openOverlay() || !S.board.focusTarget) return;
  const a = document.activeElement;
  if (a && a !== document.body && a !== $("board") && a !== FOCUS.parked && a.isConnected && a.getClientRects().length) return;
  const target = S.board.focusTarget(ctx);
  if (target && target !== a) target.focus({ preventScroll: true });
}

// A new hand size or a longer status line changes the board's room: the board is drawn again,
// and the status, while it still tells the last move, is told from the board as drawn now.
export function refitBoard() {
  for (let i = 0; i < 2 && S.view; i++) {
    if (!S.board.refit(ctx)) { drawnFor = roomNow(); return; }
    retell();
  }
}

// The room the table was last drawn for in full: the resize observer draws again only for another
// (it saw each draw's new size as a change, and drew everything again a frame after a move).
let drawnFor = "";
function roomNow() {
  const board = $("board");
  return `${board.clientWidth}x${board.clientHeight}/${window.innerWidth}x${window.innerHeight}`;
}

export function retell() {
  const told = S.told;
  if (told && told.view === S.view && $("status").textContent === told.text) told.tell();
}

// ------------------------------------------------------------------- drawing
// A renderer draws again for a choice (a tile picked) and then says what it means; the words can change the
// board's room. The board is fitted to that room before the frame is painted: else the resize observer drew
// everything again a frame later, and the end a quick player was tapping was gone from the page.
function redraw() {
  render();
  queueMicrotask(refitBoard);
}

export function render(opts = {}) {
  const v = S.view;
  if (!v) return;
  // The match score: the view's, or the board's where the game keeps it in its own terms (sets).
  const own = S.board.scores ? S.board.scores(v) : null;
  const scored = own && (!v.scores || own.score_unit) ? { ...v, ...own } : v;
  $("chip-score").hidden = !scored.scores;
  if (scored.scores) $("chip-score").replaceChildren(richText(scoreParts(scored)));
  const chip = $("chip-info");
  const parts = [];
  S.board.info(v).forEach(([label, value], i) => {
    if (i) parts.push(" · ");
    // The hand number reads as words; the counts beside it stand out.
    parts.push(i ? `${label} ` : `${label} ${value}`);
    if (i) parts.push({ tag: "b", text: String(value) });
  });
  const before = chip.textContent;
  chip.replaceChildren(richText(parts));
  if (before && chip.textContent !== before) { chip.classList.remove("flash"); void chip.offsetWidth; chip.classList.add("flash"); }
  renderSeats(v);
  S.board.render(ctx, opts);
  if (!S.board.drawsHint) renderHint(v);
  $("hint-btn").disabled = !myTurn(S.view) || !!v.past;
  // Taking moves back, where the server says the game allows it (a puzzle played alone).
  for (const id of ["undo-btn", "restart-btn"]) {
    $(id).hidden = !v.undo;
    $(id).disabled = !v.undo || v.move_number === 0;
  }
}

function renderSeats(v) {
  const pos = POSITIONS[v.players] || {};
  for (const where of ["top", "left", "right"]) $(`seat-${where}`).replaceChildren();
  $("felt").classList.toggle("crowded", v.players > 2);
  const sheet = v.status !== "playing" && v.sheet ? v.sheet : null;
  v.seats.forEach((seat, i) => {
    if (i === v.seat) return;
    const where = pos[(i - v.seat + v.players) % v.players];
    const box = $(`seat-${where}`);
    if (!box) return;
    box.classList.toggle("active", v.status === "playing" && v.to_move === i);
    box.classList.toggle("thinking", v.status === "playing" && v.to_move === i);
    box.dataset.seat = i;
    const plate = el("div", "nameplate");
    plate.appendChild(el("span", "avatar", seat.name[0]));
    plate.appendChild(el("span", "name", seat.name));
    const partner = v.teams && v.sides[i] === v.sides[v.seat];
    if (partner) plate.title = "your partner";
    // How many tiles the player holds, in games where players hold tiles.
    const held = sheet && sheet.hands ? sheet.hands[i].length : seat.hand_size;
    const holds = held !== undefined && held !== null;
    if (holds) {
      const count = el("span", "count", String(held));
      count.setAttribute("aria-label", `${held} tiles`);
      plate.appendChild(count);
    }
    plate.appendChild(el("span", "turn-mark", "to play"));
    plate.setAttribute("aria-label", `${seat.name}${partner ? " (your partner)" : ""}${holds ? `, ${held} tiles` : ""}${v.to_move === i ? ", to play" : ""}`);
    if (seat.kind === "computer" && seat.plays && seat.plays !== seat.level) plate.title = `${plate.title ? plate.title + "; " : ""}plays ${levelName(seat.plays)}`;
    box.appendChild(plate);
    const side = where !== "top" && window.innerWidth > 600;
    const tiles = S.board.seatTiles(ctx, v, i, side);
    if (tiles) box.appendChild(tiles);
  });
  $("me").classList.toggle("active", myTurn(S.view));
  const mine = sheet && sheet.hands ? sheet.hands[v.seat] : v.hand;
  const partner = v.teams ? v.seats.findIndex((_, i) => i !== v.seat && v.sides[i] === v.sides[v.seat]) : -1;
  $("me-label").replaceChildren(el("span", "", partner >= 0 ? `You (with ${v.seats[partner].name})` : "You"));
  if (mine) $("me-label").appendChild(el("span", "count", String(mine.length)));
  $("me-label").appendChild(el("span", "turn-mark", "your turn"));
}

function seatBubble(v, last) {
  const anchor = last.seat === v.seat ? $("me-label") : document.querySelector(`.seat-panel[data-seat="${last.seat}"] .nameplate`);
  const said = S.board.bubbleOf(v, last);
  if (!anchor || !said) return;
  const r = anchor.getBoundingClientRect();
  const b = el("div", said.score ? "bubble score" : "bubble", said.text);
  b.style.left = `${r.left + r.width / 2}px`;
  // Above the name, unless that is over the score and the top line: then below it.
  const above = r.top - 30;
  b.style.top = `${above >= $("felt").getBoundingClientRect().top ? above : r.bottom + 4}px`;
  b.style.position = "fixed";
  document.body.appendChild(b);
  setTimeout(() => b.remove(), 1500);
}

// The hint's estimates, for boards that do not show them their own way.
function renderHint(v) {
  const panel = $("hint-panel");
  const h = S.hint;
  if (!h || !h.estimates || !myTurn(S.view)) { panel.hidden = true; return; }
  const choices = (v.board && v.board.choices) || [];
  const wordsOf = (move) => (S.board.moveWords && S.board.moveWords(v, move)) || (choices.find((c) => c.move === move) || {}).words || move;
  const { head, rows } = hintTable(h, wordsOf);
  const table = el("table");
  table.appendChild(row(head, { header: true }));
  rows.forEach((cells, i) => table.appendChild(row(cells, { cls: i === 0 ? "best" : "" })));
  panel.replaceChildren(el("h3", "", "What each move is worth"), table);
  panel.hidden = false;
}

// ------------------------------------------------------------------- moves
export async function sendMove(move, fromEl) {
  const v = S.view;
  if (!v || S.busy || v.past) return; // a past position (REVIEW) takes no move
  const waiting = sheetsWaitedFor(v);
  if (waiting) { say(`${waiting}.`, true); return; }
  S.busy = true;
  const fromRect = fromEl ? fromEl.getBoundingClientRect() : null;
  try {
    const next = await api("POST", `/api/games/${v.id}/moves`, { move, move_number: v.move_number });
    answered();
    applyView(next, { fromRect });
  } catch (e) {
    // A move tapped while the server is away is kept, and sent once it answers (it was dropped, to be tapped again).
    if (e.retry) S.queued = { id: v.id, move, move_number: v.move_number };
    await handleError(e);
    if (S.queued) say("No connection: your move is sent as soon as the server answers", true);
  } finally {
    S.busy = false;
  }
  schedule();
}

// The move kept while the server was away: sent if the table is still where it was, else said to be dropped.
async function sendQueued() {
  const q = S.queued, v = S.view;
  if (!q || NET.lost || !v) return false;
  S.queued = null;
  if (q.id === v.id && q.move_number === v.move_number && (v.legal_moves || []).includes(q.move)) {
    await sendMove(q.move);
    return true;
  }
  say("The table moved on while the connection was away: your move was not sent. Choose again.", true);
  return false;
}

// Undo (one move) or restart (every move): the server replays the puzzle without them.
async function rewind(action) {
  const v = S.view;
  if (!v || !v.undo || v.move_number === 0 || S.busy) return;
  S.busy = true;
  try {
    const next = await api("POST", `/api/games/${v.id}/${action}`, { move_number: v.move_number });
    answered();
    S.hint = null;
    applyView(next);
    say(action === "undo" ? "Your last move was taken back." : "The puzzle is as it was dealt.");
  } catch (e) {
    await handleError(e);
  } finally {
    S.busy = false;
  }
  schedule();
}

// The server's refusals are written lower case, after "error:"; the top line says them as sentences.
const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export async function handleError(e) {
  if (e.retry) { connectionLost(e); return; }
  if (e.message) e.message = sentence(e.message);
  if (S.view && (e.status === 409 || e.status === 404 || e.status === 403)) {
    // A refusal that comes back every time must not be asked again at full speed.
    refused();
    try {
      const v = await api("GET", `/api/games/${S.view.id}`);
      applyView(v);
      say(e.status === 409 ? `${e.message}. The table is up to date now.` : e.message, true);
      return;
    } catch (again) {
      if (again.retry) { connectionLost(again); return; }
      if (again.status === 404 || again.status === 403) { showGone(again.message); return; }
    }
  }
  say(e.message || "Something went wrong", true);
  toast(e.message || "Something went wrong");
}

async function showHint() {
  const v = S.view;
  if (!myTurn(S.view) || S.busy || S.hinting || v.past) return;
  S.hinting = true;
  $("hint-btn").classList.add("busy");
  say("Hint: weighing every move…");
  try {
    const h = await untilReady(() => api("GET", `/api/games/${v.id}/hint`), () => S.view === v);
    if (S.view !== v) return;
    S.hint = h;
    const words = S.board.showHint(ctx, h);
    redraw();
    say(words);
  } catch (e) { await handleError(e); }
  finally { S.hinting = false; $("hint-btn").classList.remove("busy"); }
}

// ------------------------------------------------------------------ the loop
export function stopLoop() { clearTimeout(S.timer); S.timer = null; }

export function schedule(delay = 0) {
  stopLoop();
  S.timer = setTimeout(tick, Math.max(delay, NET.retryAt - performance.now()));
}

async function tick() {
  keepFocus();
  const v = S.view;
  if (!v || v.past || S.paused || S.busy || $("table").hidden || !$("gone").hidden) return;
  // While the server is away, only ask whether it is back (the view may have moved on meanwhile).
  if (NET.lost) { await refresh(); return; }
  if (v.status === "abandoned") { showGone(); return; }
  if (v.status === "sheet") {
    // Each hand's sheet is shown once (it stays the same view until NEXT HAND).
    const keyOf = (w) => `${w.id}:${w.sheet && w.sheet.number !== undefined ? w.sheet.number : w.move_number}`;
    const sheetKey = keyOf(v);
    if (S.sheetShownFor !== sheetKey) {
      S.sheetShownFor = sheetKey;
      const delay = Math.max(0, PACE * 1.2 - (performance.now() - S.lastShown));
      // At a live table the same sheet may come again meanwhile (another person closed theirs): still this sheet.
      setTimeout(() => { if (S.view && S.view.status === "sheet" && keyOf(S.view) === sheetKey) showSheet(ctx, S.view); }, delay);
    }
    return;
  }
  if (v.status === "over") { showResults(v); return; }
  // A table of several people: what the others and the computers do comes over its socket (live.js).
  if (S.live && S.live.holds(v)) return;
  if (sheetsWaitedFor(v)) { S.timer = setTimeout(refresh, 1500); return; }
  const seat = v.to_move;
  if (seat === v.seat) {
    // A move that needs no choice (a pass): the server makes it, the top line says it.
    if (S.board.automatic ? S.board.automatic(v) : !!v.forced) await step(v, PACE * 0.8);
    return;
  }
  if (v.seats[seat].kind === "computer") {
    await step(v, PACE);
    return;
  }
  S.timer = setTimeout(refresh, 1500); // another person's turn
}

async function step(v, pace) {
  S.busy = true;
  try {
    const next = await api("POST", `/api/games/${v.id}/step`, { move_number: v.move_number });
    answered();
    const rest = pace - (performance.now() - S.lastShown);
    if (rest > 0) await wait(rest);
    if (S.view !== v) return;
    applyView(next);
  } catch (e) {
    await handleError(e);
  } finally {
    S.busy = false;
  }
  schedule();
}

export async function refresh() {
  const v = S.view;
  if (!v) return;
  if (S.busy) { schedule(250); return; }
  S.busy = true;
  try {
    const next = await api("GET", `/api/games/${v.id}`);
    connectionBack();
    if (S.view === v) applyView(next);
  } catch (e) {
    if (!e.retry) { showGone(e.message); return; } // gone or not ours: nothing left to poll
    connectionLost(e);
  } finally {
    S.busy = false;
  }
  if (await sendQueued()) return;
  schedule();
}

async function nextHand() {
  const v = S.view;
  if (!v || S.busy) return;
  S.busy = true;
  try {
    const next = await api("POST", `/api/games/${v.id}/next-hand`);
    answered();
    $("sheet").hidden = true;
    S.board.enter(ctx);
    applyView(next);
  } catch (e) { if (!e.retry) $("sheet").hidden = true; await handleError(e); }
  finally { S.busy = false; }
  schedule();
}

// --------------------------------------------------------------------- menu
function openMenu() { $("menu").hidden = false; $("m-resume").focus(); }

function setPaused(p) {
  S.paused = p;
  // Only a table of one person and computers stepped by this page waits; at a live table play goes on.
  const v = S.view;
  const shared = S.live && v && S.live.id === v.id;
  $("paused-sub").textContent = shared
    ? "The table does not wait: play goes on meanwhile."
    : "The computers wait for you.";
  $("paused").hidden = !p;
  if (p) { stopLoop(); $("unpause").focus(); } else { schedule(); say(turnText(S.view)); }
}

function renderSoundButton() {
  const b = $("m-sound");
  b.textContent = `SOUND: ${soundOn() ? "ON" : "OFF"}`;
  b.setAttribute("aria-pressed", String(soundOn()));
}

export function wireTable() {
  $("menu-btn").addEventListener("click", openMenu);
  $("hint-btn").addEventListener("click", showHint);
  $("undo-btn").addEventListener("click", () => rewind("undo"));
  $("restart-btn").addEventListener("click", async () => {
    const question = { title: "Start this puzzle again?", note: "Every move you made is taken back.", yes: "START AGAIN" };
    if (await askFirst(question)) rewind("restart");
  });
  $("m-resume").addEventListener("click", () => { $("menu").hidden = true; if (S.paused) setPaused(false); });
  $("m-pause").addEventListener("click", () => { $("menu").hidden = true; setPaused(true); });
  $("m-new").addEventListener("click", () => { $("menu").hidden = true; showHome(); });
  $("m-sound").addEventListener("click", () => {
    setSound(!soundOn());
    renderSoundButton();
    sound("play");
  });
  $("unpause").addEventListener("click", () => setPaused(false));
  $("next-hand").addEventListener("click", nextHand);
  $("again").addEventListener("click", () => { $("results").hidden = true; startGame(); });
  $("to-home").addEventListener("click", () => { $("results").hidden = true; showHome(); });
  document.addEventListener("keydown", (ev) => {
    if ($("table").hidden || ev.ctrlKey || ev.metaKey || ev.altKey || !S.board) return;
    if (ev.key === "Escape") {
      if (!$("menu").hidden) { $("menu").hidden = true; return; }
      const dialogs = !$("sheet").hidden || !$("results").hidden;
      if (!dialogs && !S.board.escape(ctx)) openMenu();
      return;
    }
    const dialog = openOverlay();
    if (dialog && dialog.id !== "paused") return; // P still resumes; other keys wait for the dialog
    if (ev.key === "h" || ev.key === "H") showHint();
    else if ((ev.key === "u" || ev.key === "U") && S.view && S.view.undo) rewind("undo");
    else if (ev.key === "p" || ev.key === "P") setPaused(!S.paused);
    else S.board.key(ctx, ev);
  });
  // A redraw can change the room it is drawn in (a longer status wraps, the hand row grows), and
  // the observer below then asks for another: two sizes taking turns redrew every frame, and a tile
  // about to be tapped was detached each time. So only a new size is drawn again, and at most a few
  // times a second.
  let raf = 0, burst = 0, burstFrom = 0;
  const relayout = () => {
    cancelAnimationFrame(raf);
    raf = requestAnimationFrame(() => {
      if (!S.view) return;
      const size = roomNow();
      if (size === drawnFor) return;
      const now = performance.now();
      if (now - burstFrom > 1000) { burstFrom = now; burst = 0; }
      if (++burst > 4) { raf = 0; setTimeout(relayout, 1000 - (now - burstFrom)); return; }
      drawnFor = size;
      render(); retell(); refitBoard();
    });
  };
  window.addEventListener("resize", relayout);
  if (window.ResizeObserver) new ResizeObserver(relayout).observe($("board"));
  window.addEventListener("online", () => { if (NET.lost && S.view && !$("table").hidden) { NET.retryAt = 0; schedule(); } });
  renderSoundButton();
}

