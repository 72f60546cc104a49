// Fujisan's moves a step at a time (the priest, then where he goes) and the puzzle in words. Pure
// functions of the view (v.board is FujisanState.client_view), so node's test runner checks them.
import { myTurn } from "../shell/words.js";

// Whose turn it is, the same for every board (the tests read it here).
export { myTurn };

// The squares that glow: the priests that can move, or, one picked, where he may go.
export function options(v, picked) {
  if (!myTurn(v)) return { squares: [], move: null };
  const steps = v.board.choices.filter((c) => c.from);
  if (!picked) return { squares: [...new Set(steps.map((c) => c.from))], move: null };
  return { squares: steps.filter((c) => c.from === picked).map((c) => c.to), move: null };
}

export function moveFor(v, from, to) {
  const c = v.board.choices.find((x) => x.from === from && x.to === to);
  return c ? c.move : null;
}

export function turnText(v, picked) {
  if (!myTurn(v)) return "The puzzle is over";
  const goal = v.board.descent ? "bring all four down to the ground" : "bring all four to the peak";
  if (picked) return `The priest on ${picked}: tap where he goes`;
  return `Tap a glowing priest: ${goal}`;
}

export function squareWords(sq) {
  let text = sq.name;
  if (sq.ground && sq.number === null) text += ", the ground";
  else text += `, ${sq.number}`;
  if (sq.peak) text += ", the peak";
  if (sq.priest) text += ", a priest";
  return text;
}

export function infoItems(v) {
  return [["Moves", v.board.moves_made]];
}
