// Tetradominoes' table: the dominoes played as a grid of numbers, the tetrominoes laid on them, the
// hand, the pool of pieces. A move is chosen by what it uses (a domino in hand, a piece of the pool)
// and then the cells it covers: the cells that could still be covered glow until one move is left.
// By taps, by dragging the domino or the piece onto the grid, or by the arrow keys and Enter. A
// domino played flies in from its player, a tetromino laid pops up on its cells.
import { moveCursor, waitingFocus } from "../shell/cursor.js";
import { $, el } from "../shell/dom.js";
import { startDrag } from "../shell/drag.js";
import { fitCells, handTiles } from "../shell/fit.js";
import { flyFrom, pop, seatRect } from "../shell/motion.js";
import { half, tileEl } from "../shell/tiles.js";
import { parseTile, tileWords } from "../shell/words.js";
import { registerBoard } from "./index.js";
import { mark, marksOf } from "./marks.js";
import * as T from "./tetra-words.js";

const P = { source: null, tapped: [], at: -1 };

function box(v) {
  const b = v.board.box;
  return { rows: b.bottom - b.top + 1, cols: b.right - b.left + 1, top: b.top, left: b.left };
}

// The grid as large as the board allows, with the row of buttons (pieces, other moves) below it.
function cellSize(v) {
  const board = $("board");
  const { rows, cols } = box(v);
  const buttons = document.querySelector("#board .tetra-actions");
  const below = buttons && buttons.childElementCount ? buttons.offsetHeight + 8 : 0;
  return fitCells({ width: board.clientWidth, height: board.clientHeight, rows, cols, reserveX: 16, reserveY: 16 + below, min: 40, max: 48 });
}

// A domino in hand or a piece of the pool dragged onto the grid: picked up as by a tap (the cells it
// may cover glow), then dropped as a tap on the cell under it.
function dragSource(ctx, ev, e, source) {
  startDrag(ev, e, {
    targets: () => [...document.querySelectorAll(".tetra-cell.target")],
    onStart: () => { if (P.source !== source) choose(ctx, source); },
    onDrop: (target) => tap(ctx, target.dataset.cell.split(",").map(Number)),
    onCancel: () => ctx.say(`Drop it on a glowing cell. ${T.turnText(ctx.S.view, P)}`, true),
  });
}

// What the arrow keys move between: the glowing cells, the pieces and buttons, the playable dominoes.
const choiceEls = () => [...document.querySelectorAll(".tetra-cell.target, .tetra-piece, .tetra-move, .tetra-back, .hand .tile.fits")];
const firstChoice = () => document.querySelector(".tetra-cell.target") || document.querySelector(".hand .tile.fits") || document.querySelector(".tetra-piece, .tetra-move");

// The last move, shown: a domino flies in from its player, a tetromino pops up on its cells.
function showMove(ctx, v, animate) {
  const cellEl = ([r, c]) => document.querySelector(`.tetra-cell[data-cell="${r},${c}"]`);
  const laid = T.tetrominoCells(v.last.move);
  if (laid.length) {
    laid.forEach((cell, i) => pop(cellEl(cell)?.querySelector(".tetra-cover"), ctx.anim * 0.7, i * ctx.anim * 0.12));
    return;
  }
  if (v.last.move !== v.board.last) return;
  const from = animate.fromRect || seatRect(ctx, animate.seat);
  for (const cell of v.board.last_cells) flyFrom(cellEl(cell), from, ctx.anim);
}

