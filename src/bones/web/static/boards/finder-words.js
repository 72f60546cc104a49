// Domino Finder's table in words: squares, flips, traps and treasures. Pure functions of the view
// (v.board is FinderState.client_view), so node's test runner checks them.
import { myTurn, seatName, sheetsWaitedFor, tileWords } from "../shell/words.js";

// Whose turn it is, the same for every board (the tests read it here).
export { myTurn };

// The pawns on each square: square name -> seats.
export function pawnsBySquare(v) {
  const out = new Map();
  v.board.pawns.forEach((square, seat) => {
    if (square) out.set(square, [...(out.get(square) || []), seat]);
  });
  return out;
}

export function squareWords(v, square, pawns) {
  let text = square.name;
  if (square.face === "down") text += ", face down";
  else if (square.face === "gone") text += ", empty";
  else text += `, shows ${square.pips}`;
  const here = pawns.get(square.name) || [];
  if (here.length) text += `, ${here.map((s) => (s === v.seat ? "your pawn" : `${v.seats[s].name}'s pawn`)).join(" and ")}`;
  return text;
}

export function turnText(v) {
  if (!myTurn(v)) return sheetsWaitedFor(v) || `${v.seats[v.to_move].name} is thinking…`;
  const b = v.board;
  const mine = b.pawns[v.seat];
  if (!mine) return "Come in from the edge: tap a glowing face-down domino";
  return "Walk and flip: tap a glowing face-down square";
}

function flipWords(v, e) {
  const who = seatName(v, e.seat);
  const you = e.seat === v.seat;
  let text = `${who} flipped ${e.tile} at ${e.square}`;
  if (e.result === "trap") text += `: a blank, a trap! ${you ? "You skip" : `${who} skips`} a turn`;
  else if (e.result === "treasure") text += `: the treasure! ${you ? "You take" : `${who} takes`} it`;
  return text;
}

// The last move in words, with what it led to (a trap, a treasure, the next treasure rolled).
export function describe(v, last) {
  const events = v.board.history;
  let i = events.length - 1;
  while (i >= 0 && !(events[i].event === "flip" && events[i].seat === last.seat && events[i].square === last.move)) i--;
  if (i < 0) return `${seatName(v, last.seat)} stepped onto ${last.move}`;
  const parts = [flipWords(v, events[i])];
  for (const e of events.slice(i + 1)) {
    if (e.event === "roll" && e.purpose === "treasure" && e.result === "treasure") parts.push(`the next treasure is ${Math.max(...e.dice)}:${Math.min(...e.dice)}`);
    else if (e.event === "skip") parts.push(`${seatName(v, e.seat)} ${e.seat === v.seat ? "skip" : "skips"} a turn`);
  }
  return parts.join("; ");
}

export function soundOf(v, last) {
  const flip = [...v.board.history].reverse().find((e) => e.event === "flip" && e.seat === last.seat);
  if (flip && flip.result === "treasure") return "score";
  if (flip && flip.result === "trap") return "nope";
  return "play";
}

export function infoItems(v) {
  const t = v.board.treasure;
  return [["Treasure", t ? t : "–"]];
}

export function treasureWords(v) {
  const t = v.board.treasure;
  return t ? `The treasure is ${tileWords(t)} (${t})` : "No treasure to find";
}

export function scores(v) {
  const b = v.board;
  return { scores: b.found.map((f) => f.length), target: b.to_win, sides: b.found.map((_, i) => i) };
}
