// Domino Finder's table: the 7x8 layout of dominoes (face down, face up, or taken), the pawns, the
// treasure to find. The squares the player may step onto glow; a tap, a drag of the pawn or the
// arrow keys and Enter step there and flip. Each move is shown: the pawn walks, the domino turns
// over, the dice roll. Reads only the view (v.board: FinderState.client_view).
import { moveCursor, waitingFocus } from "../shell/cursor.js";
import { $, el } from "../shell/dom.js";
import { startDrag } from "../shell/drag.js";
import { fitCells } from "../shell/fit.js";
import { flip, flyFrom, seatRect, tumble, walk } from "../shell/motion.js";
import { half, tileEl } from "../shell/tiles.js";
import * as F from "./finder-words.js";
import { edgeLabels, LABEL_ROOM } from "./edge-labels.js";
import { registerBoard } from "./index.js";
import { mark, marksOf } from "./marks.js";

const COLOURS = ["#f2c14e", "#e8615a", "#6cc3f0", "#a98bf5"];

function cellSize(v) {
  const board = $("board");
  const [rows, cols] = v.board.size;
  // Dominoes lie end to end along a row with a small gap between them and between rows (less on
  // a phone held sideways, where the rows have little height).
  const gap = board.clientHeight < 300 ? 2 : 6;
  const pad = board.clientHeight < 300 ? 6 : 24;
  board.style.setProperty("--gap", `${gap}px`);
  return fitCells({ width: board.clientWidth, height: board.clientHeight, rows, cols, reserveX: pad + LABEL_ROOM.x + (cols / 2) * gap, reserveY: pad + LABEL_ROOM.y + rows * gap, min: 40 });
}

const canWalk = (v) => F.myTurn(v) && v.legal_moves.length > 0;

// The pawn a drag takes to a glowing square (the player's own, on the board or beside the name).
function dragPawn(ctx, ev, pawnEl) {
  startDrag(ev, pawnEl, {
    targets: () => [...document.querySelectorAll(".finder-square.target")],
    onDrop: (target) => tap(ctx, target.dataset.square, target),
    onCancel: () => ctx.say(`Drop your pawn on a glowing square. ${F.turnText(ctx.S.view)}`, true),
  });
}

// The last move, shown: the pawn walks from where it stood (or comes in from its player), the
// domino it stepped on turns over, and the dice roll when the move made them roll.
function showMove(ctx, v, old, animate) {
  const seat = animate.seat;
  const to = v.board.pawns[seat];
  const square = (name) => document.querySelector(`.finder-square[data-square="${name}"]`);
  const from = old && old.board.pawns[seat];
  const pawnEl = to && square(to)?.querySelector(`.finder-pawn[data-seat="${seat}"]`);
  if (pawnEl && from && square(from)) walk(pawnEl, [square(from).getBoundingClientRect(), square(to).getBoundingClientRect()], ctx.anim);
  else if (pawnEl) flyFrom(pawnEl, animate.fromRect || seatRect(ctx, seat), ctx.anim);
  const flipped = square(v.last.move)?.parentElement.querySelector(".tile");
  flip(flipped, ctx.anim * 0.6, ctx.anim * 0.6);
  const rolled = old && v.board.history.slice(old.board.history.length).some((e) => e.event === "roll");
  if (rolled) document.querySelectorAll(".finder-die").forEach((die, i) => tumble(die, ctx.anim * 1.2, ctx.anim * 0.5 + i * 80));
}

function pawn(v, seat) {
  const p = el("span", "finder-pawn", v.seats[seat].name.charAt(0).toUpperCase());
  p.style.background = COLOURS[seat % COLOURS.length];
  p.dataset.seat = seat;
  p.setAttribute("aria-hidden", "true");
  return p;
}

function renderBoard(ctx, v) {
  const b = v.board;
  const board = $("board");
  board.setAttribute("aria-label", "The layout: seven rows of face-down dominoes");
  const active = document.activeElement;
  const focused = active && board.contains(active) ? active.dataset.square : null;
  const legal = new Set(F.myTurn(v) ? v.legal_moves : []);
  const pawns = F.pawnsBySquare(v);
  const m = marksOf(ctx);
  const grid = el("div", "finder");
  edgeLabels(grid, "[data-square]", (e) => e.dataset.square);
  grid.style.setProperty("--cell", `${cellSize(v)}px`);
  for (const row of b.rows) {
    const line = el("div", "finder-row");
    for (let c = 0; c < row.length; c += 2) {
      const [left, right] = [row[c], row[c + 1]];
      const domino = el("div", `finder-domino ${left.face}`);
      if (left.face === "up") {
        const t = tileEl(left.pips, right.pips, { vertical: false });
        t.classList.add("static");
        t.replaceChildren(half(left.pips, false), half(right.pips, false));
        domino.appendChild(t);
      } else if (left.face === "down") {
        const t = tileEl(0, 0, { vertical: false, back: true });
        t.classList.add("static");
        domino.appendChild(t);
      }
      for (const square of [left, right]) {
        const s = el("button", `finder-square ${square.end}`);
        s.type = "button";
        s.dataset.square = square.name;
        const can = legal.has(square.name);
        s.classList.toggle("target", can);
        s.tabIndex = can ? 0 : -1;
        if (!can) s.setAttribute("aria-disabled", "true");
        s.setAttribute("aria-label", `${F.squareWords(v, square, pawns)}${can ? ": step here and flip" : ""}`);
        mark(s, m, m.best === square.name, m.played === square.name);
        for (const seat of pawns.get(square.name) || []) {
          const p = pawn(v, seat);
          if (seat === v.seat && canWalk(v)) {
            p.classList.add("draggable");
            p.addEventListener("pointerdown", (ev) => dragPawn(ctx, ev, p));
          }
          s.appendChild(p);
        }
        s.addEventListener("click", () => tap(ctx, square.name, s));
        domino.appendChild(s);
      }
      line.appendChild(domino);
    }
    grid.appendChild(line);
  }
  board.replaceChildren(grid);
  // The focus stays where it was while that square is still a choice; else the table moves it on.
  if (focused) board.querySelector(`.target[data-square="${focused}"]`)?.focus();
}