function renderBoard(ctx, v) {
  const b = v.board;
  const board = $("board");
  board.setAttribute("aria-label", "The table: dominoes in a grid, tetrominoes on them");
  const g = box(v);
  const grid = el("div", "tetra");
  grid.style.setProperty("--cell", `${cellSize(v)}px`);
  grid.style.gridTemplateColumns = `repeat(${g.cols}, var(--cell))`;
  grid.style.gridTemplateRows = `repeat(${g.rows}, var(--cell))`;
  const { glow, ask } = P.source ? T.narrow(v, P.source, P.tapped) : { glow: new Set(), ask: [] };
  const tapped = new Set(P.tapped.map(T.key));
  const last = new Set(b.last_cells.map(T.key));
  const byKey = new Map(b.cells.map((c) => [T.key([c.row, c.col]), c]));
  // The review's marks (a hint's only words): the cells each move covers, its button for other moves.
  const m = marksOf(ctx);
  const cellsOf = (move) => new Set(((move && b.choices.find((c) => c.move === move)) || {}).cells?.map(T.key) || []);
  const [bestCells, playedCells] = m.review ? [cellsOf(m.best), cellsOf(m.played)] : [new Set(), new Set()];
  const spots = new Set([...byKey.keys(), ...glow, ...tapped, ...bestCells, ...playedCells]);
  for (const k of spots) {
    const [r, c] = k.split(",").map(Number);
    const cell = byKey.get(k);
    const e = el(glow.has(k) ? "button" : "div", "tetra-cell");
    if (e.tagName === "BUTTON") { e.type = "button"; e.classList.add("target"); e.addEventListener("click", () => tap(ctx, [r, c])); }
    e.dataset.cell = k;
    e.style.gridRow = String(r - g.top + 1);
    e.style.gridColumn = String(c - g.left + 1);
    if (cell) {
      e.classList.add("number", `to-${cell.to.join("_")}`);
      e.appendChild(half(cell.number, true));
      if (cell.cover) {
        const cover = el("span", `tetra-cover ${cell.cover.colour}`, cell.cover.piece);
        cover.setAttribute("aria-hidden", "true");
        e.appendChild(cover);
      }
      e.setAttribute("aria-label", T.cellWords(v, cell) + (glow.has(k) ? ": tap to cover" : ""));
    } else {
      e.setAttribute("aria-label", `row ${r}, column ${c}: empty${glow.has(k) ? ": tap to place" : ""}`);
    }
    e.classList.toggle("tapped", tapped.has(k));
    e.classList.toggle("last", last.has(k));
    if (m.review) mark(e, m, bestCells.has(k), playedCells.has(k));
    grid.appendChild(e);
  }
  const actions = el("div", "tetra-actions");
  const { pieces, actions: others } = T.sources(v);
  for (const [source] of pieces) {
    const btn = el("button", `btn tetra-piece${P.source === source ? " picked" : ""}`, source.replace("/", " "));
    btn.type = "button";
    btn.dataset.source = source;
    btn.setAttribute("aria-label", `the ${source.split("/")[0]} piece, ${source.split("/")[1]} side up`);
    btn.addEventListener("click", () => pick(ctx, source));
    btn.addEventListener("pointerdown", (ev) => dragSource(ctx, ev, btn, source));
    actions.appendChild(btn);
  }
  for (const c of [...ask, ...(P.source ? [] : others)]) {
    const btn = el("button", "btn primary tetra-move", c.words);
    btn.type = "button";
    btn.dataset.move = c.move;
    if (m.review) mark(btn, m, m.best === c.move, m.played === c.move);
    btn.addEventListener("click", () => ctx.send(c.move, btn));
    actions.appendChild(btn);
  }
  if (P.source) {
    const back = el("button", "btn tetra-back", "Back");
    back.type = "button";
    back.addEventListener("click", () => dropPick(ctx));
    actions.appendChild(back);
  }
  const wrap = el("div", "tetra-wrap");
  wrap.append(grid, actions);
  board.replaceChildren(wrap);
}

function choose(ctx, source) {
  const v = ctx.S.view;
  P.source = source;
  P.tapped = [];
  P.at = v.move_number;
  ctx.render();
  ctx.say(T.turnText(v, P));
}

function pick(ctx, source) {
  if (P.source === source) { dropPick(ctx); return; }
  choose(ctx, source);
  firstChoice()?.focus();
}

function tap(ctx, cell) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || !P.source) return;
  P.tapped = [...P.tapped, cell];
  const n = T.narrow(v, P.source, P.tapped);
  if (n.move) { ctx.send(n.move, document.querySelector(`.tetra-cell[data-cell="${T.key(cell)}"]`)); return; }
  ctx.render();
  ctx.say(n.ask.length ? "Which way round? Choose below" : T.turnText(v, P));
  (document.querySelector(".tetra-cell.target") || document.querySelector(".tetra-move"))?.focus();
}

function dropPick(ctx) {
  const source = P.source;
  P.source = null;
  P.tapped = [];
  ctx.render();
  ctx.say(T.turnText(ctx.S.view, P));
  (document.querySelector(`.hand .tile[data-tile="${source}"], .tetra-piece[data-source="${source}"]`) || firstChoice())?.focus();
}

