// Fujisan: two rows of squares on upright dominoes, the peak in the middle, the ground at both
// ends, four priests. Tap (or drag) a glowing priest, then a glowing square he can reach; the arrow
// keys move among the glowing squares, Enter picks, Escape puts the priest back. On a phone held
// upright the mountain stands on its side, so the squares stay big enough to tap.
import { $, el } from "../shell/dom.js";
import { half } from "../shell/tiles.js";
import { counted } from "../shell/words.js";
import * as F from "./fujisan-words.js";
import { edgeLabels } from "./edge-labels.js";
import { registerBoard } from "./index.js";
import { mark, marksOf } from "./marks.js";
import { lowerFirst, movedWords } from "./pick-grid.js";
import { arrowIn, dragPiece, glideIn, gridWrap, hintBox, justDragged, layoutGrid, pickActions, rove, wireArrows } from "./pick-actions.js";

const P = { picked: null, at: -1, focus: null };
const SHAPE = { cols: 14, rows: 2, gap: 2, max: 72, turnable: true };
const NAV = ".fujisan-square.target";

function choiceWords(v, move) {
  const c = v.board.choices.find((x) => x.move === move);
  return c ? c.words : move;
}

function renderBoard(ctx, v) {
  const board = $("board");
  const active = document.activeElement;
  const hadFocus = !!active && board.contains(active);
  if (hadFocus && active.dataset.square) P.focus = active.dataset.square;
  board.setAttribute("aria-label", "Mount Fuji: two rows of squares, the peak in the middle");
  const { squares } = F.options(v, P.picked);
  const glow = new Set(squares);
  const m = marksOf(ctx);
  // A hint marks the priest to move; a review marks both squares of each move (nothing is picked).
  const on = (move, name, can) => !!move && move.split("-").includes(name) && (can || m.review);
  const grid = el("div", "fujisan");
  edgeLabels(grid, "[data-square]", (e) => e.dataset.square);
  grid.setAttribute("role", "group");
  for (const row of v.board.rows) {
    for (const sq of row) {
      const b = el("button", "fujisan-square");
      b.type = "button";
      b.dataset.square = sq.name;
      b.classList.toggle("peak", sq.peak);
      b.classList.toggle("ground", sq.ground && sq.number === null);
      if (sq.number !== null) b.appendChild(half(sq.number, true));
      if (sq.priest) {
        const p = el("span", "fujisan-priest");
        p.setAttribute("aria-hidden", "true");
        b.appendChild(p);
      }
      const can = glow.has(sq.name);
      b.classList.toggle("target", can);
      b.classList.toggle("picked", P.picked === sq.name);
      b.tabIndex = -1;
      if (!can) b.setAttribute("aria-disabled", "true");
      b.setAttribute("aria-label", `${F.squareWords(sq)}${can ? (P.picked ? ": go here" : ": move this priest") : ""}`);
      mark(b, m, on(m.best, sq.name, can), on(m.played, sq.name, can));
      b.addEventListener("click", () => { if (!justDragged()) tap(ctx, sq.name, b); });
      if (can && !P.picked) b.addEventListener("pointerdown", (ev) => startDrag(ctx, sq.name, b, ev));
      grid.appendChild(b);
    }
  }
  wireArrows(grid, NAV);
  const giveUp = v.board.choices.find((c) => !c.from);
  const actions = pickActions(ctx, {
    picked: P.picked,
    back: () => dropPick(ctx),
    giveUp: F.myTurn(v) ? giveUp : null,
    giveUpLabel: "Give up",
    moveClass: "fujisan-move",
  });
  const wrap = gridWrap(grid, [actions, hintBox(ctx, v, (m) => choiceWords(v, m))]);
  board.replaceChildren(wrap);
  layoutGrid(wrap, SHAPE);
  const keep = rove([...grid.querySelectorAll(NAV)], P.focus, (e) => e.dataset.square);
  if (hadFocus && keep) keep.focus();
}

function tap(ctx, name, e) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || !F.myTurn(v)) return;
  const { squares } = F.options(v, P.picked);
  if (!squares.includes(name)) { ctx.sound("nope"); ctx.say(`${name} is not a choice now. ${F.turnText(v, P.picked)}`, true); return; }
  if (P.picked) { P.focus = name; ctx.send(F.moveFor(v, P.picked, name), e); return; }
  pick(ctx, v, name);
  focusFirst();
}

function pick(ctx, v, name) {
  P.picked = name;
  P.at = v.move_number;
  P.focus = null;
  ctx.render();
  ctx.say(F.turnText(v, P.picked));
}

const focusFirst = () => document.querySelector(`#board ${NAV}[tabindex="0"]`)?.focus();

function dropPick(ctx) {
  const was = P.picked;
  P.picked = null;
  P.focus = was;
  ctx.render();
  ctx.say(F.turnText(ctx.S.view, null));
  document.querySelector(`.fujisan-square[data-square="${was}"]`)?.focus();
}

function startDrag(ctx, name, square, ev) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || !F.myTurn(v)) return;
  dragPiece(ev, square, {
    begin: () => pick(ctx, v, name),
    targets: () => [...document.querySelectorAll(`#board ${NAV}`)],
    drop: (at) => { P.focus = at.dataset.square; ctx.send(F.moveFor(v, name, at.dataset.square), at); },
    cancel: () => { ctx.say(`Drop the priest on a glowing square, or tap one. ${F.turnText(v, P.picked)}`, true); },
  });
}

// The piece just moved glides from the square it left (at the table's pace; none at ?pace=0).
function glideStep(ctx, from, to) {
  const at = (name) => document.querySelector(`#board .fujisan-square[data-square="${name}"]`);
  const start = at(from), piece = at(to)?.querySelector(".fujisan-priest");
  if (start && piece) glideIn(ctx, [piece], start.getBoundingClientRect());
}

function renderMine(ctx, v) {
  const line = el("div", "fujisan-mine", `${v.board.descent ? "The way down" : "The ascent"}: ${counted(v.board.moves_made, "move")} so far`);
  $("hand").replaceChildren(line);
}

export const fujisanBoard = {
  drawsHint: true,
  enter() { P.picked = null; P.focus = null; },
  render(ctx, opts = {}) {
    const v = ctx.S.view;
    if (P.at !== v.move_number) P.picked = null;
    renderMine(ctx, v);
    renderBoard(ctx, v);
    if (opts.animate && v.last) glideStep(ctx, ...v.last.move.split("-"));
    $("boneyard").hidden = true;
    $("hint-panel").hidden = true;
  },
  refit() {
    const wrap = document.querySelector("#board .fujisan-wrap");
    return !!wrap && layoutGrid(wrap, SHAPE);
  },
  seatTiles: () => null,
  info: F.infoItems,
  turnText: (ctx, v) => F.turnText(v, P.picked),
  describe: (ctx, v, last, old) => (last.seat === v.seat ? movedWords(old, last.move) : ""),
  soundOf: () => "play",
  bubbleOf: () => null,
  showHint(ctx, h) {
    return `Hint: ${lowerFirst(choiceWords(ctx.S.view, h.best))}`;
  },
  moveWords: (v, move) => choiceWords(v, move),
  key: (ctx, ev) => arrowIn(ev, () => document.querySelector(`#board ${NAV}[tabindex="0"]`)),
  escape(ctx) {
    if (!P.picked) return false;
    dropPick(ctx);
    return true;
  },
  focusTarget: () => document.querySelector(`#board ${NAV}[tabindex="0"]`),
};

registerBoard("fujisan", fujisanBoard);
