// Bee Donimoes' moves a step at a time (the die, then where it lands) and the round in words. Pure
// functions of the view (v.board is BeeState.client_view), so node's test runner checks them.
import { counted, myTurn } from "../shell/words.js";

// Whose turn it is, the same for every board (the tests read it here).
export { myTurn };

// The cells that glow: the dice that can move, or, one picked, where it may land.
export function options(v, picked) {
  if (!myTurn(v)) return [];
  const steps = v.board.choices.filter((c) => c.from);
  if (!picked) return [...new Set(steps.map((c) => c.from))];
  return steps.filter((c) => c.from === picked).map((c) => c.to);
}

export function moveFor(v, from, to) {
  const c = v.board.choices.find((x) => x.from === from && x.to === to);
  return c ? c.move : null;
}

export function turnText(v, picked) {
  if (!myTurn(v)) return "The puzzle is over";
  if (picked) {
    const die = v.board.rows.flat().find((c) => c.name === picked);
    return `Die ${die ? die.die : ""}: tap where it lands`.replace("  ", " ");
  }
  return `Queen ${v.board.queen}: move the dice into one group around her`;
}

export function cellWords(cell) {
  const [row, col] = cell.name.split(",").map((n) => Number(n) + 1);
  let text = `row ${row}, column ${col}: ${cell.number}`;
  if (cell.queen) text += `, the queen (die ${cell.die})`;
  else if (cell.die) text += `, die ${cell.die}`;
  if (cell.wild) text += ", a wild blank";
  return text;
}

// The line under the board: the round so far, or the end.
export function roundText(v) {
  return v.board.queen ? `Round of queen ${v.board.queen}: ${counted(v.board.round_moves, "move")}` : "All rounds played";
}

export function infoItems(v) {
  return [["Queen", v.board.queen ?? "–"], ["Moves this round", v.board.round_moves]];
}
