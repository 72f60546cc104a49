// Domino Runners' board: the double-six set face up as a 7x8 grid, the two runners and the checkers
// on it. A move is made a step at a time: tap where the runner turns (a checker drops there), then
// where it stops, then, if the checker may jump, a jump or stop; by taps, by dragging the runner
// (to the corner, then on to the end) or by the arrow keys. Each move is shown: the runner walks its
// V, the checker drops (and jumps). Reads only the view.
import { moveCursor, waitingFocus } from "../shell/cursor.js";
import { $, el } from "../shell/dom.js";
import { startDrag } from "../shell/drag.js";
import { fitCells } from "../shell/fit.js";
import { flyFrom, pop, seatRect, walk } from "../shell/motion.js";
import { half } from "../shell/tiles.js";
import { edgeLabels, LABEL_ROOM } from "./edge-labels.js";
import { registerBoard } from "./index.js";
import { mark, marksOf } from "./marks.js";
import * as R from "./runners-words.js";

const P = { pick: {}, at: -1 };

// The cells as large as the board allows, leaving a row below for the buttons (swap, the jumps).
function cellSize(v) {
  const board = $("board");
  const gap = board.clientHeight < 340 ? 2 : 3;
  board.style.setProperty("--gap", `${gap}px`);
  const buttons = R.options(v, P.pick).buttons.length || P.pick.corner ? 44 : 0;
  return fitCells({ width: board.clientWidth, height: board.clientHeight, rows: 7, cols: 8, gap, reserveX: 12 + LABEL_ROOM.x, reserveY: 12 + LABEL_ROOM.y + buttons, min: 40 });
}

// The piece a drag takes: the player's runner, or, once the corner is chosen, the corner it goes to
// next (placing: the runner beside the player's name).
function dragSource(v, cell) {
  if (!R.myTurn(v) || !R.options(v, P.pick).cells.length) return false;
  if (v.board.choices.some((c) => c.kind === "place")) return false;
  if (P.pick.corner) return cell.name === P.pick.corner;
  return !!cell.piece && cell.piece.kind === "runner" && cell.piece.seat === v.seat;
}

function dragFrom(ctx, ev, e) {
  startDrag(ev, e, {
    targets: () => [...document.querySelectorAll(".runners-cell.target")],
    onDrop: (target) => tap(ctx, target.dataset.cell, target),
    onCancel: () => ctx.say(`Drop it on a glowing cell. ${R.turnText(ctx.S.view, P.pick)}`, true),
  });
}

function renderBoard(ctx, v) {
  const board = $("board");
  board.setAttribute("aria-label", "The board: the double-six set as a grid of seven rows");
  const active = document.activeElement;
  const focused = active && board.contains(active) ? active.dataset.cell : null;
  const opts = R.options(v, P.pick);
  const glow = new Set(opts.cells);
  const last = R.lastCells(v);
  const m = marksOf(ctx);
  const on = (move, name, can) => !!move && move.split(/[-x]/).includes(name) && (can || m.review);
  const grid = el("div", "runners");
  edgeLabels(grid, "[data-cell]", (e) => e.dataset.cell);
  grid.style.setProperty("--cell", `${cellSize(v)}px`);
  for (const row of v.board.rows) {
    for (const cell of row) {
      const b = el("button", `runners-cell join-${cell.join}`);
      b.type = "button";
      b.dataset.cell = cell.name;
      b.appendChild(half(cell.value, true));
      const can = glow.has(cell.name);
      b.classList.toggle("target", can);
      b.classList.toggle("picked", P.pick.corner === cell.name || P.pick.end === cell.name);
      b.classList.toggle("last", last.has(cell.name));
      b.tabIndex = can ? 0 : -1;
      if (!can) b.setAttribute("aria-disabled", "true");
      b.setAttribute("aria-label", `${R.cellWords(v, cell)}${can ? ": choose" : ""}`);
      mark(b, m, on(m.best, cell.name, can), on(m.played, cell.name, can));
      if (cell.piece) {
        const p = el("span", `runners-piece ${cell.piece.kind} ${cell.piece.colour}`);
        p.setAttribute("aria-hidden", "true");
        b.appendChild(p);
      }
      b.addEventListener("click", () => tap(ctx, cell.name, b));
      if (dragSource(v, cell)) {
        b.classList.add("draggable");
        b.addEventListener("pointerdown", (ev) => dragFrom(ctx, ev, b));
      }
      grid.appendChild(b);
    }
  }
  const buttons = el("div", "runners-actions");
  for (const o of opts.buttons) {
    const b = el("button", "btn primary runners-move", o.words);
    b.type = "button";
    b.dataset.move = o.move;
    b.addEventListener("click", () => ctx.send(o.move, b));
    buttons.appendChild(b);
  }
  if (P.pick.corner) {
    const back = el("button", "btn runners-back", "Back");
    back.type = "button";
    back.addEventListener("click", () => dropPick(ctx));
    buttons.appendChild(back);
  }
  const wrap = el("div", "runners-wrap");
  wrap.append(grid, buttons);
  board.replaceChildren(wrap);
  // The focus stays where it was while that cell is still a choice; else the table moves it on.
  if (focused) board.querySelector(`.target[data-cell="${focused}"]`)?.focus();
}

