// Bee Donimoes: the layout of dominoes face up, the dice on it, the queen that never moves. Tap (or
// drag) a glowing die, then a glowing cell it can land on; each round ends when the dice touch in
// one group. The arrow keys move among the glowing cells, Enter picks, Escape puts the die back.
import { $, el } from "../shell/dom.js";
import { half } from "../shell/tiles.js";
import * as B from "./bee-words.js";
import { registerBoard } from "./index.js";
import { mark, marksOf } from "./marks.js";
import { lowerFirst, movedWords } from "./pick-grid.js";
import { arrowIn, dragPiece, glideIn, gridWrap, hintBox, justDragged, layoutGrid, pickActions, rove, wireArrows } from "./pick-actions.js";

const P = { picked: null, at: -1, focus: null };
const NAV = ".bee-cell.target";
const shape = (v) => ({ cols: v.board.rows[0].length, rows: v.board.rows.length, gap: 3, max: 76 });

function choiceWords(v, move) {
  const c = v.board.choices.find((x) => x.move === move);
  return c ? c.words : move;
}

function renderBoard(ctx, v) {
  const board = $("board");
  const active = document.activeElement;
  const hadFocus = !!active && board.contains(active);
  if (hadFocus && active.dataset.cell) P.focus = active.dataset.cell;
  board.setAttribute("aria-label", "The layout of dominoes with the dice on it");
  const glow = new Set(B.options(v, P.picked));
  const m = marksOf(ctx);
  const choiceOf = (move) => (move ? v.board.choices.find((c) => c.move === move) : null);
  const hinted = choiceOf(m.best);
  const played = choiceOf(m.played);
  const on = (c, name) => !!c && (c.from === name || c.to === name);
  const grid = el("div", "bee");
  grid.setAttribute("role", "group");
  grid.style.gridTemplateColumns = `repeat(${v.board.rows[0].length}, var(--cell))`;
  for (const row of v.board.rows) {
    for (const cell of row) {
      const b = el("button", `bee-cell runners-cell join-${cell.join}`);
      b.type = "button";
      b.dataset.cell = cell.name;
      b.appendChild(half(cell.number, true));
      if (cell.die) {
        const d = el("span", `bee-die${cell.queen ? " queen" : ""}`, String(cell.die));
        d.setAttribute("aria-hidden", "true");
        b.appendChild(d);
      }
      const can = glow.has(cell.name);
      b.classList.toggle("target", can);
      b.classList.toggle("picked", P.picked === cell.name);
      b.classList.toggle("wild", cell.wild);
      b.tabIndex = -1;
      if (!can) b.setAttribute("aria-disabled", "true");
      b.setAttribute("aria-label", `${B.cellWords(cell)}${can ? (P.picked ? ": land here" : ": move this die") : ""}`);
      mark(b, m, on(hinted, cell.name), on(played, cell.name));
      b.addEventListener("click", () => { if (!justDragged()) tap(ctx, cell.name, b); });
      if (can && !P.picked) b.addEventListener("pointerdown", (ev) => startDrag(ctx, cell.name, b, ev));
      grid.appendChild(b);
    }
  }
  wireArrows(grid, NAV);
  const giveUp = v.board.choices.find((c) => !c.from);
  const actions = pickActions(ctx, {
    picked: P.picked,
    back: () => dropPick(ctx),
    giveUp: B.myTurn(v) ? giveUp : null,
    giveUpLabel: "Give up this round",
    moveClass: "bee-move",
  });
  const wrap = gridWrap(grid, [actions, hintBox(ctx, v, (m) => choiceWords(v, m))]);
  board.replaceChildren(wrap);
  layoutGrid(wrap, shape(v));
  const keep = rove([...grid.querySelectorAll(NAV)], P.focus, (e) => e.dataset.cell);
  if (hadFocus && keep) keep.focus();
}

function tap(ctx, name, e) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || !B.myTurn(v)) return;
  if (!B.options(v, P.picked).includes(name)) { ctx.sound("nope"); ctx.say(`Not a choice now. ${B.turnText(v, P.picked)}`, true); return; }
  if (P.picked) { P.focus = name; ctx.send(B.moveFor(v, P.picked, name), e); return; }
  pick(ctx, v, name);
  document.querySelector(`#board ${NAV}[tabindex="0"]`)?.focus();
}

function pick(ctx, v, name) {
  P.picked = name;
  P.at = v.move_number;
  P.focus = null;
  ctx.render();
  ctx.say(B.turnText(v, P.picked));
}

function dropPick(ctx) {
  const was = P.picked;
  P.picked = null;
  P.focus = was;
  ctx.render();
  ctx.say(B.turnText(ctx.S.view, null));
  document.querySelector(`.bee-cell[data-cell="${was}"]`)?.focus();
}

function startDrag(ctx, name, cell, ev) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || !B.myTurn(v)) return;
  dragPiece(ev, cell, {
    begin: () => pick(ctx, v, name),
    targets: () => [...document.querySelectorAll(`#board ${NAV}`)],
    drop: (at) => { P.focus = at.dataset.cell; ctx.send(B.moveFor(v, name, at.dataset.cell), at); },
    cancel: () => { ctx.say(`Drop the die on a glowing cell, or tap one. ${B.turnText(v, P.picked)}`, true); },
  });
}

export const beeBoard = {
  drawsHint: true,
  enter() { P.picked = null; P.focus = null; },
  render(ctx, opts = {}) {
    const v = ctx.S.view;
    if (P.at !== v.move_number) P.picked = null;
    $("hand").replaceChildren(el("div", "fujisan-mine", B.roundText(v)));
    renderBoard(ctx, v);
    // The die just moved glides from the cell it left, unless the round ended and the dice were set out again.
    const step = opts.animate && opts.old && v.last && opts.old.board.choices.find((c) => c.move === v.last.move && c.from);
    if (step && v.board.queen === opts.old.board.queen) {
      const at = (name) => document.querySelector(`#board .bee-cell[data-cell="${name}"]`);
      const die = at(step.to)?.querySelector(".bee-die");
      if (at(step.from) && die) glideIn(ctx, [die], at(step.from).getBoundingClientRect());
    }
    $("boneyard").hidden = true;
    $("hint-panel").hidden = true;
  },
  refit(ctx) {
    const wrap = document.querySelector("#board .fujisan-wrap");
    return !!wrap && layoutGrid(wrap, shape(ctx.S.view));
  },
  seatTiles: () => null,
  info: B.infoItems,
  turnText: (ctx, v) => B.turnText(v, P.picked),
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

registerBoard("bee", beeBoard);
