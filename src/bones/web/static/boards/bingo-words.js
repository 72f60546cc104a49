// Bingo's table in words and as a plain picture model: pure functions of the view (v.board is
// BingoState.client_view), so node's test runner checks them.
import { myTurn, numberWord, seatName, sheetsWaitedFor } from "../shell/words.js";

// Whose turn it is, the same for every board (the tests read it here).
export { myTurn };

const PLURAL = ["blanks", "ones", "twos", "threes", "fours", "fives", "sixes"];
export const HAND_TARGET = 70;

export function trumpWords(trump) {
  return `Trumps: ${PLURAL[trump] || numberWord(trump)}`;
}

// The choices of the seat to move: by tile (a double may be played plain or with honours), and the
// other moves (close, take the trump tile or the face-down one).
export function choicesByTile(v) {
  const byTile = new Map();
  const actions = [];
  if (!myTurn(v)) return { byTile, actions };
  for (const c of v.board.choices) {
    if (c.tile === null) actions.push(c);
    else byTile.set(c.tile, [...(byTile.get(c.tile) || []), c]);
  }
  return { byTile, actions };
}

// What lies in the middle: the tile led (and its answer, once the trick is full).
export function trickOnTable(v) {
  const t = v.board.on_table;
  if (!t) return [];
  return [{ seat: t.leader, tile: t.led, honours: t.led_honours }];
}

export function pointsLine(v) {
  const b = v.board;
  return [0, 1].map((seat) => ({
    seat,
    name: seatName(v, seat),
    points: b.points[seat],
    tricks: b.tricks_taken[seat],
    sets: b.sets[seat],
  }));
}

export function turnText(v, picked) {
  const b = v.board;
  if (!myTurn(v)) return sheetsWaitedFor(v) || `${v.seats[v.to_move].name} is thinking…`;
  if (picked) return `${picked}: play it plain or declare honours`;
  if (b.phase === "choose") return "Take the trump tile or the face-down tile";
  if (b.on_table) {
    const led = b.on_table.led;
    return b.must_follow ? `Answer ${led}: follow it if you can` : `Answer ${led} with any tile`;
  }
  const canClose = b.choices.some((c) => c.move === "close");
  return canClose ? "Your lead: play a tile, or close" : "Your lead: play a tile";
}

// The last move in words, from the view after it (the trick it completed is the last one taken).
export function describe(v, last) {
  const b = v.board;
  const who = seatName(v, last.seat);
  const you = last.seat === v.seat;
  const s = (verb) => (you ? verb : `${verb}s`);
  if (last.move === "close") return `${who} ${you ? "close" : "closes"}: the trump tile is turned down, nobody draws again`;
  if (last.move === "take-trump") return `${who} ${s("take")} the trump tile`;
  if (last.move === "take-hidden") return `${who} ${s("take")} the face-down tile`;
  const [tile] = last.move.split("+");
  const honours = last.move.includes("+") ? " and declared honours" : "";
  if (b.on_table && b.on_table.leader === last.seat) return `${who} led ${tile}${honours}`;
  const trick = b.last_trick;
  if (trick && trick.answer === tile) {
    const taker = trick.winner === v.seat ? "you take" : `${seatName(v, trick.winner)} takes`;
    return `${who} answered ${tile}${honours}: ${taker} the trick (${trick.points} points)`;
  }
  return `${who} played ${tile}${honours}`;
}

export function soundOf(move) {
  return move.startsWith("take") ? "take" : move === "close" ? "pass" : "play";
}

// How a hand ended, from its result (the last of board.results).
export function handTitle(v, r) {
  const name = (seat) => seatName(v, seat);
  const sets = (n) => `${n} set${n === 1 ? "" : "s"}`;
  if (!r) return "";
  if (r.ending === "reached") return `${name(r.winner)} reached ${HAND_TARGET} with ${r.points[r.winner]} points: ${sets(r.sets[r.winner])}`;
  if (r.ending === "closer-failed") return `${name(r.closed_by)} closed but fell short: ${name(r.winner)} ${r.winner === v.seat ? "win" : "wins"} ${sets(r.sets[r.winner])}`;
  if (r.ending === "match") return `${name(r.winner)} won the match with the bingo`;
  return "The tiles ran out with nobody at 70: no sets";
}

// The rows of the hand sheet: per player, what the hand gave.
export function sheetRows(v, r) {
  return [0, 1].map((seat) => ({
    name: seatName(v, seat),
    won: r.winner === seat,
    cells: [r.captures[seat], r.honours[seat], r.points[seat], r.sets[seat], r.totals[seat]],
  }));
}

// The match score: sets, not the points of the hand the board counts to 70, so the chip names them.
export const matchScores = (v) => ({ scores: v.board.sets, target: v.board.target, sides: [0, 1], score_unit: "sets" });

export const SHEET_HEAD = ["Player", "Tricks", "Honours", "Points", "Sets", "Match"];

export function infoItems(v) {
  const b = v.board;
  const items = [["Hand", b.hand_no]];
  items.push(["Boneyard", b.boneyard_size]);
  return items;
}

// A word over another player's name when they close (the trick shows their other moves).
export const bubbleOf = (v, last) => (last.move === "close" && last.seat !== v.seat ? { text: "Closes", score: false } : null);
