// What the puzzles' pick-then-place grids (Fujisan, Bee, Mountains) share: the buttons under the
// grid (Back drops the piece picked; the move that gives the round or the game up), the hint beside
// it, the grid fitted to its room, the arrow keys among the squares that glow, and a piece dragged
// to its square. The geometry is pure, in pick-grid.js.
import { arrowTarget } from "../shell/boxes.js";
import { $, el, row } from "../shell/dom.js";
import { shortHint } from "../shell/hints.js";
import { myTurn } from "../shell/words.js";
import { LABEL_ROOM } from "./edge-labels.js";
import { mark, marksOf } from "./marks.js";
import { dropAt, fitGrid, leaning } from "./pick-grid.js";

const ARROWS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"];
const DRAG = { on: null, suppressClick: false };

export function pickActions(ctx, { picked, back, giveUp, giveUpLabel, moveClass }) {
  const actions = el("div", "fujisan-actions");
  if (picked) {
    const b = el("button", "btn", "Back");
    b.type = "button";
    b.addEventListener("click", back);
    actions.appendChild(b);
  }
  if (giveUp) actions.appendChild(giveUpButton(ctx, giveUp.move, giveUpLabel, moveClass));
  return actions;
}

// Giving up ends the play for good: a quiet button, asked first.
export function giveUpButton(ctx, move, label, moveClass = "") {
  const b = el("button", `btn quiet give-up ${moveClass}`.trim(), label);
  b.type = "button";
  b.dataset.move = move;
  const m = marksOf(ctx);
  mark(b, m, m.best === move, m.played === move);
  const question = { title: `${label}?`, note: "It cannot be taken back.", yes: label.toUpperCase() };
  b.addEventListener("click", () => ctx.sendAsked(move, b, question));
  return b;
}

// The hint in a few rows beside the grid (the shell's panel would lie over the board on a phone):
// the best moves in the board's words with what each is worth; the board marks the best one.
export function hintBox(ctx, v, wordsOf) {
  const h = ctx.S.hint;
  if (!h || !h.estimates || !myTurn(v)) return null;
  const { head, rows, more } = shortHint(h, wordsOf, 3);
  const box = el("div", "puzzle-hint");
  box.setAttribute("role", "note");
  box.setAttribute("aria-label", "Hint: the best moves");
  // The columns' names go in the title, so the rows stay one line each.
  const table = el("table");
  rows.forEach((cells, i) => table.appendChild(row(cells, { cls: i === 0 ? "best" : "" })));
  box.append(el("h3", "", head.length > 1 ? `Best moves (${head.slice(1).join(", ")})` : "Best moves"), table);
  if (more) box.appendChild(el("p", "more", `and ${more} more`));
  return box;
}

// The board: the grid and, under or beside it, the buttons and the hint; the grid's squares as big
// as the room allows (a turned grid where `turnable` and it gains). Returns whether anything changed.
export function layoutGrid(wrap, { cols, rows, gap = 3, max = 76, turnable = false }) {
  const board = $("board");
  const grid = wrap.querySelector(".pick-grid"), extras = wrap.querySelector(".pick-extras");
  if (!grid || !board.clientWidth) return false;
  // The buttons and hint are measured laid out under the grid every time, so the choice between
  // under and beside does not depend on the last one (two fits taking turns would flicker).
  const wasBeside = wrap.classList.contains("beside");
  wrap.classList.remove("beside");
  const room = { width: Math.min(240, extras.scrollWidth), height: extras.scrollHeight };
  wrap.classList.toggle("beside", wasBeside);
  const labels = grid.classList.contains("labelled") ? LABEL_ROOM : { x: 0, y: 0 };
  const fit = fitGrid({
    width: board.clientWidth - labels.x,
    height: board.clientHeight - labels.y,
    cols,
    rows,
    gap,
    max,
    turnable,
    extras: room,
  });
  const before = `${grid.style.getPropertyValue("--cell")}/${wrap.className}/${grid.className}`;
  grid.style.setProperty("--cell", `${fit.cell}px`);
  wrap.classList.toggle("beside", fit.beside);
  grid.classList.toggle("turned", fit.turned);
  return before !== `${grid.style.getPropertyValue("--cell")}/${wrap.className}/${grid.className}`;
}

export function gridWrap(grid, parts) {
  grid.classList.add("pick-grid");
  const extras = el("div", "pick-extras");
  extras.append(...parts.filter(Boolean));
  const wrap = el("div", "fujisan-wrap");
  wrap.append(grid, extras);
  return wrap;
}

// One square of the ones that may be chosen takes the Tab key (the one chosen last, else the
// first); the arrow keys move among them.
export function rove(items, focusName, nameOf) {
  if (!items.length) return null;
  const keep = items.find((e) => nameOf(e) === focusName) || items[0];
  for (const e of items) e.tabIndex = e === keep ? 0 : -1;
  return keep;
}

