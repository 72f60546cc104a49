// What the players did, shown on the board at the shell's pace: a piece flies in from whoever
// played it, walks along its path, or pops up where it landed. Every animation is named "move", so
// tests can tell it from the glow of the choices; none runs when the page asks for less motion or
// the pace is 0 (?pace=0).
import { $ } from "./dom.js";

export const stillness = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

// Where a seat's moves come from: the player's own hand, or the other player's name.
export function seatRect(ctx, seat) {
  const v = ctx.S.view;
  if (v && seat === v.seat) return $("hand").getBoundingClientRect();
  const plate = document.querySelector(`.seat-panel[data-seat="${seat}"] .nameplate`);
  return plate ? plate.getBoundingClientRect() : null;
}

function run(e, frames, ms, delay = 0) {
  if (!e || ms <= 0 || stillness()) return null;
  const a = e.animate(frames, { duration: ms, delay, easing: "cubic-bezier(.2,.85,.25,1)", fill: "backwards" });
  a.id = "move";
  return a;
}

// ``e`` arrives from the box ``from`` (a DOMRect) to where it is drawn.
export function flyFrom(e, from, ms, delay = 0) {
  if (!e || !from) return null;
  const a = centre(from), b = centre(e.getBoundingClientRect());
  return run(e, [
    { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(1.15)`, opacity: 0.6 },
    { transform: "none", opacity: 1 },
  ], ms, delay);
}

// ``e`` walks from box to box (DOMRects, the last where it stands now), a leg at a time.
export function walk(e, boxes, ms, delay = 0) {
  if (!e || boxes.length < 2) return null;
  const end = centre(boxes[boxes.length - 1]);
  const frames = boxes.map((r, i) => {
    const c = centre(r);
    return { transform: `translate(${c.x - end.x}px, ${c.y - end.y}px)`, offset: i / (boxes.length - 1) };
  });
  return run(e, frames, ms, delay);
}

// ``e`` appears where it lies.
export function pop(e, ms, delay = 0) {
  return run(e, [{ transform: "scale(0.2)", opacity: 0 }, { transform: "scale(1.15)", opacity: 1, offset: 0.7 }, { transform: "none", opacity: 1 }], ms, delay);
}

// ``e`` turns over (a domino flipped face up).
export function flip(e, ms, delay = 0) {
  return run(e, [{ transform: "rotateY(90deg) scale(1.1)" }, { transform: "none" }], ms, delay);
}

// ``e`` tumbles as dice do.
export function tumble(e, ms, delay = 0) {
  return run(e, [{ transform: "rotate(-200deg) scale(0.4)", opacity: 0 }, { transform: "rotate(20deg) scale(1.1)", opacity: 1, offset: 0.75 }, { transform: "none" }], ms, delay);
}
