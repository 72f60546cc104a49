// Tetradominoes' moves by the cells a player taps, and its table in words. Pure functions of the
// view (v.board is TetraState.client_view), so node's test runner checks them.
import { myTurn, seatName, sheetsWaitedFor } from "../shell/words.js";

// Whose turn it is, the same for every board (the tests read it here).
export { myTurn };

export const key = (cell) => `${cell[0]},${cell[1]}`;

// What the seat may choose from: dominoes in hand, pieces of the pool (by side), other moves.
export function sources(v) {
  const tiles = new Map(), pieces = new Map(), actions = [];
  if (!myTurn(v)) return { tiles, pieces, actions };
  for (const c of v.board.choices) {
    if (c.kind === "domino") tiles.set(c.source, [...(tiles.get(c.source) || []), c]);
    else if (c.kind === "tetromino") pieces.set(c.source, [...(pieces.get(c.source) || []), c]);
    else actions.push(c);
  }
  return { tiles, pieces, actions };
}

// The moves of ``source`` that cover every tapped cell: the cells that still glow, and the move
// once one is left (several left on the same cells: the choice is asked in words).
export function narrow(v, source, tapped = []) {
  const { tiles, pieces } = sources(v);
  const all = tiles.get(source) || pieces.get(source) || [];
  const want = tapped.map(key);
  const left = all.filter((c) => want.every((k) => c.cells.some((cell) => key(cell) === k)));
  const glow = new Set();
  for (const c of left) for (const cell of c.cells) if (!want.includes(key(cell))) glow.add(key(cell));
  const move = left.length === 1 ? left[0].move : null;
  const ask = left.length > 1 && glow.size === 0 ? left : [];
  return { left, glow, move, ask };
}

export function turnText(v, pick = {}) {
  if (!myTurn(v)) return sheetsWaitedFor(v) || `${v.seats[v.to_move].name} is thinking…`;
  const b = v.board;
  if (pick.source) {
    const piece = pick.source.includes("/");
    return piece ? `Lay ${pick.source.replace("/", ", ")} side up: tap the cells it covers` : `Play ${pick.source}: tap the cells it goes on`;
  }
  if (b.phase === "tetromino") return "Lay a tetromino on the domino you played (tap a piece), or skip";
  if (b.phase === "domino") {
    const { tiles } = sources(v);
    return tiles.size ? "Play a domino: tap a glowing one in your hand" : "Nothing fits: show two dominoes and draw, or pass";
  }
  if (b.phase === "offer" || b.phase === "answer") return "Trade a domino, or keep yours";
  if (b.phase === "return") return "Put a domino back in the pile";
  return "Your turn";
}

export function infoItems(v) {
  const b = v.board;
  return [["Pile", b.pile_size], ["Pieces left", b.pool.length]];
}

export function scores(v) {
  const b = v.board;
  return { scores: b.counts, target: null, sides: b.sides };
}

export function cellWords(v, cell) {
  let text = `row ${cell.row}, column ${cell.col}: ${cell.number}`;
  if (cell.cover) text += `, under ${cell.cover.seat === v.seat ? "your" : `${seatName(v, cell.cover.seat)}'s`} ${cell.cover.piece} (${cell.cover.colour})`;
  return text;
}

// The cells a move covers, from its notation: a tetromino's four (``J/light@0,1 1,1 1,2 1,3``),
// else none (a domino's cells are the view's last_cells).
export function tetrominoCells(move) {
  const m = /^[A-Z]\/\w+@(.+)$/.exec(move || "");
  return m ? m[1].trim().split(/\s+/).map((cell) => cell.split(",").map(Number)) : [];
}

// The game's words for a move, with a domino's place on the grid left out ("Lily plays 4:5@-1,-1v." says
// "Lily plays 4:5"): the board marks where it went, and the grid's coordinates and way (">" across, "v" down)
// are the terminal's notation.
export function moveText(text) {
  return (text || "").replace(/(\d+:\d+)@-?\d+,-?\d+[>v]?/g, "$1").replace(/\.$/, "");
}

// A word over another player's name for a move the grid does not show (what is laid there is seen).
const UNSEEN = [["pass", "Pass"], ["skip", "Skips"], ["keep", "Keeps"], ["reveal ", "Shows two, draws"],
  ["give ", "Trades"], ["return ", "Puts one back"], ["discard ", "Discards"]];

export function bubbleOf(v, last) {
  if (last.seat === v.seat) return null;
  const found = UNSEEN.find(([head]) => (head.endsWith(" ") ? last.move.startsWith(head) : last.move === head));
  return found ? { text: found[1], score: false } : null;
}
