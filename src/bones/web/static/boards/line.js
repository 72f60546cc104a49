// The line of play (every game whose GameInfo.board is "line"): the tiles on the board as
// layout.fit lays them out, the open ends a picked tile fits (tap, drag or keys), the hand, the
// boneyard to draw from, the hint's estimates and the hand sheet. Knows no game: only the view.
import { $, el, row } from "../shell/dom.js";
import { startDrag } from "../shell/drag.js";
import { handTiles } from "../shell/fit.js";
import { half, tileEl } from "../shell/tiles.js";
import { parseTile, seatName, sideName, tileWords } from "../shell/words.js";
import { registerBoard } from "./index.js";
import { mark, marksOf } from "./marks.js";
import { fit as fitLayout } from "./line-layout.js";
import { maxUnitFor, reachTargets } from "./line-targets.js";
import * as W from "./line-words.js";

// What this board keeps between draws: the tile picked up, the tiles on the board
// (kept so they slide when the line re-flows) and the last fitting.
const L = {
  picked: null,
  pickedAt: -1, // the move number the tile was picked up at: a pick lasts until the next move
  boardKey: "",
  boardEls: new Map(),
  lastFit: { layout: null, W: 0, H: 0, fit: null },
  drawnIn: "", // the board's room when it was last drawn (the words may fit it to a newer one first)
};

// The hand just ended, while its sheet is open and, once the match is over, on the results screen too (the
// others' leftover tiles turned face down again there).
const endedHand = (v) => (v.status === "playing" ? null : v.sheet || v.lastHand || null);
const layoutOf = (v) => (endedHand(v) ? endedHand(v).layout : v.layout);
const movesFor = (ctx, tile) => W.movesFor(ctx.S.view, tile);

// The line laid out on the board as it is now; the last answer is kept, since the words for a
// move need it just before the board is drawn.
function fitBoard(layout) {
  const board = $("board");
  const Wd = board.clientWidth, H = board.clientHeight;
  if (!Wd || !H) return null;
  const last = L.lastFit;
  if (last.layout === layout && last.W === Wd && last.H === H) return last.fit;
  L.lastFit = { layout, W: Wd, H, fit: fitLayout(layout, Wd, H, { maxUnit: maxUnitFor(Wd, H) }) };
  return L.lastFit.fit;
}
const endWords = (layout, end) => W.endWords(layout, end, fitBoard(layout));

