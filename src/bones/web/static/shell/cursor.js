// The keyboard's cursor over a board's choices: arrow keys move the focus among the elements a
// board lists (shell/boxes.js says where), Enter and Space press the focused button as usual.
import { arrowTarget } from "./boxes.js";

const ARROWS = new Set(["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"]);

// Moves the focus for an arrow key among ``choices`` (elements on the page); true when the key
// was an arrow and there was somewhere to go.
export function moveCursor(ev, choices) {
  if (!ARROWS.has(ev.key)) return false;
  const items = choices.filter((e) => e && e.isConnected && e.getClientRects().length);
  if (!items.length) return false;
  ev.preventDefault();
  const next = arrowTarget(items.map((e) => e.getBoundingClientRect()), items.indexOf(document.activeElement), ev.key);
  if (next >= 0) items[next].focus();
  return true;
}

// Where the focus waits while the board offers nothing to choose (the others are playing): on the
// board itself, out of the Tab order, so the next choice can take it when it comes.
export function waitingFocus() {
  const board = document.getElementById("board");
  board.tabIndex = -1;
  return board;
}
