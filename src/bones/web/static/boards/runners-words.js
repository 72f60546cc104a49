// Domino Runners' moves a step at a time, and the board in words. Pure functions of the view
// (v.board is RunnersState.client_view), so node's test runner checks them.
import { myTurn, seatName, sheetsWaitedFor } from "../shell/words.js";

// Whose turn it is, the same for every board (the tests read it here).
export { myTurn };

// What may be chosen now, given the steps already taken (``pick``: {corner, end}): the cells that
// glow, the buttons to show, and the move itself once the steps leave only one.
export function options(v, pick = {}) {
  const out = { cells: [], buttons: [], move: null };
  if (!myTurn(v)) return out;
  const choices = v.board.choices;
  const places = choices.filter((c) => c.kind === "place");
  const swap = choices.find((c) => c.kind === "swap");
  if (swap) out.buttons.push({ move: swap.move, words: "Swap colours" });
  if (places.length) {
    out.cells = places.map((c) => c.cell);
    return out;
  }
  const runs = choices.filter((c) => c.kind === "run");
  if (!pick.corner) {
    out.cells = [...new Set(runs.map((c) => c.corner))];
    return out;
  }
  const turning = runs.filter((c) => c.corner === pick.corner);
  if (!pick.end) {
    out.cells = [...new Set(turning.map((c) => c.end))];
    return out;
  }
  const ending = turning.filter((c) => c.end === pick.end);
  if (ending.length === 1) out.move = ending[0].move;
  else out.buttons = ending.map((c) => ({ move: c.move, words: c.jumps.length ? `Jump to ${c.jumps.join(", then ")}` : "Stop: no jump" }));
  return out;
}

export function turnText(v, pick = {}) {
  if (!myTurn(v)) return sheetsWaitedFor(v) || `${v.seats[v.to_move].name} is thinking…`;
  const choices = v.board.choices;
  if (choices.some((c) => c.kind === "place")) {
    return choices.some((c) => c.kind === "swap") ? "Place the white runner on a glowing cell, or swap colours" : "Place your runner on a glowing cell";
  }
  if (!pick.corner) return "Tap where your runner turns: a checker drops there";
  if (!pick.end) return `Turning at ${pick.corner}: tap where the runner stops`;
  return "The checker may jump: choose, or stop";
}

export function cellWords(v, cell) {
  let text = `${cell.name}, ${cell.value}`;
  const p = cell.piece;
  if (p) text += `, ${p.seat === v.seat ? "your" : `${seatName(v, p.seat)}'s`} ${p.colour} ${p.kind}`;
  return text;
}

export function scores(v) {
  return { scores: v.board.seats.map((s) => s.points), target: null, sides: [0, 1] };
}

export function infoItems(v) {
  const mine = v.board.seats[v.seat];
  return [["Checkers to place", mine.in_hand], ["Captured", mine.captured]];
}

// The cells of the last move, to mark on the board: where the runner turned and stopped, and the jumps.
export function lastCells(v) {
  const p = v.board.last_path;
  if (!p) return new Set();
  if (p.kind === "place") return new Set([p.cell]);
  if (p.kind === "run") return new Set([p.corner, p.end, ...p.jumps]);
  return new Set();
}

// The last move in words, from the path the view gives for it.
export function describe(v, last) {
  const p = v.board.last_path;
  const who = seatName(v, last.seat);
  const you = last.seat === v.seat;
  if (!p || p.move !== last.move) return "";
  if (p.kind === "swap") return `${who} ${you ? "swap" : "swaps"} colours`;
  if (p.kind === "place") return `${who} ${you ? "place" : "places"} a runner on ${p.cell}`;
  let text = `${who} ${you ? "run" : "runs"} ${p.start}–${p.corner}–${p.end}, dropping a checker on ${p.corner}`;
  if (p.jumps.length) text += `; it jumps to ${p.jumps.join(", then ")}, capturing ${p.jumps.length}`;
  return text;
}

// A word over another player's name for the swap (the board shows the other moves).
export const bubbleOf = (v, last) => (last.move === "swap" && last.seat !== v.seat ? { text: "Swaps colours", score: false } : null);