function renderHand(ctx, v, old) {
  const hand = $("hand");
  const b = v.board;
  // A domino drawn since the last view drops into the hand.
  const held = (o) => [...o.board.hidden, ...(o.board.revealed[o.seat] || [])];
  const before = old && old.id === v.id && old.board.game_no === b.game_no ? new Set(held(old)) : null;
  const { tiles } = T.sources(v);
  const shown = new Set(b.revealed[v.seat] || []);
  const mine = [...b.hidden, ...(b.revealed[v.seat] || [])].sort();
  hand.replaceChildren();
  const { tw, scrolls } = handTiles({ room: hand.parentElement.clientWidth - 16, n: mine.length, byHeight: Math.floor(window.innerHeight * 0.06), most: 50, rows: window.innerHeight < 520 ? Infinity : 2 });
  hand.style.setProperty("--tw", `${tw}px`);
  hand.classList.toggle("scrolls", scrolls);
  for (const t of mine) {
    const [a, c] = parseTile(t);
    const e = tileEl(a, c, { vertical: true, tag: "button" });
    e.dataset.tile = t;
    const can = tiles.has(t);
    if (T.myTurn(v)) e.classList.add(can ? "fits" : "dim");
    if (P.source === t) e.classList.add("picked");
    if (shown.has(t)) e.classList.add("shown");
    if (before && !before.has(t)) e.classList.add("new");
    e.setAttribute("aria-label", `${tileWords(t)}${shown.has(t) ? ", shown to all" : ""}${can ? ", may be played" : ""}`);
    e.addEventListener("click", () => {
      if (ctx.saysWaiting()) return;
      if (!can) { ctx.sound("nope"); ctx.say(T.myTurn(v) ? `${t} fits nowhere now` : `Wait: it is ${v.seats[v.to_move].name}'s turn`, true); return; }
      pick(ctx, t);
    });
    if (can) e.addEventListener("pointerdown", (ev) => dragSource(ctx, ev, e, t));
    hand.appendChild(e);
  }
}

function seatTiles(ctx, v, seat, side) {
  const b = v.board;
  const row = el("div", "backs");
  for (const t of b.revealed[seat] || []) {
    const [x, y] = parseTile(t);
    const tile = tileEl(x, y, { vertical: !side });
    tile.classList.add("static");
    tile.style.width = side ? "26px" : "14px";
    tile.style.height = side ? "13px" : "28px";
    row.appendChild(tile);
  }
  for (let k = 0; k < (b.hidden_counts[seat] || 0); k++) {
    const tile = tileEl(0, 0, { vertical: !side, back: true });
    tile.classList.add("static");
    tile.style.width = side ? "26px" : "14px";
    tile.style.height = side ? "13px" : "28px";
    row.appendChild(tile);
  }
  row.appendChild(el("span", "count", `${b.counts[b.sides[seat]]} laid`));
  return row;
}

export const tetraBoard = {
  enter() { P.source = null; P.tapped = []; },
  render(ctx, opts = {}) {
    const v = ctx.S.view;
    if (P.at !== v.move_number) { P.source = null; P.tapped = []; }
    renderBoard(ctx, v);
    renderHand(ctx, v, opts.old);
    $("boneyard").hidden = true;
    // The grid's size depends on the row of buttons under it, known once drawn.
    tetraBoard.refit(ctx);
    if (opts.animate && v.last) showMove(ctx, v, opts.animate);
  },
  refit(ctx) {
    const grid = document.querySelector("#board .tetra");
    const want = `${cellSize(ctx.S.view)}px`;
    if (!grid || grid.style.getPropertyValue("--cell") === want) return false;
    grid.style.setProperty("--cell", want);
    return true;
  },
  seatTiles,
  info: T.infoItems,
  scores: T.scores,
  turnText: (ctx, v) => T.turnText(v, P),
  describe: (ctx, v, last) => T.moveText(last.text),
  soundOf: () => "play",
  bubbleOf: T.bubbleOf,
  showHint(ctx, h) {
    const c = ctx.S.view.board.choices.find((x) => x.move === h.best);
    return `Hint: ${c ? c.words.charAt(0).toLowerCase() + c.words.slice(1) : h.best}`;
  },
  key: (ctx, ev) => moveCursor(ev, choiceEls()),
  escape(ctx) {
    if (!P.source) return false;
    dropPick(ctx);
    return true;
  },
  focusTarget: () => firstChoice() || waitingFocus(),
};

registerBoard("tetradominoes", tetraBoard);
