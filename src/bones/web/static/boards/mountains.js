// Mountains and Valleys: the 6x6 map, the dominoes in hand, the penalty so far. Tap (or drag) a
// domino, then the squares it covers (the ones it could still cover glow); tap a placed domino to
// lift it. Keys: the arrows move among the dominoes in hand and among the glowing squares, Enter
// picks and places, Escape puts the domino back. A partner's placement glides in from their name.
import { $, el } from "../shell/dom.js";
import { handTiles } from "../shell/fit.js";
import { half, tileEl } from "../shell/tiles.js";
import { parseTile, tileWords } from "../shell/words.js";
import { edgeLabels } from "./edge-labels.js";
import { registerBoard } from "./index.js";
import { mark, marksOf } from "./marks.js";
import * as M from "./mountains-words.js";
import { arrowIn, dragPiece, giveUpButton, glideIn, gridWrap, hintBox, justDragged, layoutGrid, rove, wireArrows } from "./pick-actions.js";
import { leaning, lowerFirst } from "./pick-grid.js";

// arrived: the squares the partners covered since this player's last move (they stay marked).
const P = { picked: null, tapped: [], at: -1, focus: null, arrived: [] };
const SHAPE = { cols: 6, rows: 6, gap: 3, max: 80 };
const NAV = ".mountains-cell.target, .mountains-cell.lift";
const STEP = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] };

function moveWords(v, move) {
  const c = M.choiceOf(v, move);
  return c && c.kind === "place" ? `${c.source}: ${c.words}` : c ? c.words : move;
}

// glide: the squares a partner's placement just covered, to glide in from their name.
function renderBoard(ctx, v, glide) {
  const board = $("board");
  const active = document.activeElement;
  const hadFocus = !!active && board.contains(active);
  if (hadFocus && active.dataset.cell) P.focus = active.dataset.cell;
  board.setAttribute("aria-label", `The map, penalty ${v.board.penalty}`);
  const { glow, ask } = P.picked ? M.narrow(v, P.picked, P.tapped) : { glow: new Set(), ask: [] };
  const m = marksOf(ctx);
  const hint = m.best ? M.choiceOf(v, m.best) : null;
  const played = m.played ? M.choiceOf(v, m.played) : null;
  // A hint marks the cells once its domino is picked; a review marks each move's cells at once.
  const on = (c, name) => !!c && c.kind === "place" && (c.source === P.picked || m.review) && c.cells.includes(name);
  const arrived = P.arrived;
  const grid = el("div", "mountains");
  edgeLabels(grid, "[data-cell]", (e) => e.dataset.cell);
  grid.setAttribute("role", "group");
  for (const row of v.board.rows) {
    for (const cell of row) {
      const b = el("button", `mountains-cell${cell.height === null ? " empty" : ` runners-cell join-${cell.join} h${cell.height}`}`);
      b.type = "button";
      b.dataset.cell = cell.name;
      if (cell.height !== null) b.appendChild(half(cell.height, true));
      const can = glow.has(cell.name);
      const lift = !P.picked && M.liftAt(v, cell.name);
      b.classList.toggle("target", can);
      b.classList.toggle("lift", !!lift);
      b.classList.toggle("tapped", P.tapped.includes(cell.name));
      b.classList.toggle("last", arrived.includes(cell.name));
      b.tabIndex = -1;
      b.setAttribute("aria-label", `${M.cellWords(cell)}${can ? ": place here" : lift ? ": tap to lift" : arrived.includes(cell.name) ? ", placed last" : ""}`);
      mark(b, m, on(hint, cell.name), on(played, cell.name));
      b.addEventListener("click", () => { if (!justDragged()) tapCell(ctx, cell.name, b); });
      grid.appendChild(b);
    }
  }
  wireArrows(grid, NAV);
  const actions = el("div", "fujisan-actions");
  const others = P.picked ? [] : M.sources(v).others;
  for (const c of [...ask, ...others.filter((o) => o.kind !== "give-up")]) {
    const btn = el("button", "btn primary mountains-move", c.words);
    btn.type = "button";
    btn.dataset.move = c.move;
    btn.addEventListener("click", () => ctx.send(c.move, btn));
    actions.appendChild(btn);
  }
  if (P.picked) {
    const back = el("button", "btn", "Back");
    back.type = "button";
    back.addEventListener("click", () => dropPick(ctx));
    actions.appendChild(back);
  }
  const giveUp = others.find((o) => o.kind === "give-up");
  const quiet = giveUp ? giveUpButton(ctx, giveUp.move, giveUp.words, "mountains-move") : null;
  const wrap = gridWrap(grid, [actions, hintBox(ctx, v, (m) => moveWords(v, m)), quiet]);
  board.replaceChildren(wrap);
  layoutGrid(wrap, SHAPE);
  const keep = rove([...grid.querySelectorAll(NAV)], P.focus, (e) => e.dataset.cell);
  // After a placement the keys go back to the hand, where the next domino is picked.
  const next = P.picked ? keep : document.querySelector('.hand .tile.fits[tabindex="0"]') || keep;
  if (hadFocus) (ask.length ? actions.querySelector(".mountains-move") : next)?.focus();
  if (glide.length) {
    const from = document.querySelector(`.seat-panel[data-seat="${v.last.seat}"] .nameplate`);
    glideIn(ctx, glide.map((name) => grid.querySelector(`[data-cell="${name}"]`)), from && from.getBoundingClientRect());
  }
}