function renderBoard(ctx, v, sheet, animate) {
  const board = $("board");
  const layout = sheet ? sheet.layout : v.layout;
  const key = `${v.id}:${sheet ? sheet.number : v.hand_no}`;
  if (key !== L.boardKey) { board.replaceChildren(); L.boardEls = new Map(); L.boardKey = key; }
  const fit = fitBoard(layout);
  if (!fit) return;
  L.drawnIn = `${L.lastFit.W}x${L.lastFit.H}`;
  board.style.setProperty("--u", `${fit.unit}px`);
  const seen = new Set();
  layout.tiles.forEach((t, i) => {
    const r = fit.tiles[i];
    const id = `${i}:${t.tile}`;
    seen.add(id);
    let e = L.boardEls.get(id);
    const isNew = !e;
    if (isNew) {
      e = tileEl(r.a, r.b, { vertical: r.vertical });
      e.setAttribute("role", "img");
      e.dataset.tile = t.tile;
      board.appendChild(e);
      L.boardEls.set(id, e);
    }
    // When the line re-flows (it turns elsewhere, or the tiles shrink), a tile may now lie the
    // other way or face the other way: its halves are drawn again, and it jumps instead of
    // sliding, so it is never seen stretched between the two shapes.
    const shape = `${r.vertical ? "v" : "h"}${r.a}:${r.b}`;
    const turned = !isNew && e.dataset.shape !== shape;
    if (turned) {
      e.classList.toggle("v", r.vertical);
      e.classList.toggle("h", !r.vertical);
      e.replaceChildren(half(r.a, r.vertical), half(r.b, r.vertical));
      e.style.transition = "none";
    }
    e.dataset.shape = shape;
    const lastOne = i === layout.tiles.length - 1;
    e.setAttribute("aria-label", `${tileWords(t.tile)} on the table${lastOne ? ", played last" : ""}`);
    e.style.left = `${r.left + 1}px`;
    e.style.top = `${r.top + 1}px`;
    e.style.width = `${r.width - 2}px`;
    e.style.height = `${r.height - 2}px`;
    e.style.fontSize = `${Math.max(8, fit.unit * 0.5)}px`;
    e.classList.toggle("last", lastOne);
    if (lastOne) e.title = "Gold rim: the tile played last";
    else e.removeAttribute("title");
    if (turned) { void e.offsetWidth; e.style.transition = ""; }
    if (isNew && animate && lastOne && ctx.anim > 0) flyIn(ctx, e, animate);
  });
  for (const [id, e] of L.boardEls) if (!seen.has(id)) { e.remove(); L.boardEls.delete(id); }
  const active = document.activeElement;
  const focusedSlot = active && active.classList.contains("slot") ? active.dataset.name : null;
  board.querySelectorAll(".slot").forEach((s) => s.remove());
  if (v.status !== "playing") return;
  const targets = new Set(L.picked ? movesFor(ctx, L.picked).map(W.endOf) : []);
  const m = marksOf(ctx);
  const isPlay = (move) => !!move && move !== W.DRAW && move !== W.PASS;
  // A hint marks its end once its tile is picked; a review marks the end of each move at once.
  const endFor = (move) => (isPlay(move) && (m.review || W.tileOf(move) === L.picked) ? W.endOf(move) : null);
  const [bestEnd, playedEnd] = [endFor(m.best), endFor(m.played)];
  // The centre, before the first tile, is tapped too: it grows to a finger's width like a lit end.
  const tapped = new Set([...targets, ...fit.slots.filter((s) => s.value === null).map((s) => s.name)]);
  for (const end of [bestEnd, playedEnd]) if (end) tapped.add(end);
  for (const s of reachTargets(fit.slots, tapped, { width: board.clientWidth, height: board.clientHeight })) {
    const b = el("button", `slot ${s.width >= s.height ? "h" : "v"}`);
    b.type = "button";
    b.dataset.name = s.name;
    b.style.left = `${s.left + 2}px`;
    b.style.top = `${s.top + 2}px`;
    b.style.width = `${s.width - 4}px`;
    b.style.height = `${s.height - 4}px`;
    const isTarget = targets.has(s.name);
    b.classList.toggle("target", isTarget);
    b.tabIndex = isTarget ? 0 : -1;
    b.setAttribute("aria-label", s.value === null ? "the centre: the first tile goes here" : `${endWords(layout, s.name)}, showing ${s.value}${isTarget ? `: place ${L.picked} here` : ""}`);
    if (s.value !== null && !isTarget) b.setAttribute("aria-disabled", "true");
    mark(b, m, bestEnd === s.name, playedEnd === s.name);
    b.addEventListener("click", () => onSlot(ctx, s.name));
    b.addEventListener("keydown", (ev) => onSlotKey(ctx, ev));
    board.appendChild(b);
    if (focusedSlot === s.name && isTarget) b.focus();
  }
}

