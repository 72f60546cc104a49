// Domino Runners' board: the double-six set face up as a 7x8 grid, the two runners and the checkers
// on it. A move is made a step at a time: tap where the runner turns (a checker drops there), then
// where it stops, then, if the checker may jump, a jump or stop. Reads only the view.
import { $, el } from "../shell/dom.js";
import { half } from "../shell/tiles.js";
import { registerBoard } from "./index.js";
import * as R from "./runners-words.js";

const P = { pick: {}, at: -1 };

// The cells as large as the board allows, leaving a row below for the buttons (swap, the jumps).
function cellSize(v) {
  const board = $("board");
  const gap = board.clientHeight < 300 ? 1 : 3;
  board.style.setProperty("--gap", `${gap}px`);
  const pad = (board.clientHeight < 300 ? 6 : 20) + (R.options(v, P.pick).buttons.length || P.pick.corner ? 44 : 0);
  return Math.max(18, Math.floor(Math.min((board.clientWidth - 12 - 8 * gap) / 8, (board.clientHeight - pad - 7 * gap) / 7, 64)));
}

function renderBoard(ctx, v) {
  const board = $("board");
  board.setAttribute("aria-label", "The board: the double-six set as a grid of seven rows");
  const active = document.activeElement;
  const focused = active && board.contains(active) ? active.dataset.cell : null;
  const opts = R.options(v, P.pick);
  const glow = new Set(opts.cells);
  const last = R.lastCells(v);
  const hint = ctx.S.hint && ctx.S.hint.best;
  const grid = el("div", "runners");
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
      b.classList.toggle("hinted", !!hint && hint.includes(cell.name) && can);
      b.tabIndex = can ? 0 : -1;
      if (!can) b.setAttribute("aria-disabled", "true");
      b.setAttribute("aria-label", `${R.cellWords(v, cell)}${can ? ": choose" : ""}`);
      if (cell.piece) {
        const p = el("span", `runners-piece ${cell.piece.kind} ${cell.piece.colour}`);
        p.setAttribute("aria-hidden", "true");
        b.appendChild(p);
      }
      b.addEventListener("click", () => tap(ctx, cell.name, b));
      b.addEventListener("keydown", onKey);
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
  if (focused) board.querySelector(`[data-cell="${focused}"]`)?.focus();
}

function onKey(ev) {
  const all = [...document.querySelectorAll(".runners-cell.target")];
  const i = all.indexOf(ev.currentTarget);
  if (["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"].includes(ev.key) && all.length) {
    ev.preventDefault();
    const d = ev.key === "ArrowRight" || ev.key === "ArrowDown" ? 1 : -1;
    all[(i + d + all.length) % all.length].focus();
  }
}

function tap(ctx, cell, e) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || v.status !== "playing") return;
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
  (document.querySelector(".runners-cell.target") || document.querySelector(".runners-move"))?.focus();
}

function dropPick(ctx) {
  P.pick = P.pick.end ? { corner: P.pick.corner } : {};
  ctx.render();
  ctx.say(R.turnText(ctx.S.view, P.pick));
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
  const chip = el("span", `runners-piece checker ${s.colour}`);
  chip.setAttribute("aria-hidden", "true");
  const line = el("div", "runners-mine");
  line.append(chip, el("span", "", `You play ${s.colour}: ${s.in_hand} checkers to place, ${s.points} points (${s.captured} captured)`));
  hand.replaceChildren(line);
}

export const runnersBoard = {
  enter() { P.pick = {}; },
  render(ctx) {
    const v = ctx.S.view;
    if (P.at !== v.move_number) P.pick = {};
    renderBoard(ctx, v);
    renderMine(ctx, v);
    $("boneyard").hidden = true;
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
  bubbleOf: () => null,
  showHint(ctx, h) {
    const c = ctx.S.view.board.choices.find((x) => x.move === h.best);
    return `Hint: ${c ? c.words.charAt(0).toLowerCase() + c.words.slice(1) : h.best}`;
  },
  // Moves in the notation's order (start, corner, end, jumps), short enough for the hint's table.
  moveWords: (v, move) => move.replace(/-/g, "–").replace(/x/g, " ×"),
  key: () => false,
  escape(ctx) {
    if (!P.pick.corner) return false;
    dropPick(ctx);
    return true;
  },
  focusTarget: () => document.querySelector(".runners-cell.target") || document.querySelector(".runners-move"),
};

registerBoard("runners", runnersBoard);