function tapCell(ctx, name, e) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || ctx.saysWaiting() || !M.myTurn(v)) return;
  if (!P.picked) {
    const lift = M.liftAt(v, name);
    if (lift) ctx.send(lift, e);
    return;
  }
  if (!M.narrow(v, P.picked, P.tapped).glow.has(name)) { ctx.sound("nope"); ctx.say(`${P.picked} cannot cover ${name}`, true); return; }
  P.tapped = [...P.tapped, name];
  const n = M.narrow(v, P.picked, P.tapped);
  if (n.move) { P.focus = name; ctx.send(n.move, e); return; }
  P.focus = null;
  ctx.render();
  ctx.say(n.ask.length ? "Which way round? Choose below" : M.turnText(v, P.picked));
  if (n.ask.length) document.querySelector("#board .mountains-move")?.focus();
  else document.querySelector('#board .mountains-cell.target[tabindex="0"]')?.focus();
}

function pick(ctx, tile, e) {
  const v = ctx.S.view;
  if (ctx.saysWaiting()) return false;
  const moves = M.sources(v).tiles.get(tile) || [];
  if (!moves.length) { ctx.sound("nope"); ctx.say(M.myTurn(v) ? `${tile} has no place left on the map` : "Wait for your turn", true); return false; }
  if (moves[0].kind === "pass") { ctx.send(moves[0].move, e); return false; }
  P.picked = P.picked === tile ? null : tile;
  P.tapped = [];
  P.at = v.move_number;
  P.focus = null;
  ctx.render();
  ctx.say(M.turnText(v, P.picked));
  document.querySelector('#board .mountains-cell.target[tabindex="0"]')?.focus();
  return !!P.picked;
}

function dropPick(ctx) {
  const was = P.picked;
  P.picked = null;
  P.tapped = [];
  ctx.render();
  ctx.say(M.turnText(ctx.S.view, null));
  document.querySelector(`.hand .tile[data-tile="${was}"]`)?.focus();
}

// A domino dropped on the map covers the square under it and the neighbour it leans towards.
function dropTile(ctx, tile, square, x, y) {
  const v = ctx.S.view;
  const box = square.getBoundingClientRect(); // before the tap draws the board again
  P.picked = tile;
  P.tapped = [];
  tapCell(ctx, square.dataset.cell, square);
  if (ctx.S.busy || P.picked !== tile || P.tapped.length !== 1) return;
  const [dx, dy] = STEP[leaning(box, x, y)];
  const name = square.dataset.cell;
  const next = `${String.fromCharCode(name.charCodeAt(0) + dx)}${Number(name.slice(1)) + dy}`;
  if (M.narrow(v, tile, P.tapped).glow.has(next)) tapCell(ctx, next, square);
}