// The listeners go on the items, which are drawn anew each time: on the container (the hand
// stays) they piled up, one more each draw, and an arrow jumped as many squares.
export function wireArrows(container, selector) {
  const onKey = (ev) => {
    if (!ARROWS.includes(ev.key) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const items = [...container.querySelectorAll(selector)];
    ev.preventDefault();
    ev.stopPropagation();
    const i = arrowTarget(items.map((e) => e.getBoundingClientRect()), items.indexOf(ev.currentTarget), ev.key);
    if (i < 0) return;
    for (const e of items) e.tabIndex = e === items[i] ? 0 : -1;
    items[i].focus();
  };
  for (const item of container.querySelectorAll(selector)) item.addEventListener("keydown", onKey);
}

// An arrow key pressed while nothing of the board has focus brings it to the first choice.
export function arrowIn(ev, first) {
  if (!ARROWS.includes(ev.key)) return false;
  const active = document.activeElement;
  if (active && ($("board").contains(active) || $("hand").contains(active))) return false;
  const target = first();
  if (!target) return false;
  ev.preventDefault();
  target.focus();
  return true;
}

// Was the click that just came the end of a drag? (Then it is no tap.)
export const justDragged = () => DRAG.suppressClick;

// Drag a piece to a square: past a few pixels the piece is picked (`begin`, which makes its squares
// glow), a copy follows the pointer, and on release `drop(square, x, y)` gets the glowing square
// under it (nearest within a square's size), or `cancel()` runs.
export function dragPiece(ev, source, { begin, targets, drop, cancel }) {
  if (ev.button !== 0 || DRAG.on) return;
  const d = { x0: ev.clientX, y0: ev.clientY, id: ev.pointerId, started: false, ghost: null, dx: 0, dy: 0 };
  const over = (x, y) => {
    const items = targets();
    const boxes = items.map((e) => e.getBoundingClientRect());
    const reach = boxes.length ? Math.max(boxes[0].width, boxes[0].height) : 0;
    const i = dropAt(boxes, x, y, reach);
    return i >= 0 ? items[i] : null;
  };
  const end = () => {
    DRAG.on = null;
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", stop);
    if (d.ghost) d.ghost.remove();
    document.querySelectorAll(".over").forEach((e) => e.classList.remove("over"));
  };
  const move = (mv) => {
    if (mv.pointerId !== d.id) return;
    if (!d.started) {
      if (Math.hypot(mv.clientX - d.x0, mv.clientY - d.y0) < 8) return;
      d.started = true;
      const r = source.getBoundingClientRect();
      const ghost = source.cloneNode(true);
      ghost.classList.remove("target", "fits", "picked", "hinted");
      ghost.classList.add("drag-ghost", "pick-ghost");
      ghost.removeAttribute("id");
      ghost.style.width = `${r.width}px`;
      ghost.style.height = `${r.height}px`;
      ghost.style.setProperty("--cell", `${r.width}px`);
      d.dx = d.x0 - r.left;
      d.dy = d.y0 - r.top;
      begin();
      document.body.appendChild(ghost);
      d.ghost = ghost;
    }
    mv.preventDefault();
    d.ghost.style.left = `${mv.clientX - d.dx}px`;
    d.ghost.style.top = `${mv.clientY - d.dy}px`;
    const at = over(mv.clientX, mv.clientY);
    document.querySelectorAll(".over").forEach((e) => e !== at && e.classList.remove("over"));
    if (at) at.classList.add("over");
  };
  const up = (upEv) => {
    if (upEv.pointerId !== d.id) return;
    end();
    if (!d.started) return;
    DRAG.suppressClick = true;
    setTimeout(() => { DRAG.suppressClick = false; }, 0);
    const at = over(upEv.clientX, upEv.clientY);
    if (at) drop(at, upEv.clientX, upEv.clientY);
    else cancel();
  };
  const stop = () => { end(); if (d.started) cancel(); };
  DRAG.on = d;
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", stop);
}

// The neighbour of `name` on the side the pointer leans to, within the square's element.
export function leaningNeighbour(square, x, y) {
  return leaning(square.getBoundingClientRect(), x, y);
}

// A piece that arrives from elsewhere (a partner's placement) glides in from `from`, at the
// table's pace; nothing moves at ?pace=0 or when the page asks for less motion.
export function glideIn(ctx, elements, from) {
  if (!from || ctx.anim <= 0 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  for (const e of elements) {
    const to = e.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    e.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(1.15)`, opacity: 0.5 }, { transform: "none", opacity: 1 }],
      { duration: ctx.anim, easing: "cubic-bezier(.2,.85,.25,1)" },
    );
  }
}