// What the arrow keys move between: the glowing cells, then the buttons.
const choiceEls = () => [...document.querySelectorAll(".runners-cell.target, .runners-move, .runners-back")];
const firstChoice = () => document.querySelector(".runners-cell.target") || document.querySelector(".runners-move");

// The last move, shown: the runner walks from where it stood to the corner and on to the end, the
// checker drops at the corner and walks its jumps; a runner placed comes from its player.
function showMove(ctx, v, animate) {
  const p = v.board.last_path;
  if (!p || !v.last || p.move !== v.last.move) return;
  const cellEl = (name) => document.querySelector(`.runners-cell[data-cell="${name}"]`);
  const pieceAt = (name) => cellEl(name)?.querySelector(".runners-piece");
  const rect = (name) => cellEl(name)?.getBoundingClientRect();
  if (p.kind === "place") {
    flyFrom(pieceAt(p.cell), animate.fromRect || seatRect(ctx, animate.seat), ctx.anim);
    return;
  }
  if (p.kind !== "run") return;
  const legs = [p.start, p.corner, p.end].map(rect);
  if (legs.every(Boolean)) walk(pieceAt(p.end), legs, ctx.anim * 1.4);
  if (p.jumps.length) {
    const hops = [p.corner, ...p.jumps].map(rect);
    if (hops.every(Boolean)) walk(pieceAt(p.jumps[p.jumps.length - 1]), hops, ctx.anim, ctx.anim * 0.7);
  } else {
    pop(pieceAt(p.corner), ctx.anim * 0.6, ctx.anim * 0.5);
  }
}

function tap(ctx, cell, e) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || v.status !== "playing" || ctx.saysWaiting()) return;
  if (!R.myTurn(v)) { ctx.sound("nope"); ctx.say(`Wait: it is ${v.seats[v.to_move].name}'s turn`, true); return; }
  const opts = R.options(v, P.pick);
  if (!opts.cells.includes(cell)) { ctx.sound("nope"); ctx.say(`${cell} is not a choice now. ${R.turnText(v, P.pick)}`, true); return; }
  if (v.board.choices.some((c) => c.kind === "place")) { ctx.send(cell, e); return; }
  P.at = v.move_number;
  P.pick = P.pick.corner ? { ...P.pick, end: cell } : { corner: cell };
  const next = R.options(v, P.pick);
  if (next.move) { ctx.send(next.move, e); return; }
  ctx.render();
  ctx.say(R.turnText(v, P.pick));
  firstChoice()?.focus();
}

function dropPick(ctx) {
  P.pick = P.pick.end ? { corner: P.pick.corner } : {};
  ctx.render();
  ctx.say(R.turnText(ctx.S.view, P.pick));
  firstChoice()?.focus();
}

function seatTiles(ctx, v, seat) {
  const s = v.board.seats[seat];
  const box = el("div", "backs");
  const chip = el("span", `runners-piece checker ${s.colour}`);
  chip.setAttribute("aria-hidden", "true");
  box.append(chip, el("span", "count", `${s.colour} · ${s.in_hand} to place · ${s.points} points`));
  return box;
}

function renderMine(ctx, v) {
  const hand = $("hand");
  const s = v.board.seats[v.seat];
  const placing = R.myTurn(v) && v.board.choices.some((c) => c.kind === "place");
  // Placing, the runner beside the words may be dragged onto a glowing cell.
  const chip = el("span", `runners-piece ${placing ? "runner draggable" : "checker"} ${s.colour}`);
  chip.setAttribute("aria-hidden", "true");
  if (placing) chip.addEventListener("pointerdown", (ev) => dragFrom(ctx, ev, chip));
  const line = el("div", "runners-mine");
  line.append(chip, el("span", "", `You play ${s.colour}: ${s.in_hand} checkers to place, ${s.points} points (${s.captured} captured)`));
  hand.replaceChildren(line);
}

export const runnersBoard = {
  enter() { P.pick = {}; },
  render(ctx, opts = {}) {
    const v = ctx.S.view;
    if (P.at !== v.move_number) P.pick = {};
    renderBoard(ctx, v);
    renderMine(ctx, v);
    $("boneyard").hidden = true;
    if (opts.animate) showMove(ctx, v, opts.animate);
  },
  refit(ctx) {
    const grid = document.querySelector("#board .runners");
    const want = `${cellSize(ctx.S.view)}px`;
    if (!grid || grid.style.getPropertyValue("--cell") === want) return false;
    grid.style.setProperty("--cell", want);
    return true;
  },
  seatTiles,
  info: R.infoItems,
  scores: R.scores,
  turnText: (ctx, v) => R.turnText(v, P.pick),
  describe: (ctx, v, last) => R.describe(v, last),
  soundOf: () => "play",
  bubbleOf: R.bubbleOf,
  showHint(ctx, h) {
    const c = ctx.S.view.board.choices.find((x) => x.move === h.best);
    return `Hint: ${c ? c.words.charAt(0).toLowerCase() + c.words.slice(1) : h.best}`;
  },
  // Moves in the notation's order (start, corner, end, jumps), short enough for the hint's table.
  moveWords: (v, move) => move.replace(/-/g, "–").replace(/x/g, " ×"),
  key: (ctx, ev) => moveCursor(ev, choiceEls()),
  escape(ctx) {
    if (!P.pick.corner) return false;
    dropPick(ctx);
    return true;
  },
  focusTarget: () => firstChoice() || waitingFocus(),
};

registerBoard("runners", runnersBoard);