function renderHand(ctx, v, animate) {
  const hand = $("hand");
  const m = marksOf(ctx);
  const hint = m.best ? M.choiceOf(v, m.best) : null;
  const played = m.played ? M.choiceOf(v, m.played) : null;
  const { tiles } = M.sources(v);
  const active = document.activeElement;
  const hadFocus = !!active && hand.contains(active) ? active.dataset.tile : null;
  hand.replaceChildren();
  // In the cooperative game the domino passed to this player is placed from beside the hand.
  const passed = v.board.position.passed;
  const mine = [...v.board.position.hand, ...(passed && !v.board.position.hand.includes(passed) ? [passed] : [])];
  const n = Math.max(mine.length, 1);
  // Eighteen dominoes a finger wide do not fit a phone's row: the hand scrolls sideways.
  const { tw, scrolls } = handTiles({ room: hand.parentElement.clientWidth - 16, n, byHeight: Math.floor(window.innerHeight * 0.06), most: 44, rows: 1 });
  hand.style.setProperty("--tw", `${tw}px`);
  hand.classList.toggle("scrolls", scrolls);
  const els = [];
  for (const t of mine) {
    const [a, b] = parseTile(t);
    const e = tileEl(a, b, { vertical: true, tag: "button" });
    e.dataset.tile = t;
    const can = tiles.has(t);
    if (M.myTurn(v)) e.classList.add(can ? "fits" : "dim");
    if (P.picked === t) e.classList.add("picked");
    if (t === passed) e.classList.add("shown");
    e.tabIndex = -1;
    e.setAttribute("aria-label", `${tileWords(t)}${t === passed ? ", passed to you" : ""}${can ? ", may be placed" : ""}`);
    mark(e, m, !!hint && hint.source === t && !P.picked, !!played && played.source === t && !P.picked);
    e.addEventListener("click", () => { if (!justDragged()) pick(ctx, t, e); });
    if (can && (tiles.get(t) || [])[0]?.kind === "place") e.addEventListener("pointerdown", (ev) => startDrag(ctx, t, e, ev));
    hand.appendChild(e);
    els.push(e);
  }
  wireArrows(hand, ".tile");
  const keep = rove(els.filter((e) => e.classList.contains("fits")).concat(els), hadFocus, (e) => e.dataset.tile);
  if (hadFocus && keep) keep.focus();
  if (animate && v.last && v.last.seat !== v.seat && passed && v.last.move === `pass ${passed}`) {
    const from = document.querySelector(`.seat-panel[data-seat="${v.last.seat}"] .nameplate`);
    glideIn(ctx, els.filter((e) => e.dataset.tile === passed), from && from.getBoundingClientRect());
  }
}

function startDrag(ctx, tile, e, ev) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || !M.myTurn(v)) return;
  dragPiece(ev, e, {
    begin: () => { if (P.picked !== tile) pick(ctx, tile, e); },
    targets: () => [...document.querySelectorAll("#board .mountains-cell.target")],
    drop: (at, x, y) => dropTile(ctx, tile, at, x, y),
    cancel: () => { ctx.say(`Drop ${tile} on glowing squares, or tap them. ${M.turnText(v, P.picked)}`, true); },
  });
}

export const mountainsBoard = {
  drawsHint: true,
  enter() { P.picked = null; P.tapped = []; P.focus = null; P.arrived = []; },
  render(ctx, opts = {}) {
    const v = ctx.S.view;
    if (P.at !== v.move_number) { P.picked = null; P.tapped = []; }
    const moved = !!opts.old && opts.old.id === v.id && !!v.last && opts.old.move_number < v.move_number;
    const fresh = moved && v.last.seat !== v.seat ? M.covered(opts.old, v) : [];
    if (moved) P.arrived = v.last.seat === v.seat ? [] : [...P.arrived, ...fresh];
    else if (opts.old && (opts.old.id !== v.id || opts.old.move_number > v.move_number)) P.arrived = [];
    renderHand(ctx, v, opts.animate);
    renderBoard(ctx, v, opts.animate ? fresh : []);
    $("boneyard").hidden = true;
    $("hint-panel").hidden = true;
  },
  refit() {
    const wrap = document.querySelector("#board .fujisan-wrap");
    return !!wrap && layoutGrid(wrap, SHAPE);
  },
  seatTiles(ctx, v, seat) {
    const n = v.board.position.hand_sizes[seat];
    const held = el("div", "backs mountains-held");
    held.append(el("b", "", String(n)), el("span", "", n === 1 ? " domino" : " dominoes"));
    return held;
  },
  info: M.infoItems,
  turnText: (ctx, v) => M.turnText(v, P.picked),
  describe(ctx, v, last) {
    const c = M.choiceOf(v, last.move);
    if (!c || c.kind !== "place") return "";
    return `${last.seat === v.seat ? "You" : v.seats[last.seat].name} placed ${c.source} on ${c.cells.join(" and ")}`;
  },
  soundOf: () => "play",
  bubbleOf: () => null,
  showHint(ctx, h) {
    const c = M.choiceOf(ctx.S.view, h.best);
    return `Hint: ${c ? (c.kind === "place" ? `place ${c.source}: ${c.words}` : lowerFirst(c.words)) : h.best}`;
  },
  moveWords,
  key: (ctx, ev) => arrowIn(ev, () => document.querySelector(`#board .mountains-cell.target[tabindex="0"]`) || document.querySelector('.hand .tile[tabindex="0"]')),
  escape(ctx) {
    if (!P.picked) return false;
    dropPick(ctx);
    return true;
  },
  focusTarget: () => document.querySelector(".mountains-cell.target") || document.querySelector(".hand .tile.fits"),
};

registerBoard("mountains", mountainsBoard);
