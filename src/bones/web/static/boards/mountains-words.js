// Mountains and Valleys' moves by the cells a player taps, and the map in words. Pure functions of
// the view (v.board is MountainsState.client_view), so node's test runner checks them.
import { myTurn, sheetsWaitedFor } from "../shell/words.js";

// Whose turn it is, the same for every board (the tests read it here).
export { myTurn };

// A placement written out: the server sends the dominoes that may be placed and the pairs of
// squares open to them (any domino on any pair, either way round), not the 1,800 moves of an empty map.
const placement = (tile, [first, second], a, b) => ({
  move: `${first}=${a},${second}=${b}`,
  kind: "place",
  source: tile,
  cells: [first, second],
  words: `${a} on ${first}, ${b} on ${second}`,
});

export function placements(v, tile) {
  const places = v.board.places || { tiles: [], slots: [] };
  if (!places.tiles.includes(tile)) return [];
  const [high, low] = tile.split(":").map(Number);
  return places.slots.flatMap((slot) => (low === high ? [placement(tile, slot, low, high)] : [placement(tile, slot, low, high), placement(tile, slot, high, low)]));
}

// Any legal move taken apart (a placement from its text, the others as the server words them).
export function choiceOf(v, move) {
  const placed = /^([a-f][1-6])=(\d),([a-f][1-6])=(\d)$/.exec(move || "");
  if (!placed) return v.board.choices.find((c) => c.move === move) || null;
  const [a, b] = [Number(placed[2]), Number(placed[4])];
  return placement(`${Math.max(a, b)}:${Math.min(a, b)}`, [placed[1], placed[3]], a, b);
}

// Per domino in hand, its moves (placements, or passing it on); and the other moves.
export function sources(v) {
  const tiles = new Map(), others = [];
  if (!myTurn(v)) return { tiles, others };
  for (const tile of (v.board.places || { tiles: [] }).tiles) tiles.set(tile, placements(v, tile));
  for (const c of v.board.choices) {
    if (c.kind === "pass") tiles.set(c.source, [...(tiles.get(c.source) || []), c]);
    else if (c.kind !== "lift") others.push(c);
  }
  return { tiles, others };
}

// The placements of ``tile`` that cover every tapped cell: the cells still glowing, the move once
// one is left, and the ones to ask in words when they lie on the same cells (the other way round).
export function narrow(v, tile, tapped = []) {
  const all = myTurn(v) ? placements(v, tile) : [];
  const left = all.filter((c) => tapped.every((cell) => c.cells.includes(cell)));
  const glow = new Set(left.flatMap((c) => c.cells).filter((cell) => !tapped.includes(cell)));
  return { glow, move: left.length === 1 ? left[0].move : null, ask: left.length > 1 && !glow.size ? left : [] };
}

export function liftAt(v, cell) {
  if (!myTurn(v)) return null;
  const c = v.board.choices.find((x) => x.kind === "lift" && x.cells[0] === cell);
  return c ? c.move : null;
}

export function turnText(v, picked) {
  if (!myTurn(v)) return v.status === "playing" ? sheetsWaitedFor(v) || `${v.seats[v.to_move].name} is thinking…` : "The map is finished";
  if (v.board.position.stage === "pass") return "Pass a domino to the player on your left: tap it";
  if (picked) return `Place ${picked}: tap the squares it covers`;
  return "Tap a domino to place it (or a placed one to lift it)";
}

export function cellWords(cell) {
  return cell.height === null ? `${cell.name}, empty` : `${cell.name}, height ${cell.height}`;
}

export function infoItems(v) {
  const placed = v.board.rows.flat().filter((c) => c.height !== null).length / 2;
  return [["Penalty (lower is better)", v.board.penalty], ["Placed", placed]];
}

// The squares covered in `now` that were empty in `before` (a partner's placements between views).
export function covered(before, now) {
  const was = new Map(before.board.rows.flat().map((c) => [c.name, c.height]));
  return now.board.rows.flat().filter((c) => c.height !== null && was.get(c.name) === null).map((c) => c.name);
}