function flyIn(ctx, e, animate) {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  let from = animate.fromRect;
  if (!from) {
    if (animate.seat === ctx.S.view.seat) from = $("hand").getBoundingClientRect();
    else {
      const box = document.querySelector(`.seat-panel[data-seat="${animate.seat}"] .nameplate`);
      if (box) from = box.getBoundingClientRect();
    }
  }
  if (!from) return;
  const to = e.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  e.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(1.15) rotate(8deg)`, opacity: 0.6 }, { transform: "none", opacity: 1 }],
    { duration: ctx.anim, easing: "cubic-bezier(.2,.85,.25,1)" },
  );
}

function renderHand(ctx, v, sheet, old) {
  const hand = $("hand");
  const active = document.activeElement;
  const focused = active && hand.contains(active) ? active.dataset.tile : null;
  hand.replaceChildren();
  const tiles = sheet ? sheet.hands[v.seat] : v.hand;
  const n = Math.max(tiles.length, 1);
  const avail = hand.parentElement.clientWidth - 16;
  // A phone held sideways has little height: its hand is one low row.
  const byHeight = Math.floor(window.innerHeight * (window.innerHeight < 520 ? 0.08 : 0.075));
  // Sideways the hand is one row: tiles a finger wide, scrolled where they are many.
  const { tw, scrolls } = handTiles({ room: avail, n, byHeight, rows: window.innerHeight < 520 ? 1 : 2 });
  hand.style.setProperty("--tw", `${tw}px`);
  hand.classList.toggle("scrolls", scrolls);
  const turn = W.myTurn(v) && !sheet;
  const m = marksOf(ctx);
  const tileOf = (move) => (move ? W.tileOf(move) : null);
  for (const t of tiles) {
    const [a, b] = parseTile(t);
    const e = tileEl(a, b, { vertical: true, tag: "button" });
    e.dataset.tile = t;
    const moves = turn ? movesFor(ctx, t) : [];
    const fits = moves.length > 0;
    if (turn) e.classList.add(fits ? "fits" : "dim");
    if (L.picked === t) e.classList.add("picked");
    if (old && old.id === v.id && !old.hand.includes(t) && old.hand_no === v.hand_no) e.classList.add("new");
    const state = sheet ? "" : turn ? (fits ? (moves.length > 1 ? ", fits both ends" : ", fits") : ", does not fit") : "";
    e.setAttribute("aria-label", `${tileWords(t)}${state}`);
    mark(e, m, tileOf(m.best) === t, tileOf(m.played) === t);
    if (L.picked === t) e.setAttribute("aria-pressed", "true");
    if (sheet) e.disabled = true;
    e.addEventListener("click", (ev) => onTileClick(ctx, t, e, ev));
    e.addEventListener("keydown", onHandKey);
    e.addEventListener("pointerdown", (ev) => onPointerDown(ctx, t, e, ev));
    hand.appendChild(e);
    if (focused === t) e.focus();
  }
}

function renderBoneyard(ctx, v) {
  const box = $("boneyard");
  const open = W.mustDraw(v);
  box.hidden = !open;
  if (!open) return;
  const tiles = $("boneyard-tiles");
  tiles.replaceChildren();
  for (let i = 0; i < v.boneyard_size; i++) {
    const b = tileEl(0, 0, { back: true, tag: "button" });
    const usable = i < v.drawable;
    b.setAttribute("aria-label", usable ? "a face-down tile: draw it" : "kept back: may not be drawn");
    if (!usable) { b.classList.add("reserve"); b.disabled = true; }
    b.addEventListener("click", () => { if (usable) ctx.send(W.DRAW, b); });
    tiles.appendChild(b);
  }
}

function renderHint(ctx, v) {
  const panel = $("hint-panel");
  const h = ctx.S.hint;
  if (!h || !h.estimates || !W.myTurn(v)) { panel.hidden = true; return; }
  panel.hidden = false;
  panel.replaceChildren(el("h3", "", "What each move is worth"));
  const table = el("table");
  table.appendChild(row(["move", "points", "wins"], { header: true }));
  const fit = fitBoard(v.layout);
  h.estimates.forEach((e, i) => {
    const points = `${e.expected_points > 0 ? "+" : ""}${e.expected_points.toFixed(1)}`;
    table.appendChild(row([W.moveWords(v.layout, e.move, fit), points, `${Math.round(e.win_chance * 100)}%`], { cls: i === 0 ? "best" : "" }));
  });
  panel.appendChild(table);
  // The panel sits in a corner of the board; it moves to the other one when that hides fewer of the ends it talks about.
  const ends = new Set(h.estimates.map((e) => W.endOf(e.move)));
  const slots = [...document.querySelectorAll("#board .slot")].filter((slot) => ends.has(slot.dataset.name));
  const covered = () => {
    const p = panel.getBoundingClientRect();
    return slots.filter((slot) => {
      const r = slot.getBoundingClientRect();
      return r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom;
    }).length;
  };
  let best = null;
  for (const [low, west] of [[false, false], [true, false], [false, true], [true, true]]) {
    panel.classList.toggle("low", low);
    panel.classList.toggle("west", west);
    const n = covered();
    if (!best || n < best.n) best = { n, low, west };
    if (!n) break;
  }
  panel.classList.toggle("low", best.low);
  panel.classList.toggle("west", best.west);
}

// ----------------------------------------------------------------- interaction
function shake(e) { e.classList.remove("shake"); void e.offsetWidth; e.classList.add("shake"); }

function onTileClick(ctx, tile, e, ev) {
  // A click from Enter or Space has no pointer position (detail 0).
  tap(ctx, tile, e, ev && ev.detail === 0);
}

function tap(ctx, tile, e, byKeyboard) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || v.status !== "playing") return;
  if (ctx.saysWaiting()) return;
  if (!W.myTurn(v)) {
    shake(e); ctx.sound("nope");
    ctx.say(`Wait: it is ${v.seats[v.to_move].name}'s turn`, true);
    return;
  }
  const moves = movesFor(ctx, tile);
  if (!moves.length) {
    shake(e); ctx.sound("nope");
    ctx.say(v.why[tile] || (W.mustDraw(v) ? "Nothing fits: draw from the boneyard" : `${tile} does not fit`), true);
    return;
  }
  if (moves.length === 1) { ctx.send(moves[0], e); return; }
  pick(v, L.picked === tile ? null : tile);
  ctx.render();
  ctx.say(L.picked ? `Place ${tile}: tap a glowing end` : "Your turn");
  if (L.picked && byKeyboard) document.querySelector(".slot.target")?.focus();
}

