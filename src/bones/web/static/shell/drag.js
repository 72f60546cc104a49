// Take a piece and put it somewhere: a pointer pressed on a piece and moved past a few pixels is a
// drag (less is a tap, left to the piece's click); a ghost of the piece follows the pointer, the
// target under it is marked ``over``, and letting go on (or near) a target drops it there, anywhere
// else cancels. Any board may use it; it knows nothing of what is dragged.
import { nearestBox } from "./boxes.js";

const THRESHOLD = 8;
let drag = null;
let swallowClick = false;

// The click that follows the end of a drag is not a tap.
window.addEventListener("click", (ev) => {
  if (!swallowClick) return;
  ev.stopPropagation();
  ev.preventDefault();
}, true);

// Call from the piece's pointerdown. targets(): the elements it may be dropped on now;
// onStart(): the drag began (light the targets up); onDrop(target), onCancel(): how it ended; pad: how far
// from a target (in pixels) a drop still lands on it.
export function startDrag(ev, piece, { targets, onStart = () => {}, onDrop, onCancel = () => {}, pad = 20 }) {
  if (ev.button !== 0 || drag) return;
  const move = (e) => onMove(e);
  const up = (e) => onUp(e);
  const cancel = () => { const d = end(); if (d && d.started) d.onCancel(); };
  drag = { piece, x0: ev.clientX, y0: ev.clientY, id: ev.pointerId, started: false, ghost: null, dx: 0, dy: 0, targets, pad, onStart, onDrop, onCancel, move, up, cancel };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", cancel);
}

export const dragging = () => !!(drag && drag.started);

function targetAt(d, x, y) {
  const items = d.targets().filter((t) => t.isConnected);
  const i = nearestBox(items.map((t) => t.getBoundingClientRect()), x, y, d.pad);
  return i >= 0 ? items[i] : null;
}

function onMove(ev) {
  const d = drag;
  if (!d || ev.pointerId !== d.id) return;
  if (!d.started) {
    if (Math.hypot(ev.clientX - d.x0, ev.clientY - d.y0) < THRESHOLD) return;
    d.started = true;
    const r = d.piece.getBoundingClientRect();
    const ghost = d.piece.cloneNode(true);
    ghost.removeAttribute("id");
    ghost.classList.remove("fits", "picked", "hinted", "target", "shake", "new");
    ghost.classList.add("drag-ghost");
    ghost.setAttribute("aria-hidden", "true");
    ghost.style.width = `${r.width}px`;
    ghost.style.height = `${r.height}px`;
    document.body.appendChild(ghost);
    d.ghost = ghost;
    d.dx = d.x0 - r.left;
    d.dy = d.y0 - r.top;
    d.piece.classList.add("dragging");
    d.onStart();
  }
  ev.preventDefault();
  d.ghost.style.left = `${ev.clientX - d.dx}px`;
  d.ghost.style.top = `${ev.clientY - d.dy}px`;
  const over = targetAt(d, ev.clientX, ev.clientY);
  document.querySelectorAll(".over").forEach((t) => t !== over && t.classList.remove("over"));
  if (over) over.classList.add("over");
}

function end() {
  const d = drag;
  drag = null;
  if (!d) return null;
  window.removeEventListener("pointermove", d.move);
  window.removeEventListener("pointerup", d.up);
  window.removeEventListener("pointercancel", d.cancel);
  if (d.ghost) d.ghost.remove();
  d.piece.classList.remove("dragging");
  document.querySelectorAll(".over").forEach((t) => t.classList.remove("over"));
  return d;
}

function onUp(ev) {
  if (!drag || ev.pointerId !== drag.id) return;
  const over = drag.started ? targetAt(drag, ev.clientX, ev.clientY) : null;
  const d = end();
  if (!d.started) return;
  swallowClick = true;
  setTimeout(() => { swallowClick = false; }, 0);
  if (over) d.onDrop(over);
  else d.onCancel();
}
