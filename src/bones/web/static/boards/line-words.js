// The line of play in words: moves, ends, whose turn, the hand's ending. Pure functions of the view
// the server sends and of the board as fitted (layout.fit's answer), so node's test runner checks them.
import { myTurn, seatName, sideName } from "../shell/words.js";

// Whose turn it is, the same for every board (the tests read it here).
export { myTurn };

// The server's view is what every game shows, plus ``board`` (the line's own view) and, in the
// hand sheet, ``details`` (the line's own sheet). The line board reads them as one object: the
// shell's keys, the board's beside them, each seat's hand size in its seat, the sheet's details
// in the sheet. A view without ``board`` is already flat.
export function adapt(v) {
  if (!v || !v.board) return v;
  const out = { ...v.board, ...v };
  const sizes = v.board.hand_sizes || [];
  out.seats = v.seats.map((seat, i) => ({ hand_size: sizes[i], ...seat }));
  if (v.sheet) out.sheet = { ...v.sheet, ...(v.sheet.details || {}) };
  // Once the match is over its last hand stays on the table: the results screen shows what each held.
  const last = (v.hands || []).at(-1);
  if (v.status === "over" && last) out.lastHand = { ...last, ...(last.details || {}) };
  return out;
}

// The line's words for the moves that are not a tile: a draw is the player's own tap on the
// boneyard even when it is the only move; a pass is made by the server (the view's ``forced``).
export const DRAW = "draw";
export const PASS = "pass";
export const onlyMove = (v, move) => myTurn(v) && v.legal_moves.length === 1 && v.legal_moves[0] === move;
export const mustDraw = (v) => onlyMove(v, DRAW);
export const mustPass = (v) => onlyMove(v, PASS);
export const automatic = (v) => (v.forced !== undefined ? !!v.forced && !mustDraw(v) : mustPass(v));

export const tileOf = (move) => move.split("@")[0];
export const endOf = (move) => move.split("@")[1] || "centre";

export function movesFor(v, tile) {
  if (!myTurn(v)) return [];
  return v.legal_moves.filter((m) => tileOf(m) === tile);
}

// Which way a branch leaves its double on the board: by where its first tile (or its open end) lies.
export function branchWay(spinner, start) {
  const cx = start.x + start.w / 2, cy = start.y + start.h / 2;
  if (cy < spinner.y) return "upper";
  if (cy > spinner.y + spinner.h) return "lower";
  return cx < spinner.x ? "left" : "right";
}

// Where a move goes, in words. A spinner's sides are named in the move text up, down, then by
// number (6:3@4), and a number there reads like the number the end shows; so a side is named
// by its double and the way its branch leaves the double on this board (``fit``, may be null).
export function endWords(layout, end, fit) {
  const open = (layout.ends || []).find((e) => e.name === end);
  if (!open || open.slot < 2) return `the ${end} end`;
  const from = open.origin !== undefined ? layout.tiles[open.origin] : null;
  if (!from) return `the ${end} end`;
  const first = layout.tiles.findIndex((t) => t.slot === open.slot);
  const spinner = fit && fit.tiles[open.origin];
  const start = fit && (first >= 0 ? fit.tiles[first] : fit.slots.find((r) => r.slot === open.slot));
  if (!spinner || !start) return `a branch of ${from.tile}`;
  return `the ${branchWay(spinner, start)} branch of ${from.tile}`;
}

export function whereWords(layout, end, fit) {
  return end ? `on ${endWords(layout, end, fit)}` : "to open the line";
}

export function moveWords(layout, move, fit) {
  if (move === DRAW) return "Draw";
  if (move === PASS) return "Pass";
  const [tile, end] = move.split("@");
  return `${tile} ${whereWords(layout, end, fit)}`;
}

// The last move in words (``old``: the view before it, to name the tile the player drew).
export function describe(v, last, old, fit) {
  if (!last) return "";
  const who = seatName(v, last.seat);
  const you = last.seat === v.seat;
  const [tile, end] = last.move.split("@");
  if (last.move === DRAW) {
    if (you && old) {
      const got = v.hand.filter((t) => !old.hand.includes(t));
      if (got.length) return `You drew ${got[0]}` + (v.legal_moves.length && v.legal_moves[0] !== DRAW ? " and it fits" : "");
    }
    return you ? "You drew a tile" : `${who} drew a tile`;
  }
  if (last.move === PASS) return you ? "Nothing fits and you cannot draw: you pass" : `${who} can't play and passes`;
  let text = `${who} played ${tile}${end ? ` ${whereWords(v.sheet ? v.sheet.layout : v.layout, end, fit)}` : ""}`;
  if (last.points > 0) text += ` and ${you ? "score" : "scores"} ${last.points}`;
  return text;
}

export function turnText(v, picked) {
  const seat = v.to_move;
  if (seat === v.seat) {
    if (mustDraw(v)) return "Nothing fits: tap the boneyard to draw";
    if (mustPass(v)) return "Nothing fits: you pass";
    if (picked) return `Place ${picked}: tap a glowing end`;
    if (!v.layout.tiles.length) return v.legal_moves.length === 1 ? `Your lead: open with ${v.legal_moves[0]}` : "Your lead: play any tile";
    return "Your turn";
  }
  return `${v.seats[seat].name} is thinking…`;
}

export function handTitle(v, sh) {
  if (!sh) return "";
  if (sh.ending === "target") return `${sideName(v, v.sides[sh.winner])} reached ${v.target}!`;
  if (sh.ending === "domino") return sh.winner === v.seat ? "You went out!" : `${seatName(v, sh.winner)} went out`;
  if (v.carries_eggs) return "Fish! The hand is blocked";
  return "Blocked: nobody can play";
}

export function sheetNote(v, sh) {
  let note;
  const nobody = sh.winner === null || sh.winner === undefined;
  if (nobody) note = v.carries_eggs ? "Equal pips: eggs! Nobody writes." : "Equal pips: nobody scores.";
  else if (v.low_score_wins) note = `${sideName(v, v.sides[sh.winner])} win the hand; the others write their pips.`;
  else note = `${sh.winner === v.seat ? "You win" : `${v.seats[sh.winner].name} wins`} the hand.`;
  if (sh.eggs) note += ` ${sh.eggs} points carried into the next hand.`;
  return note;
}

// What the info chip says beside the score: [label, number] pairs.
export function infoItems(v) {
  const sheet = v.status !== "playing" && v.sheet ? v.sheet : null;
  const items = [["Hand", sheet ? sheet.number : v.hand_no]];
  if (v.scores_during_play) items.push(["Ends", (sheet ? sheet.layout : v.layout).count]);
  if (v.draws) items.push(["Boneyard", v.boneyard_size]);
  if (v.carries_eggs) items.push(["Carried", v.eggs]);
  return items;
}

export function soundOf(move) {
  return move === DRAW ? "take" : move === PASS ? "pass" : "play";
}

// The word over a player's name after their move (null: nothing to say).
export function bubbleOf(v, last) {
  if (last.points > 0) return { text: `+${last.points}`, score: true };
  if (last.move === PASS) return { text: "Pass", score: false };
  if (last.move === DRAW && last.seat !== v.seat) return { text: "Draws", score: false };
  return null;
}

// The hint in words, and the tile to pick up when it may go on more than one end.
export function hintWords(v, best, fit) {
  if (best === DRAW) return "Hint: draw from the boneyard";
  if (best === PASS) return "Hint: pass";
  const [tile, end] = best.split("@");
  return `Hint: play ${tile}${end ? ` ${whereWords(v.layout, end, fit)}` : ""}`;
}