function onSlot(ctx, name) {
  if (!L.picked || ctx.S.busy) return;
  const move = movesFor(ctx, L.picked).find((m) => W.endOf(m) === name);
  if (!move) { ctx.say(`${L.picked} does not fit there`, true); return; }
  ctx.send(move, document.querySelector(`.hand .tile[data-tile="${L.picked}"]`));
}

function onHandKey(ev) {
  const tiles = [...document.querySelectorAll(".hand .tile")];
  const i = tiles.indexOf(ev.currentTarget);
  if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
    ev.preventDefault();
    tiles[(i + (ev.key === "ArrowRight" ? 1 : -1) + tiles.length) % tiles.length]?.focus();
  }
}

function onSlotKey(ctx, ev) {
  const slots = [...document.querySelectorAll(".slot.target")];
  const i = slots.indexOf(ev.currentTarget);
  if (["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"].includes(ev.key)) {
    ev.preventDefault();
    const d = ev.key === "ArrowRight" || ev.key === "ArrowDown" ? 1 : -1;
    slots[(i + d + slots.length) % slots.length]?.focus();
  } else if (ev.key === "Escape") {
    ev.preventDefault();
    const t = L.picked;
    dropPick(ctx);
    document.querySelector(`.hand .tile[data-tile="${t}"]`)?.focus();
  }
}

function pick(v, tile) {
  L.picked = tile;
  L.pickedAt = v.move_number;
}

function dropPick(ctx) {
  L.picked = null;
  ctx.render();
  ctx.say("Your turn");
}

// Drag a tile onto an end (a small threshold tells a drag from a tap).
// A tile dragged to a glowing end goes there; let go anywhere else, it stays picked up (where it fits two ends)
// and the words say what to do. Drops are caught a little further out than elsewhere: the ends are small.
function onPointerDown(ctx, tile, e, ev) {
  if (ctx.S.busy || !movesFor(ctx, tile).length) return;
  const missed = () => {
    pick(ctx.S.view, movesFor(ctx, tile).length > 1 ? tile : null);
    ctx.render();
    ctx.say(L.picked ? `Place ${tile}: tap a glowing end` : "Drop the tile on a glowing end", true);
  };
  startDrag(ev, e, {
    targets: () => [...document.querySelectorAll(".slot.target")],
    pad: 28,
    onStart: () => {
      pick(ctx.S.view, tile);
      // Only the board changes (its ends light up): the dragged tile stays where it is.
      renderBoard(ctx, ctx.S.view, null, null);
    },
    onDrop: (over) => {
      const move = movesFor(ctx, tile).find((m) => W.endOf(m) === over.dataset.name);
      if (move) ctx.send(move, over);
      else missed();
    },
    onCancel: missed,
  });
}

// --------------------------------------------------------------------- seats
function sizeMini(tile, side) {
  const small = window.innerWidth < 520 ? 0.75 : 1;
  tile.style.width = `${Math.round((side ? 26 : 14) * small)}px`;
  tile.style.height = `${Math.round((side ? 13 : 28) * small)}px`;
}

function seatTiles(ctx, v, seat, side) {
  const sheet = endedHand(v);
  const backs = el("div", sheet ? "backs faceup" : "backs");
  if (sheet) {
    for (const t of sheet.hands[seat]) {
      const [a, b] = parseTile(t);
      const tile = tileEl(a, b, { vertical: !side });
      tile.classList.add("static");
      sizeMini(tile, side);
      tile.setAttribute("aria-label", tileWords(t));
      backs.appendChild(tile);
    }
    return backs;
  }
  const n = v.seats[seat].hand_size, shown = Math.min(n, side ? 8 : 12);
  for (let k = 0; k < shown; k++) {
    const tile = tileEl(0, 0, { vertical: !side, back: true });
    tile.classList.add("static");
    sizeMini(tile, side);
    backs.appendChild(tile);
  }
  if (n > shown) backs.appendChild(el("span", "count", `+${n - shown}`));
  backs.setAttribute("aria-hidden", "true");
  return backs;
}