function tap(ctx, square, e) {
  const v = ctx.S.view;
  if (!v || ctx.S.busy || v.status !== "playing" || ctx.saysWaiting()) return;
  if (!F.myTurn(v)) { ctx.sound("nope"); ctx.say(`Wait: it is ${v.seats[v.to_move].name}'s turn`, true); return; }
  if (!v.legal_moves.includes(square)) {
    ctx.sound("nope");
    ctx.say(`${square} cannot be reached: walk over face-up dominoes and empty spaces to a face-down one`, true);
    return;
  }
  ctx.send(square, e);
}

function seatTiles(ctx, v, seat) {
  const found = v.board.found[seat] || [];
  const box = el("div", "backs faceup");
  for (const t of found) {
    const [a, b] = t.split(":").map(Number);
    const tile = tileEl(a, b, { vertical: true });
    tile.classList.add("static");
    tile.style.width = "14px";
    tile.style.height = "28px";
    box.appendChild(tile);
  }
  if (v.board.skipping[seat]) box.appendChild(el("span", "count", "skips a turn"));
  box.setAttribute("aria-label", `${v.seats[seat].name} found ${found.length} treasure${found.length === 1 ? "" : "s"}${v.board.skipping[seat] ? " and skips the next turn" : ""}`);
  return box;
}

function renderMine(ctx, v) {
  const hand = $("hand");
  hand.replaceChildren();
  hand.style.setProperty("--tw", "30px");
  const b = v.board;
  const line = el("div", "finder-mine");
  // Not yet on the board: the pawn waits here, to be dragged in from the edge.
  if (!b.pawns[v.seat]) {
    const p = pawn(v, v.seat);
    p.classList.add("finder-waiting");
    if (canWalk(v)) {
      p.classList.add("draggable");
      p.addEventListener("pointerdown", (ev) => dragPawn(ctx, ev, p));
    }
    line.appendChild(p);
  }
  if (b.last_roll) {
    const dice = el("span", "finder-dice");
    dice.setAttribute("role", "img");
    dice.setAttribute("aria-label", `the last roll: ${b.last_roll.dice.join(" and ")}`);
    for (const d of b.last_roll.dice) dice.appendChild(el("span", "finder-die", String(d)));
    line.appendChild(dice);
  }
  line.appendChild(el("span", "", F.treasureWords(v)));
  if (b.treasure) {
    const [x, y] = b.treasure.split(":").map(Number);
    const t = tileEl(x, y, { vertical: false });
    t.classList.add("static", "finder-treasure");
    t.setAttribute("role", "img");
    t.setAttribute("aria-label", `the treasure ${b.treasure}`);
    line.appendChild(t);
  }
  const mine = b.found[v.seat] || [];
  line.appendChild(el("span", "dim", `You found ${mine.length} of ${b.to_win}${b.skipping[v.seat] ? " · you skip your next turn" : ""}`));
  hand.appendChild(line);
}

export const finderBoard = {
  enter() {},
  render(ctx, opts = {}) {
    const v = ctx.S.view;
    renderBoard(ctx, v);
    renderMine(ctx, v);
    $("boneyard").hidden = true;
    if (opts.animate && v.last) showMove(ctx, v, opts.old, opts.animate);
  },
  refit(ctx) {
    const grid = document.querySelector("#board .finder");
    const want = `${cellSize(ctx.S.view)}px`;
    if (!grid || grid.style.getPropertyValue("--cell") === want) return false;
    grid.style.setProperty("--cell", want);
    return true;
  },
  seatTiles,
  info: F.infoItems,
  scores: F.scores,
  turnText: (ctx, v) => F.turnText(v),
  // The game's own narration, where the view has it; these words stand in without it.
  describe: (ctx, v, last) => (last.text ? "" : F.describe(v, last)),
  soundOf: () => "play",
  bubbleOf: () => null,
  automatic: () => false,
  showHint(ctx, h) { return `Hint: step onto ${h.best}`; },
  moveWords: (v, move) => `Step onto ${move}`,
  key: (ctx, ev) => moveCursor(ev, [...document.querySelectorAll(".finder-square.target")]),
  escape: () => false,
  focusTarget: () => document.querySelector(".finder-square.target") || waitingFocus(),
};

registerBoard("finder", finderBoard);