// --------------------------------------------------------------------- sheet
function fillSheet(ctx, v, { hands, totals }) {
  const sh = v.sheet;
  hands.replaceChildren(row(["Player", "Tiles left", "Pips"], { header: true }));
  sh.hands.forEach((tiles, seat) => {
    const won = sh.winner !== null && sh.winner !== undefined && v.sides[seat] === v.sides[sh.winner];
    const cells = el("div", "mini-row");
    for (const t of tiles) {
      const [a, b] = parseTile(t);
      const tile = tileEl(a, b, { vertical: true });
      tile.classList.add("static");
      tile.setAttribute("aria-label", tileWords(t));
      tile.setAttribute("role", "img");
      cells.appendChild(tile);
    }
    if (!tiles.length) cells.textContent = "out";
    const tr = row([seatName(v, seat), cells, sh.pips[seat]], { cls: won ? "winner" : "" }); // a pair wins together
    tr.children[1].className = "tiles";
    hands.appendChild(tr);
  });
  const head = [v.teams ? "Pair" : "Player", ...(v.scores_during_play ? ["In play"] : []), v.low_score_wins ? "Written" : "Points", "Match"];
  totals.replaceChildren(row(head, { header: true }));
  sh.totals.forEach((total, side) => {
    const match = el("span");
    match.append(el("b", "", String(total)), ` / ${v.target}`);
    const cells = [sideName(v, side), ...(v.scores_during_play ? [sh.play_points[side]] : []), sh.points[side], match];
    totals.appendChild(row(cells));
  });
  return { title: `Hand ${sh.number}: ${W.handTitle(v, sh)}`, note: W.sheetNote(v, sh), final: sh.final };
}

// ------------------------------------------------------------------ renderer
export const lineBoard = {
  adapt: W.adapt,
  drawsHint: true, // the ends a hinted move goes on are kept in sight
  enter() {
    L.picked = null;
    L.boardKey = "";
  },
  render(ctx, opts = {}) {
    const v = ctx.S.view;
    if (L.picked && (L.pickedAt !== v.move_number || !movesFor(ctx, L.picked).length)) L.picked = null;
    const sheet = endedHand(v);
    $("board").setAttribute("aria-label", "The line of play");
    renderBoard(ctx, v, sheet, opts.animate);
    renderHand(ctx, v, sheet, opts.old);
    renderBoneyard(ctx, v);
    renderHint(ctx, v);
  },
  // The board's room is another than the one it was drawn for: draw it again.
  refit(ctx) {
    const board = $("board");
    if (L.drawnIn === `${board.clientWidth}x${board.clientHeight}`) return false;
    const v = ctx.S.view;
    renderBoard(ctx, v, endedHand(v), null);
    renderHint(ctx, v);
    return true;
  },
  seatTiles,
  info: W.infoItems,
  turnText: (ctx, v) => W.turnText(v, L.picked),
  describe: (ctx, v, last, old) => W.describe(v, last, old, fitBoard(layoutOf(v))),
  soundOf: (last) => W.soundOf(last.move),
  bubbleOf: W.bubbleOf,
  automatic: W.automatic,
  handSize: (v) => v.hand.length,
  // A move in words, where it goes said from the board as drawn (REVIEW's played and better moves).
  moveWords: (v, move) => W.moveWords(v.layout, move, fitBoard(v.layout)),
  showHint(ctx, h) {
    const v = ctx.S.view;
    const tile = W.tileOf(h.best);
    if (h.best !== W.DRAW && h.best !== W.PASS && movesFor(ctx, tile).length > 1) pick(v, tile);
    return W.hintWords(v, h.best, fitBoard(v.layout));
  },
  key(ctx, ev) {
    if ((ev.key === "d" || ev.key === "D") && W.mustDraw(ctx.S.view)) { ctx.send(W.DRAW); return true; }
    return false;
  },
  escape(ctx) {
    if (!L.picked) return false;
    dropPick(ctx);
    return true;
  },
  focusTarget(ctx) {
    const hand = [...document.querySelectorAll(".hand .tile")];
    return (W.mustDraw(ctx.S.view) && document.querySelector("#boneyard-tiles .tile:not(.reserve)"))
      || (W.myTurn(ctx.S.view) && document.querySelector(".hand .tile.fits"))
      || hand[Math.min(ctx.focus.handIndex, hand.length - 1)]
      || null;
  },
  handTitle: (v) => W.handTitle(v, v.sheet),
  fillSheet,
};

registerBoard("line", lineBoard);
